package org.terndb.txn;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** The protocols a database can be opened with, by name. */
public final class Protocols {
    private static final Map<String, Function<TxnOptions, ConcurrencyControl>> FACTORIES = new LinkedHashMap<>();

    static {
        FACTORIES.put("silo", org.terndb.txn.silo.SiloConcurrencyControl::new);
        FACTORIES.put("tictoc", org.terndb.txn.tictoc.TicTocConcurrencyControl::new);
        FACTORIES.put("mocc", org.terndb.txn.mocc.MoccConcurrencyControl::new);
        FACTORIES.put("2pl-wait", org.terndb.txn.twopl.TwoPlConcurrencyControl::waiting);
        FACTORIES.put("2pl-nowait", org.terndb.txn.twopl.TwoPlConcurrencyControl::noWait);
        FACTORIES.put("si", org.terndb.txn.si.SiConcurrencyControl::new);
        FACTORIES.put("ermia", org.terndb.txn.ermia.ErmiaConcurrencyControl::new);
        FACTORIES.put("silo+sse", org.terndb.txn.sse.SseConcurrencyControl::new);
        FACTORIES.put("mvto", org.terndb.txn.mvto.MvtoConcurrencyControl::new);
        FACTORIES.put("mvto-async", org.terndb.txn.mvto.MvtoConcurrencyControl::async);
        FACTORIES.put("mvto+sse", org.terndb.txn.mvto.MvtoConcurrencyControl::withSse);
        FACTORIES.put("mvto-async+sse", org.terndb.txn.mvto.MvtoConcurrencyControl::asyncWithSse);
    }

    private Protocols() {
    }

    /** Protocol names in a stable order. */
    public static java.util.Set<String> names() {
        return java.util.Collections.unmodifiableSet(FACTORIES.keySet());
    }

    /** Creates a protocol instance; unknown names fail with a message listing the valid ones. */
    public static ConcurrencyControl create(String name, TxnOptions options) {
        Function<TxnOptions, ConcurrencyControl> f = name == null ? null : FACTORIES.get(name.toLowerCase(java.util.Locale.ROOT));
        if (f == null) {
            throw new IllegalArgumentException("unknown protocol '" + name + "'; valid protocols: "
                    + String.join(", ", FACTORIES.keySet()));
        }
        return f.apply(options == null ? TxnOptions.defaults() : options);
    }

    public static ConcurrencyControl create(String name) {
        return create(name, TxnOptions.defaults());
    }
}
