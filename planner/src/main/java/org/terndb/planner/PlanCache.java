package org.terndb.planner;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Plans by (statement text, catalog version), bounded. A lookup is one concurrent-map read and a clock
 * write; when the map grows past its bound, the least recently used tenth is evicted (approximate LRU by
 * a global use counter, good enough for a cache whose misses cost a millisecond).
 */
public final class PlanCache {
    /** The cache key: the exact statement text and the catalog version it was planned against. */
    record Key(String sql, long catalogVersion) {
    }

    private static final class Entry {
        final PreparedPlan plan;
        volatile long lastUse;

        Entry(PreparedPlan plan, long lastUse) {
            this.plan = plan;
            this.lastUse = lastUse;
        }
    }

    private final int capacity;
    private final ConcurrentHashMap<Key, Entry> entries = new ConcurrentHashMap<>();
    private final AtomicLong clock = new AtomicLong();
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    public PlanCache(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("plan cache capacity must be positive");
        }
        this.capacity = capacity;
    }

    /** The cached plan, or null (counted as a miss). */
    PreparedPlan get(String sql, long catalogVersion) {
        Entry e = entries.get(new Key(sql, catalogVersion));
        if (e == null) {
            misses.increment();
            return null;
        }
        hits.increment();
        e.lastUse = clock.incrementAndGet();
        return e.plan;
    }

    /** Adds a plan; returns the cached one if another thread added it first. */
    PreparedPlan put(PreparedPlan plan) {
        Entry e = entries.putIfAbsent(new Key(plan.sql(), plan.catalogVersion()),
                new Entry(plan, clock.incrementAndGet()));
        if (entries.size() > capacity) {
            evict();
        }
        return e == null ? plan : e.plan;
    }

    /** Drops plans made for catalog versions before {@code version} (they can never hit again). */
    public void evictOlderThan(long version) {
        entries.keySet().removeIf(k -> k.catalogVersion() < version);
    }

    private synchronized void evict() {
        int excess = entries.size() - capacity;
        if (excess <= 0) {
            return;
        }
        List<Map.Entry<Key, Entry>> all = new ArrayList<>(entries.entrySet());
        all.sort(Comparator.comparingLong(e -> e.getValue().lastUse));
        int n = Math.min(all.size(), excess + capacity / 10);
        for (int i = 0; i < n; i++) {
            entries.remove(all.get(i).getKey(), all.get(i).getValue());
        }
    }

    public int size() {
        return entries.size();
    }

    public int capacity() {
        return capacity;
    }

    public long hits() {
        return hits.sum();
    }

    public long misses() {
        return misses.sum();
    }
}
