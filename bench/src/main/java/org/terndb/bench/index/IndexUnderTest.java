package org.terndb.bench.index;

/**
 * The operations the index benchmarks time, over one concurrent ordered map of {@code byte[]} keys in
 * unsigned lexicographic order. The harness and the JMH benchmarks both go through this, so both
 * measure exactly the same calls.
 */
public interface IndexUnderTest {
    /** Short name used in option values, JMH parameters and JSON field names. */
    String name();

    /** Name for people: "Masstree", "skip list". */
    String displayName();

    Object get(byte[] key);

    /** Returns the existing value, or null when {@code key} was inserted. */
    Object putIfAbsent(byte[] key, Object value);

    Object remove(byte[] key);

    /** Visits up to {@code limit} entries from {@code from} (inclusive) upward; returns how many. */
    int scanForward(byte[] from, int limit);

    long size();

    static IndexUnderTest masstree() {
        return new MasstreeIndex();
    }

    static IndexUnderTest skipList() {
        return new SkipListIndex();
    }

    /** {@code name} is "masstree" or "skiplist". */
    static IndexUnderTest named(String name) {
        return switch (name) {
            case "masstree" -> masstree();
            case "skiplist" -> skipList();
            default -> throw new IllegalArgumentException("no index named " + name + "; use masstree or skiplist");
        };
    }
}
