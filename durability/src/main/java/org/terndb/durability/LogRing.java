package org.terndb.durability;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * A single-producer, single-consumer ring of log records in direct memory: the worker appends, its logger
 * drains. A record may wrap around the ring's end (the file gets it whole: the logger writes the ring's bytes in
 * order), so what the logger drains is at most two byte ranges, which it writes to the file straight from the ring
 * (a gather write) and only then releases. The producer publishes its byte position and its record count in one
 * word, so the logger learns how many records a range holds without reading them. No allocation per record, no
 * copy but the worker's.
 *
 * <p>Written for TernDB instead of using Agrona's ring: Agrona 2.x reaches {@code jdk.internal.misc.Unsafe} and
 * fails to initialise unless every application embedding TernDB starts the JVM with
 * {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}.
 */
final class LogRing {
    /**
     * The published word: the low 36 bits of the bytes ever appended, and above them the low 28 bits of the
     * records ever appended. The consumer takes differences modulo those widths: a ring holds less than 2^36 bytes
     * and, at 32 bytes a record at least, less than 2^28 records (capacity at most 1 GiB).
     */
    private static final int BYTE_BITS = 36;
    private static final long BYTE_MASK = (1L << BYTE_BITS) - 1;
    private static final long COUNT_MASK = (1L << (64 - BYTE_BITS)) - 1;

    private static final VarHandle PUBLISHED;
    private static final VarHandle HEAD;
    private static final VarHandle LAST_EPOCH;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            PUBLISHED = l.findVarHandle(LogRing.class, "published", long.class);
            HEAD = l.findVarHandle(LogRing.class, "head", long.class);
            LAST_EPOCH = l.findVarHandle(LogRing.class, "lastEpoch", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final ByteBuffer buffer;
    private final int capacity;
    private final int mask;
    /** The consumer's two views of the buffer, one per range it hands out (created once). */
    private final ByteBuffer[] views = new ByteBuffer[2];

    // The producer's and the consumer's fields, a cache line apart.
    @SuppressWarnings("unused") private long p1, p2, p3, p4, p5, p6, p7;
    @SuppressWarnings("unused") private long published; // written by the producer only (release)
    @SuppressWarnings("unused") private long lastEpoch; // the largest epoch appended; producer only (release)
    private long tail; // producer only: bytes ever appended
    private long records; // producer only: records ever appended
    private long maxEpoch; // producer only: the largest epoch appended
    private long seenHead; // producer only: the consumer's position as last read, to see the ring pass half full
    @SuppressWarnings("unused") private long q1, q2, q3, q4, q5, q6, q7;
    @SuppressWarnings("unused") private long head; // written by the consumer only (release)
    private long consumedRecords; // consumer only
    @SuppressWarnings("unused") private long r1, r2, r3, r4, r5, r6, r7;

    /** @param capacity a power of two, at most 1 GiB */
    LogRing(int capacity) {
        if (Integer.bitCount(capacity) != 1 || capacity > 1 << 30) {
            throw new IllegalArgumentException("a log ring's capacity is a power of two up to 1 GiB: " + capacity);
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.buffer = ByteBuffer.allocateDirect(capacity).order(LogFormat.ORDER);
        this.views[0] = buffer.duplicate();
        this.views[1] = buffer.duplicate();
    }

    int capacity() {
        return capacity;
    }

    /** The longest record the ring takes (longer ones go around it). */
    int maxRecord() {
        return capacity / 4;
    }

    /**
     * Producer: the buffer offset where a record of {@code length} bytes may be written now, or -1 if the ring
     * has no room (the consumer is behind). The record continues at offset 0 if it does not fit before the end.
     * Follow with {@link #publish}.
     */
    int claim(int length) {
        long h = (long) HEAD.getAcquire(this); // acquire: the consumer is done reading what it released
        seenHead = h;
        if (tail + length - h > capacity) {
            return -1;
        }
        return (int) (tail & mask);
    }

    /**
     * Producer: the record of {@code epoch} written at the claimed offset is complete. Returns true once per
     * filling, when this record took the ring past half full: the caller wakes the consumer then, so that it drains
     * before the ring is full and the producer has to wait.
     */
    boolean publish(int length, long epoch) {
        long t = tail;
        tail = t + length;
        records++;
        if (epoch > maxEpoch) {
            maxEpoch = epoch;
            LAST_EPOCH.setRelease(this, epoch); // before the word below: whoever sees the record sees its epoch
        }
        // release: the record's bytes are visible before the word that counts them
        PUBLISHED.setRelease(this, (tail & BYTE_MASK) | (records << BYTE_BITS));
        long half = capacity >> 1;
        return t - seenHead < half && tail - seenHead >= half;
    }

    /**
     * Consumer: hands the published records to {@code sink} (how many, an upper bound of their epochs, and the at
     * most two ranges of the buffer that hold them, as views); returns the position to {@link #release} once the
     * ranges are written. The views stay valid until the next {@code collect}.
     */
    long collect(Sink sink) {
        long h = (long) HEAD.get(this); // our own field: plain
        long word = (long) PUBLISHED.getAcquire(this); // acquire: the bytes it counts are complete
        long epoch = (long) LAST_EPOCH.getAcquire(this); // at least the epoch of every record the word counts
        long bytes = (word - h) & BYTE_MASK;
        if (bytes == 0) {
            return h;
        }
        int count = (int) (((word >>> BYTE_BITS) - consumedRecords) & COUNT_MASK);
        consumedRecords += count;
        sink.records(count, epoch);
        int at = (int) (h & mask);
        int first = (int) Math.min(bytes, capacity - at);
        ByteBuffer v = views[0];
        v.limit(at + first).position(at);
        sink.segment(v);
        if (first < bytes) {
            v = views[1];
            v.limit((int) (bytes - first)).position(0);
            sink.segment(v);
        }
        return h + bytes;
    }

    /** Consumer: the records up to {@code position} (from {@link #collect}) are written; their room is free again. */
    void release(long position) {
        HEAD.setRelease(this, position); // release: our reads of the records are done before the producer reuses them
    }

    /** Consumer: the position up to which records were released. */
    long head() {
        return (long) HEAD.get(this);
    }

    /** Consumer: bytes appended and not yet released. */
    long size() {
        return ((long) PUBLISHED.getAcquire(this) - (long) HEAD.get(this)) & BYTE_MASK;
    }

    /** Where collected records go. */
    interface Sink {
        /** The segments that follow hold {@code count} whole records, none of an epoch above {@code maxEpoch}. */
        void records(int count, long maxEpoch);

        /** A range of record bytes, from the view's position to its limit; written before the ring is released. */
        void segment(ByteBuffer view);
    }
}
