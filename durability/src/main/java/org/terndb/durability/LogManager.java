package org.terndb.durability;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.terndb.txn.CommitLog;
import org.terndb.txn.DurabilityException;
import org.terndb.txn.common.EpochManager;

/**
 * The commit log of a file database: per-worker buffers, logger threads, and the durable epoch (SiloR §4.2).
 *
 * <p><b>Durable epoch.</b> Each logger publishes the mark of the last block it fsynced: every record of its stream
 * with an epoch at or below it is on disk. The database's durable epoch is the smallest mark of all loggers; a
 * {@code sync} commit is acknowledged once it reaches the commit's epoch. A logger takes its mark from the epoch
 * manager's safe epoch, read before it drains the buffers: a worker appends its records while it still announces
 * its epoch and leaves the announcement afterwards, so a worker that announces nothing has appended everything
 * (the logger sees its records, as the release of the announcement orders them before), and one that announces e
 * commits in e or later; every epoch the committers read at their serialization point is at least the global
 * epoch, which the logger read first. Idle workers hold nothing back. Loggers without records still write a small
 * mark block when another stream's records or a waiting committer need their mark to move, because recovery
 * takes the smallest mark found on disk.
 */
final class LogManager implements CommitLog {
    private static final Logger LOG = Logger.getLogger(LogManager.class.getName());

    private final Path dir;
    private final FileIo io;
    private final DurabilityOptions options;
    private final EpochManager epochs;
    private final long generation;
    final TableIds tableIds;
    private final LogWriter[] loggers;
    private final AtomicInteger assign = new AtomicInteger();
    private final boolean sync;
    private final long flushNanos;

    private volatile long durable;
    /** The largest epoch someone waits to see durable (committers, checkpoints, close). */
    private final AtomicLong requested = new AtomicLong();
    /** Like requested, for waiters that always advance the epoch (checkpoints, close). */
    private final AtomicLong forced = new AtomicLong();
    /** The largest epoch of a record any logger wrote: every stream's mark has to get there. */
    private final AtomicLong dataEpoch = new AtomicLong();
    private final Object monitor = new Object();
    private volatile DurabilityException failure;
    private volatile boolean logged; // some worker appended a record since the open

    LogManager(Path dir, FileIo io, DurabilityOptions options, EpochManager epochs, long generation,
               TableIds tableIds) {
        this.dir = dir;
        this.io = io;
        this.options = options;
        this.epochs = epochs;
        this.generation = generation;
        this.tableIds = tableIds;
        this.sync = options.mode() == DurabilityOptions.Mode.SYNC;
        this.flushNanos = options.logFlushMillis() * 1_000_000L;
        this.loggers = new LogWriter[options.logThreads()];
        for (int i = 0; i < loggers.length; i++) {
            loggers[i] = new LogWriter(this, i);
        }
    }

    void start() throws IOException {
        for (LogWriter l : loggers) {
            l.start();
        }
    }

    @Override
    public Buffer newBuffer() {
        LogWriter l = loggers[Math.floorMod(assign.getAndIncrement(), loggers.length)];
        WorkerLog w = new WorkerLog(this, l, options.logBufferBytes());
        l.buffers.add(w);
        return w;
    }

    // ---------------------------------------------------------------- waiting for durability

    /** A commit of {@code epoch} ended: sync waits until the epoch is durable, async returns at once. */
    void awaitCommit(long epoch) {
        if (sync) {
            await(epoch, false);
        }
    }

    /**
     * Whether a commit of {@code epoch} may be acknowledged now ({@link #awaitCommit} would return at once); if not,
     * asks the loggers for the epoch as a waiting committer does. Throws if the log failed.
     */
    boolean commitDurable(long epoch) {
        if (!sync || durable >= epoch) {
            return true;
        }
        checkWritable();
        if (requested.get() < epoch) {
            requested.accumulateAndGet(epoch, Math::max);
            for (LogWriter l : loggers) {
                l.wake();
            }
        }
        return false;
    }

    /** Waits until {@code epoch} is durable; {@code force}: advance the epoch whatever the options say. */
    void await(long epoch, boolean force) {
        if (durable >= epoch) {
            return;
        }
        requested.accumulateAndGet(epoch, Math::max);
        if (force) {
            forced.accumulateAndGet(epoch, Math::max);
        }
        for (LogWriter l : loggers) {
            l.wake();
        }
        synchronized (monitor) {
            while (durable < epoch) {
                DurabilityException f = failure;
                if (f != null) {
                    throw new DurabilityException("the commit was not made durable: " + f.getMessage(), f);
                }
                try {
                    monitor.wait(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new DurabilityException("interrupted while waiting for the log to become durable", e);
                }
            }
        }
    }

    /** A logger fsynced a block: the durable epoch may have moved. */
    void published() {
        long d = Long.MAX_VALUE;
        for (LogWriter l : loggers) {
            d = Math.min(d, l.writtenMark());
        }
        boolean moved;
        synchronized (monitor) {
            moved = d > durable;
            if (moved) {
                durable = d;
                monitor.notifyAll();
            }
        }
    }

    long durableEpoch() {
        return durable;
    }

    /** A worker appends its first record (once per worker). */
    void logged() {
        logged = true;
    }

    /** The largest epoch a committer, checkpoint or close waits for. */
    long requested() {
        return requested.get();
    }

    /** The epoch loggers must mark durable next. */
    long need() {
        return Math.max(requested.get(), dataEpoch.get());
    }

    void dataEpoch(long epoch) {
        dataEpoch.accumulateAndGet(epoch, Math::max);
    }

    /** Whether loggers advance the epoch for waiting committers now (sync_advance_epoch, or a forced wait). */
    boolean advancesEpoch() {
        return options.syncAdvanceEpoch() || forced.get() >= epochs.current();
    }

    // ---------------------------------------------------------------- failures

    void checkWritable() {
        DurabilityException f = failure;
        if (f != null) {
            throw f;
        }
    }

    DurabilityException failure() {
        return failure;
    }

    /** An I/O error: the database refuses writes from now on; waiting committers are told. */
    void fail(String what, Throwable cause) {
        String reason = cause.getMessage() == null ? cause.toString() : cause.getMessage();
        DurabilityException f = new DurabilityException(what + " failed: " + reason + "; the database refuses "
                + "writes from now on (reads still work, nothing acknowledged was lost): free disk space or fix the "
                + "permissions, then reopen the database", cause);
        synchronized (monitor) {
            if (failure == null) {
                failure = f;
                LOG.log(Level.SEVERE, f.getMessage(), cause);
            }
            monitor.notifyAll();
        }
    }

    // ---------------------------------------------------------------- for loggers and the checkpointer

    Path dir() {
        return dir;
    }

    FileIo io() {
        return io;
    }

    DurabilityOptions options() {
        return options;
    }

    EpochManager epochs() {
        return epochs;
    }

    long generation() {
        return generation;
    }

    int streams() {
        return loggers.length;
    }

    long flushNanos() {
        return flushNanos;
    }

    /**
     * How long after the previous sync round began a sync round for waiting committers may be held back so more
     * commits share its fsync: group_commit_us while another transaction runs (it may commit into the group), else 0
     * (nobody could join: waiting would only add latency); 0 for forced waits (checkpoint, close).
     */
    long groupCommitNanos() {
        long gap = options.groupCommitNanos();
        if (gap == 0 || forced.get() >= epochs.current() || !epochs.anyInside()) {
            return 0;
        }
        return gap;
    }

    LogWriter[] loggers() {
        return loggers;
    }

    long bytesWritten() {
        return sum(LogWriter::bytesWritten);
    }

    long syncs() {
        return sum(LogWriter::syncs);
    }

    long writeNanos() {
        return sum(LogWriter::writeNanos);
    }

    long syncNanos() {
        return sum(LogWriter::syncNanos);
    }

    /** A counter summed over the loggers (reports, not the commit path). */
    private long sum(ToLongFunction<LogWriter> counter) {
        long n = 0;
        for (LogWriter l : loggers) {
            n += counter.applyAsLong(l);
        }
        return n;
    }

    /** Makes everything committed so far durable (bounded wait), then stops the loggers. */
    void close(long timeoutMillis) {
        try {
            if (failure == null && logged) {
                Thread waiter = new Thread(() -> {
                    try {
                        await(epochs.current(), true);
                    } catch (DurabilityException e) {
                        // reported by fail() already
                    }
                }, "tern-log-close");
                waiter.setDaemon(true);
                waiter.start();
                waiter.join(timeoutMillis);
                if (waiter.isAlive()) {
                    LOG.warning("closing the log: commits of the last epoch did not become durable within "
                            + timeoutMillis + " ms (a transaction is still open and holds the epoch back)");
                }
            }
            for (LogWriter l : loggers) {
                l.stop(timeoutMillis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
