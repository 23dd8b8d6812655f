package org.terndb.durability;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;

/**
 * A single-producer, single-consumer ring of log records in direct memory: the worker appends, its logger
 * drains. Records are contiguous (one that does not fit before the end leaves a padding marker and starts at
 * the beginning), so the logger copies runs of records with bulk copies. No allocation per record.
 *
 * <p>Written for TernDB instead of using Agrona's ring: Agrona 2.x reaches {@code jdk.internal.misc.Unsafe} and
 * fails to initialise unless every application embedding TernDB starts the JVM with
 * {@code --add-exports java.base/jdk.internal.misc=ALL-UNNAMED}.
 */
final class LogRing {
    /** Length word of a padding marker: the rest of the ring up to its end is unused. */
    private static final int PADDING = -1;

    private static final VarHandle TAIL;
    private static final VarHandle HEAD;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(LogRing.class, "tail", long.class);
            HEAD = l.findVarHandle(LogRing.class, "head", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final ByteBuffer buffer;
    private final int capacity;
    private final int mask;

    // The producer's and the consumer's positions (bytes ever appended / drained), a cache line apart.
    @SuppressWarnings("unused") private long p1, p2, p3, p4, p5, p6, p7;
    @SuppressWarnings("unused") private long tail; // written by the producer only (release)
    @SuppressWarnings("unused") private long q1, q2, q3, q4, q5, q6, q7;
    @SuppressWarnings("unused") private long head; // written by the consumer only (release)
    @SuppressWarnings("unused") private long r1, r2, r3, r4, r5, r6, r7;

    /** @param capacity a power of two */
    LogRing(int capacity) {
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.buffer = ByteBuffer.allocateDirect(capacity).order(LogFormat.ORDER);
    }

    /** The longest record the ring takes (longer ones go around it). */
    int maxRecord() {
        return capacity / 4;
    }

    /**
     * Producer: the buffer offset where a record of {@code length} bytes may be written now, or -1 if the ring
     * has no room (the consumer is behind). Follow with {@link #publish}.
     */
    int claim(int length) {
        long t = (long) TAIL.get(this); // our own field: plain
        int at = (int) (t & mask);
        int pad = capacity - at < length ? capacity - at : 0;
        long h = (long) HEAD.getAcquire(this); // acquire: the consumer is done reading what it released
        if (t + pad + length - h > capacity) {
            return -1;
        }
        if (pad > 0) {
            buffer.putInt(at, PADDING);
            TAIL.setRelease(this, t + pad); // release: the padding marker is visible before the new tail
            return 0;
        }
        return at;
    }

    /** Producer: the record written at the claimed offset is complete. */
    void publish(int length) {
        long t = (long) TAIL.get(this);
        TAIL.setRelease(this, t + length); // release: the record's bytes are visible before the new tail
    }

    /** Consumer: copies every published record to {@code sink}; returns how many. */
    int drain(Sink sink) {
        long h = (long) HEAD.get(this); // our own field: plain
        long t = (long) TAIL.getAcquire(this); // acquire: the bytes up to t are complete
        int n = 0;
        while (h < t) {
            int at = (int) (h & mask);
            if (buffer.getInt(at) == PADDING) {
                h += capacity - at; // the producer wrapped to the ring's start
                continue;
            }
            int pos = at;
            while (h + (pos - at) < t && pos < capacity) { // a run of whole records that does not wrap
                int length = buffer.getInt(pos);
                if (length == PADDING) {
                    break;
                }
                sink.record(buffer, pos, length);
                pos += length;
                n++;
            }
            sink.copy(buffer, at, pos - at);
            h += pos - at;
        }
        HEAD.setRelease(this, h); // release: our reads of the records are done before the producer reuses them
        return n;
    }

    /** Bytes appended and not yet drained. */
    long size() {
        return (long) TAIL.getAcquire(this) - (long) HEAD.getAcquire(this);
    }

    /** Where drained records go. */
    interface Sink {
        /** One record at {@code at} (for its header fields; the bytes come in {@link #copy}). */
        void record(ByteBuffer b, int at, int length);

        /** A run of whole records. */
        void copy(ByteBuffer b, int at, int length);
    }
}
