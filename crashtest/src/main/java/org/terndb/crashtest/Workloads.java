package org.terndb.crashtest;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/** The crash-test workloads by name. Add one line to register another. */
public final class Workloads {
    private static final Map<String, Supplier<CrashWorkload>> ALL = new LinkedHashMap<>();

    static {
        ALL.put("ledger", LedgerWorkload::new);
        ALL.put("tpcc", TpccCrashWorkload::new);
    }

    private Workloads() {
    }

    public static CrashWorkload create(String name) {
        Supplier<CrashWorkload> s = ALL.get(name);
        if (s == null) {
            throw new IllegalArgumentException("unknown workload '" + name + "'; valid workloads: "
                    + String.join(", ", ALL.keySet()));
        }
        return s.get();
    }

    public static Iterable<String> names() {
        return ALL.keySet();
    }
}
