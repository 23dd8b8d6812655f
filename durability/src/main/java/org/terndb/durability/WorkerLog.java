package org.terndb.durability;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import org.terndb.txn.CommitLog;
import org.terndb.txn.Table;

/**
 * One worker's log buffer (SiloR §4.1): the worker writes each redo record straight into its single-producer
 * {@link LogRing} in direct memory (no allocation per record); its logger drains it. A record longer than a
 * quarter of the ring goes through a queue instead (rare, and allocated). The order of records inside a stream
 * does not matter (recovery keeps each key's newest version); only the durable epoch's guarantee does.
 */
final class WorkerLog implements CommitLog.Buffer {
    private final LogManager manager;
    final LogWriter logger;
    private final int capacity;
    private volatile LogRing ring; // created on the first append: read-only workers cost no memory
    private final ConcurrentLinkedQueue<byte[]> oversized = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;

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
        LogFormat.putRecord(r.buffer, at, id, key, row, epoch, stamp);
        r.publish(length);
    }

    @Override
    public void awaitDurable(long epoch) {
        manager.awaitCommit(epoch);
    }

    @Override
    public boolean isDurable(long epoch) {
        return manager.commitDurable(epoch);
    }

    /** Logger thread: hands every published record (ring, then oversized) to {@code sink}; returns how many. */
    int drain(LogRing.Sink sink) {
        int n = 0;
        LogRing r = ring;
        if (r != null) {
            n += r.drain(sink);
        }
        byte[] big;
        while ((big = oversized.poll()) != null) {
            ByteBuffer b = ByteBuffer.wrap(big).order(LogFormat.ORDER);
            sink.record(b, 0, big.length);
            sink.copy(b, 0, big.length);
            n++;
        }
        return n;
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
