package org.terndb.bench.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.terndb.bench.index.IndexUnderTest;
import org.terndb.bench.index.KeySpace;

/** One index (Masstree or skip list) loaded once per fork with keys {@code [0, keys)} of a {@link KeySpace}. */
@State(Scope.Benchmark)
public class LoadedIndex {
    static final long SEED = 1;

    @Param({"masstree", "skiplist"})
    public String index;

    @Param({"8", "24"})
    public int keyBytes;

    @Param("1000000")
    public int keys;

    IndexUnderTest structure;
    KeySpace space;

    @Setup(Level.Trial)
    public void load() {
        space = new KeySpace(keyBytes, SEED);
        structure = IndexUnderTest.named(index);
        for (long i = 0; i < keys; i++) {
            byte[] key = space.key(i);
            if (structure.putIfAbsent(key, key) != null) {
                throw new IllegalStateException(index + " reported distinct key " + i + " as present");
            }
        }
        if (structure.size() != keys) {
            throw new IllegalStateException(index + " holds " + structure.size() + " keys after loading " + keys);
        }
    }
}
