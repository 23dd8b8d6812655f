package org.terndb.bench.ycsb;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.terndb.cli.CommandFailedException;
import org.terndb.storage.masstree.Masstree;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;
import org.terndb.txn.common.Backoff;

/**
 * One YCSB worker thread's client: it generates each transaction's operations (CCBench's per-transaction
 * procedure: {@code opsPerTxn} keys from the Zipf generator, each a read with probability {@code readRatio}
 * and otherwise a write), runs the transaction until it commits, retrying the same operations after every
 * abort, and counts what happened while the run is in its timed phase.
 *
 * <p>Steady state allocates nothing: keys come from the shared {@link YcsbData#keys} table, written rows
 * from a per-thread pool of pre-built rows (rows are immutable once handed over, so a pooled row may be the
 * committed value of several records at once), and a read copies the row into a per-thread buffer ({@link
 * Transaction#readInto}), as CCBench's read copies the payload out.
 */
final class YcsbClient {
    private static final VarHandle COMMITS;

    static {
        try {
            COMMITS = MethodHandles.lookup().findVarHandle(YcsbClient.class, "commits", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int threadIndex;
    private final YcsbSettings settings;
    private final byte[][] keys;
    private final ZipfGenerator zipf;
    private final SplittableRandom random;
    private final RunPhase phase;

    private final int[] recordIds;
    private final boolean[] writes;
    private final byte[][] writeRows;
    private final byte[] readBuffer;
    private final long longTxnDelayNanos;

    // Results of the timed phase.
    final Histogram latencyNanos = new Histogram(YcsbRunner.HIGHEST_LATENCY_NANOS, 3);
    final long[] abortsByReason = new long[AbortReason.all().length];
    long commits;          // written by this client only; opaque stores so the per-second sampler may read it
    long omittedWrites;
    long installedWrites;
    private long readChecksum;

    /**
     * @param phase the run's phase, read after every transaction
     * @param streamSeed the same for the same thread index in every run, so every protocol (and the baseline)
     *        sees the same operation stream
     */
    YcsbClient(int threadIndex, YcsbSettings settings, YcsbData data, ZipfGenerator zipf, long streamSeed,
               RunPhase phase) {
        this.threadIndex = threadIndex;
        this.settings = settings;
        this.keys = data.keys;
        this.zipf = zipf;
        this.random = new SplittableRandom(streamSeed);
        this.phase = phase;
        int ops = settings.opsPerTxn();
        this.recordIds = new int[ops];
        this.writes = new boolean[ops];
        this.writeRows = new byte[ops][];
        for (int i = 0; i < ops; i++) {
            byte[] row = new byte[settings.payload()];
            for (int b = 0; b < row.length; b++) {
                row[b] = (byte) (threadIndex * 31 + i + b);
            }
            writeRows[i] = row;
        }
        this.readBuffer = new byte[settings.payload()];
        this.longTxnDelayNanos = threadIndex == 0 ? settings.longTxnDelayMicros() * 1_000L : 0;
    }

    /** The next transaction's operations (CCBench's makeProcedure). */
    void nextTransaction() {
        double readRatio = settings.readRatio();
        for (int i = 0; i < recordIds.length; i++) {
            recordIds[i] = zipf.next(random);
            writes[i] = random.nextDouble() >= readRatio;
        }
    }

    /** Runs transactions through a protocol until the phase says stop. */
    void runProtocol(Worker worker, Table table, String protocol) {
        boolean rmw = settings.readModifyWrite();
        long omittedAtStart = -1;
        long installedAtStart = 0;
        int p;
        while ((p = phase.get()) != RunPhase.STOP) {
            if (p == RunPhase.MEASURE && omittedAtStart < 0) {
                omittedAtStart = worker.stats().omittedWrites();
                installedAtStart = worker.stats().installedWrites();
            }
            nextTransaction();
            long start = System.nanoTime();
            boolean committed = false;
            while (true) {
                Transaction txn = worker.begin();
                try {
                    for (int i = 0; i < recordIds.length; i++) {
                        byte[] key = keys[recordIds[i]];
                        if (!writes[i]) {
                            if (txn.readInto(table, key, readBuffer) < 0) {
                                throw missing(protocol, "a read", i);
                            }
                            readChecksum += readBuffer[0];
                        } else {
                            // A blind write (the default) does not read the record: write-omission protocols (SSE)
                            // may omit it. With --rmw it reads first, which makes it a read-modify-write.
                            boolean updated;
                            if (rmw) {
                                consume(txn.readForUpdate(table, key), protocol, i);
                                updated = txn.update(table, key, writeRows[i]);
                            } else {
                                updated = txn.updateBlind(table, key, writeRows[i]);
                            }
                            if (!updated) {
                                throw missing(protocol, "an update", i);
                            }
                        }
                    }
                    longTransactionDelay();
                    txn.commit();
                    committed = true;
                    break;
                } catch (TransactionAbortedException e) {
                    int now = phase.get();
                    if (now == RunPhase.MEASURE) {
                        abortsByReason[e.reason().ordinal()]++;
                    } else if (now == RunPhase.STOP) {
                        break;   // the run is over: give up this transaction rather than retry it
                    }
                    worker.backoff();
                }
            }
            if (committed && phase.get() == RunPhase.MEASURE) {
                record(start);
            }
        }
        if (omittedAtStart >= 0) {
            omittedWrites = worker.stats().omittedWrites() - omittedAtStart;
            installedWrites = worker.stats().installedWrites() - installedAtStart;
        }
    }

    /** Runs the same operation stream straight on a Masstree: no concurrency control, nothing can abort. */
    void runBaseline(Masstree<byte[]> tree) {
        boolean rmw = settings.readModifyWrite();
        while (phase.get() != RunPhase.STOP) {
            nextTransaction();
            long start = System.nanoTime();
            for (int i = 0; i < recordIds.length; i++) {
                byte[] key = keys[recordIds[i]];
                if (!writes[i]) {
                    consume(tree.get(key), YcsbSettings.BASELINE, i);
                } else {
                    if (rmw) {
                        consume(tree.get(key), YcsbSettings.BASELINE, i);
                    }
                    if (tree.put(key, writeRows[i]) == null) {
                        throw missing(YcsbSettings.BASELINE, "a put", i);
                    }
                }
            }
            longTransactionDelay();
            if (phase.get() == RunPhase.MEASURE) {
                record(start);
            }
        }
    }

    private void record(long start) {
        COMMITS.setOpaque(this, commits + 1); // a plain store on x86; the sampler reads it with getOpaque
        latencyNanos.recordValue(Math.min(System.nanoTime() - start, YcsbRunner.HIGHEST_LATENCY_NANOS));
    }

    private void consume(byte[] row, String protocol, int op) {
        if (row == null) {
            throw missing(protocol, "a read", op);
        }
        System.arraycopy(row, 0, readBuffer, 0, Math.min(row.length, readBuffer.length));
        readChecksum += readBuffer[0];
    }

    /** A loaded record is never deleted, so not finding it is the system's bug: fail the run. */
    private CommandFailedException missing(String protocol, String what, int op) {
        return new CommandFailedException(protocol + ": " + what + " of loaded record " + recordIds[op]
                + " found no row (thread " + threadIndex + ")");
    }

    /** The long-transaction hook: worker 0 stretches the end of its read phase (CCBench Fig. 14). */
    private void longTransactionDelay() {
        if (longTxnDelayNanos == 0) {
            return;
        }
        if (longTxnDelayNanos < 1_000_000) {
            Backoff.spinMicros((int) (longTxnDelayNanos / 1_000));
        } else {
            // Sleep rather than spin for a millisecond or more: on a small machine a spinning long transaction
            // would take a core away from the short ones it is meant to interfere with only through its data.
            long end = System.nanoTime() + longTxnDelayNanos;
            long left;
            while ((left = end - System.nanoTime()) > 0) {
                LockSupport.parkNanos(left);
            }
        }
    }

    /** Commits of the timed phase so far, readable from another thread (the per-second sampler). */
    long commitsSoFar() {
        return (long) COMMITS.getOpaque(this);
    }

    /** Keeps the read copies observable so the JIT cannot drop them. */
    long readChecksum() {
        return readChecksum;
    }
}
