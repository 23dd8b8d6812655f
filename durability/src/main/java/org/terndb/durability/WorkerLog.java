package org.terndb.durability;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import org.terndb.txn.CommitLog;
import org.terndb.txn.Table;

/**
 * One worker's log buffer (SiloR §4.1): the worker writes each redo record straight into its single-producer
 * {@link LogRing} in direct memory (no allocation per record); its logger writes the records to the file from
 * there and then releases them. A record longer than a quarter of the ring goes through a queue instead (rare, and
 * allocated). The order of records inside a stream does not matter (recovery keeps each key's newest version); only
 * the durable epoch's guarantee does.
 */
final class WorkerLog implements CommitLog.Buffer {
    private final LogManager manager;
    final LogWriter logger;
    private final int capacity;
    private volatile LogRing ring; // created on the first append: read-only workers cost no memory
    private final ConcurrentLinkedQueue<byte[]> oversized = new ConcurrentLinkedQueue<>();
    // Logger thread only: the ring and position its last collect reached.
    private LogRing collectedRing;
    private long collected;
    private volatile boolean closed;
    private ByteBuffer scratch; // the worker's: a record that wraps around the ring's end is built here

    WorkerLog(LogManager manager, LogWriter logger, int capacity) {
        this.manager = manager;
        this.logger = logger;
        this.capacity = capacity;
    }

    @Override
    public void checkWritable() {
        manager.checkWritable();
    }

    @Override
    public void append(Table table, byte[] key, byte[] row, long epoch, long stamp) {
        int id = manager.tableIds.durableId(table);
        if (id == 0) {
            return; // the table was dropped: recovery would skip the record anyway
        }
        int length = LogFormat.recordLength(key, row);
        LogRing r = ring;
        if (r == null) {
            r = ring = new LogRing(capacity);
            manager.logged();
        }
        if (length > r.maxRecord()) {
            ByteBuffer b = ByteBuffer.allocate(length).order(LogFormat.ORDER);
            LogFormat.putRecord(b, 0, id, key, row, epoch, stamp);
            oversized.add(b.array());
            return;
        }
        int at;
        for (int spins = 0; (at = r.claim(length)) < 0; spins++) {
            // Full: the logger is behind. Wake it and wait (backpressure); our epoch slot keeps the mark back.
            manager.checkWritable();
            logger.wake();
            if (spins < 64) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(20_000);
            }
        }
        if (at + length <= r.capacity()) {
            LogFormat.putRecord(r.buffer, at, id, key, row, epoch, stamp);
        } else {
            wrapped(r, at, length, id, key, row, epoch, stamp);
        }
        if (r.publish(length, epoch)) {
            logger.wake(); // half full: drained (and written, not necessarily synced) before we have to wait
        }
    }

    /** A record that runs past the ring's end: built aside, then copied in two pieces (once per ring turn). */
    private void wrapped(LogRing r, int at, int length, int id, byte[] key, byte[] row, long epoch, long stamp) {
        ByteBuffer s = scratch;
        if (s == null || s.capacity() < length) {
            s = scratch = ByteBuffer.allocate(Math.max(length, 4096)).order(LogFormat.ORDER);
        }
        LogFormat.putRecord(s, 0, id, key, row, epoch, stamp);
        int first = r.capacity() - at;
        r.buffer.put(at, s, 0, first);
        r.buffer.put(0, s, first, length - first);
    }

    @Override
    public void awaitDurable(long epoch) {
        manager.awaitCommit(epoch);
    }

    @Override
    public boolean isDurable(long epoch) {
        return manager.commitDurable(epoch);
    }

    /**
     * Logger thread: hands every published record (ring, then oversized) and the segments holding them to
     * {@code sink}; once they are written, {@link #release} gives the ring's space back to the worker.
     */
    void collect(LogRing.Sink sink) {
        LogRing r = ring;
        if (r != null) {
            collectedRing = r;
            collected = r.collect(sink);
        }
        byte[] big;
        while ((big = oversized.poll()) != null) {
            ByteBuffer b = ByteBuffer.wrap(big).order(LogFormat.ORDER);
            sink.records(1, b.getLong(LogFormat.REC_EPOCH));
            sink.segment(b);
        }
    }

    /** Logger thread: what the last {@link #collect} handed out is written. */
    void release() {
        LogRing r = collectedRing;
        if (r != null && collected != r.head()) {
            r.release(collected);
        }
    }

    /** Closed and nothing left to drain: the logger may forget it. */
    boolean finished() {
        LogRing r = ring;
        return closed && (r == null || r.size() == 0) && oversized.isEmpty();
    }

    @Override
    public void close() {
        closed = true;
        logger.wake();
    }
}
