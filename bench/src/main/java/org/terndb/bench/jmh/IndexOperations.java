package org.terndb.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Masstree against {@code ConcurrentSkipListMap<byte[], Object>} (unsigned order), through the same
 * {@link org.terndb.bench.index.IndexUnderTest} calls as {@code tern bench index}: gets of loaded keys,
 * inserts of fresh keys, forward scans of 100 entries. The {@code index} parameter picks the structure,
 * so each fork loads and runs only one of them. {@link IndexSingleThread} and {@link IndexTwoThreads}
 * run these with 1 and 2 threads.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public abstract class IndexOperations {
    static final int SCAN_LENGTH = 100;

    @Benchmark
    public Object get(LoadedIndex index, ThreadCursor cursor) {
        return index.structure.get(cursor.existingKey());
    }

    @Benchmark
    public Object insert(LoadedIndex index, ThreadCursor cursor) {
        byte[] key = cursor.freshKey();
        return index.structure.putIfAbsent(key, key);
    }

    @Benchmark
    public int scan100(LoadedIndex index, ThreadCursor cursor) {
        return index.structure.scanForward(cursor.existingKey(), SCAN_LENGTH);
    }
}
