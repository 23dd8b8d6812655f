package org.terndb.durability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.DurabilityException;
import org.terndb.txn.Table;
import org.terndb.txn.Worker;

/**
 * The durable side of a database directory, after SiloR (Zheng et al., OSDI'14): value logging per worker with
 * epochs as the unit of durability, fuzzy checkpoints while writers run, and recovery from the newest complete
 * checkpoint plus the log. Life cycle, driven by the engine:
 * <ol>
 *   <li>{@link #open}: creates the folder if needed, locks it (one opener per directory, across processes and
 *       within this JVM), drops half-written files and reads the catalog;</li>
 *   <li>{@link #replayCatalog}: the engine re-runs the DDL history (its DDL calls {@link #tableCreated} etc.,
 *       which then only bind tables to their durable ids);</li>
 *   <li>{@link #recover}: loads the rows;</li>
 *   <li>{@link #start}: from now on commits are logged (unless {@code durability=none}) and checkpoints run;</li>
 *   <li>{@link #close}: makes what was committed durable and releases the directory.</li>
 * </ol>
 * Files: {@code catalog.tcat} (the DDL history, replaced atomically), {@code log-*.tlog} (one stream per logger
 * thread, per generation = per open), {@code ckpt-*.tckp} (the newest checkpoint), {@code LOCK}.
 */
public final class Durability implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(Durability.class.getName());

    private final Path dir;
    private final DurabilityOptions options;
    private final FileIo io;
    private final DirectoryLock lock;
    private final CatalogFile catalog;
    private final TableIds tables = new TableIds();
    private final long generation;

    private CatalogFile.Entry replaying; // the catalog entry being replayed, or null
    private boolean replayUsed;
    private ConcurrencyControl cc;
    private LogManager log;
    private Thread checkpointer;
    private final LinkedBlockingQueue<CompletableFuture<CheckpointReport>> requests = new LinkedBlockingQueue<>();
    private volatile boolean closed;
    /** checkpoint_rate_kb in bytes per second (0: unlimited), changeable while the database runs. */
    private volatile long checkpointRateBytes;

    private Durability(Path dir, DurabilityOptions options, FileIo io, DirectoryLock lock, CatalogFile catalog,
                       long generation) {
        this.dir = dir;
        this.options = options;
        this.io = io;
        this.lock = lock;
        this.catalog = catalog;
        this.generation = generation;
        this.checkpointRateBytes = options.checkpointRateBytes();
    }

    /** Opens (creating if needed) and locks a database directory. */
    public static Durability open(Path dir, DurabilityOptions options) throws IOException {
        return open(dir, options, FileIo.DEFAULT);
    }

    static Durability open(Path dir, DurabilityOptions options, FileIo io) throws IOException {
        Files.createDirectories(dir);
        DirectoryLock lock = DirectoryLock.acquire(dir);
        try {
            Path real = dir.toRealPath();
            for (Path left : LogFiles.leftovers(real)) {
                LOG.fine("deleting " + left.getFileName() + ", left by a crash (half-written or covered; never read)");
                Files.deleteIfExists(left);
            }
            long generation = 0;
            for (LogFiles.Log l : LogFiles.logs(real)) {
                generation = Math.max(generation, l.generation());
            }
            for (LogFiles.Checkpoint c : LogFiles.checkpoints(real)) {
                generation = Math.max(generation, c.generation());
            }
            return new Durability(real, options, io, lock, CatalogFile.read(real), generation + 1);
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    public Path directory() {
        return dir;
    }

    public DurabilityOptions options() {
        return options;
    }

    // ---------------------------------------------------------------- catalog

    /**
     * Re-runs the catalog's DDL history in order with {@code execute} (the engine's DDL path, which reports the
     * tables it creates and drops back here).
     */
    public synchronized void replayCatalog(Consumer<String> execute) {
        for (CatalogFile.Entry e : catalog.entries()) {
            replaying = e;
            replayUsed = false;
            try {
                execute.accept(e.sql());
            } catch (RuntimeException ex) {
                throw new IllegalStateException("replaying the catalog of " + dir + " failed at '" + e.sql() + "': "
                        + ex.getMessage(), ex);
            } finally {
                replaying = null;
            }
            if (e.createdTable() != 0 && !replayUsed) {
                throw new IllegalStateException("replaying the catalog of " + dir + ": '" + e.sql()
                        + "' did not create its table again");
            }
        }
    }

    /**
     * A DDL statement created {@code table} (call before the table becomes visible to other sessions): gives it
     * a durable id and, outside replay, records the statement in the catalog file first. Throws
     * {@link DurabilityException} if the catalog cannot be written; the caller then undoes the DDL.
     */
    public synchronized void tableCreated(String sql, Table table) {
        if (replaying != null) {
            tables.bind(replaying.createdTable(), table);
            replayUsed = true;
            return;
        }
        int id = catalog.newTableId();
        record(new CatalogFile.Entry(sql, id, 0));
        tables.bind(id, table);
    }

    /** A DDL statement dropped {@code table}: its logged rows are ignored from now on. */
    public synchronized void tableDropped(String sql, Table table) {
        int id = 0;
        for (var e : tables.snapshot().entrySet()) {
            if (e.getValue() == table) {
                id = e.getKey();
            }
        }
        if (replaying == null) {
            record(new CatalogFile.Entry(sql, 0, id));
        }
        if (id != 0) {
            tables.unbind(id);
        }
    }

    /** Any other schema change (CREATE INDEX, ...): recorded in the catalog file. */
    public synchronized void schemaChanged(String sql) {
        if (replaying == null) {
            record(new CatalogFile.Entry(sql, 0, 0));
        }
    }

    private void record(CatalogFile.Entry e) {
        if (options.mode() == DurabilityOptions.Mode.NONE) {
            catalog.add(e); // kept in memory only: durability=none writes nothing
            return;
        }
        if (log != null) {
            log.checkWritable();
        }
        catalog.add(e);
        try {
            catalog.write(io, dir);
        } catch (IOException ex) {
            catalog.removeLast(); // the file keeps the old history; so does memory
            throw new DurabilityException("writing the catalog file " + dir.resolve(CatalogFile.NAME) + " failed: "
                    + ex.getMessage() + "; the schema change was not made", ex);
        }
    }

    // ---------------------------------------------------------------- recovery and running

    /** Loads the rows: the newest complete checkpoint plus the durable log. Call after {@link #replayCatalog}. */
    public synchronized RecoveryReport recover(ConcurrencyControl cc) throws IOException {
        RecoveryReport r = new Recovery(dir, tables, cc).run(generation);
        LOG.fine(() -> "recovered " + dir + ": " + r);
        return r;
    }

    /** Starts logging commits (unless durability=none) and the background checkpoints. */
    public synchronized void start(ConcurrencyControl cc) throws IOException {
        if (this.cc != null) {
            throw new IllegalStateException("durability of " + dir + " already started");
        }
        this.cc = cc;
        if (options.mode() == DurabilityOptions.Mode.NONE) {
            return;
        }
        log = new LogManager(dir, io, options, cc.epochs(), generation, tables);
        cc.setCommitLog(log);
        log.start();
        checkpointer = new Thread(this::runCheckpoints, "tern-checkpoint");
        checkpointer.setDaemon(true);
        checkpointer.start();
    }

    /** Takes a checkpoint now and returns when it is published (the CHECKPOINT statement). */
    public CheckpointReport checkpoint() throws IOException {
        if (log == null) {
            throw new IllegalStateException(options.mode() == DurabilityOptions.Mode.NONE
                    ? "durability=none writes nothing, so there is nothing to checkpoint; open the database with "
                    + "durability=sync or async" : "the database is not running");
        }
        CompletableFuture<CheckpointReport> f = new CompletableFuture<>();
        requests.add(f);
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for the checkpoint", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IOException io) {
                throw new IOException(io.getMessage(), io);
            }
            if (c instanceof RuntimeException r) {
                throw r;
            }
            throw new IOException(String.valueOf(c), c);
        }
    }

    private void runCheckpoints() {
        Worker worker = cc.newWorker();
        CheckpointWriter writer = new CheckpointWriter(log, cc, worker, tables, () -> checkpointRateBytes);
        long interval = options.checkpointIntervalSeconds() * 1000L;
        try {
            while (!closed) {
                CompletableFuture<CheckpointReport> request;
                try {
                    request = interval > 0 ? requests.poll(interval, TimeUnit.MILLISECONDS) : requests.take();
                } catch (InterruptedException e) {
                    if (closed) {
                        break;
                    }
                    continue;
                }
                if (closed) {
                    if (request != null) {
                        request.completeExceptionally(new IOException("the database is closing"));
                    }
                    break;
                }
                List<CompletableFuture<CheckpointReport>> waiting = new ArrayList<>();
                if (request != null) {
                    waiting.add(request);
                }
                requests.drainTo(waiting);
                try {
                    if (log.failure() != null) {
                        throw new IOException(log.failure().getMessage());
                    }
                    CheckpointReport report = writer.write();
                    LOG.fine(() -> "checkpoint " + report);
                    waiting.forEach(f -> f.complete(report));
                } catch (IOException | RuntimeException e) {
                    if (!closed) {
                        LOG.log(Level.WARNING, "checkpoint of " + dir + " failed: " + e.getMessage(), e);
                    }
                    waiting.forEach(f -> f.completeExceptionally(e));
                } catch (Error e) {
                    waiting.forEach(f -> f.completeExceptionally(e)); // no CHECKPOINT statement waits forever
                    throw e;
                }
            }
        } finally {
            worker.close();
            CompletableFuture<CheckpointReport> f;
            while ((f = requests.poll()) != null) {
                f.completeExceptionally(new IOException("the database is closing"));
            }
        }
    }

    /**
     * Changes the checkpoint write rate limit ({@code checkpoint_rate_kb}, KiB/s; 0: unlimited) from the next block a
     * checkpoint writes on.
     */
    public void checkpointRateKb(long kibPerSecond) {
        if (kibPerSecond < 0) {
            throw new IllegalArgumentException("checkpoint_rate_kb must be 0 (unlimited) or more; got " + kibPerSecond);
        }
        checkpointRateBytes = kibPerSecond * 1024;
    }

    /** The checkpoint write rate limit in KiB/s (0: unlimited). */
    public long checkpointRateKb() {
        return checkpointRateBytes / 1024;
    }

    /**
     * Waits until every commit of {@code epoch} and the epochs before it is on disk, advancing the epoch if it
     * must (CREATE UNIQUE INDEX waits so before it records itself). Returns at once while commits are not logged
     * (before {@link #start}, or with durability=none). Throws {@link DurabilityException} if the log failed.
     */
    public void awaitDurable(long epoch) {
        LogManager l = log;
        if (l != null) {
            l.await(epoch, true);
        }
    }

    /** The newest epoch whose commits are all on disk (0 before the first). */
    public long durableEpoch() {
        return log == null ? 0 : log.durableEpoch();
    }

    /** Bytes written to log files since this open. */
    public long logBytesWritten() {
        return log == null ? 0 : log.bytesWritten();
    }

    /** Log blocks fsynced since this open (group commits, plus the marks loggers write for them). */
    public long logSyncs() {
        return log == null ? 0 : log.syncs();
    }

    /** Nanoseconds the loggers spent in log writes since this open (all loggers together). */
    public long logWriteNanos() {
        return log == null ? 0 : log.writeNanos();
    }

    /** Nanoseconds the log streams spent in fsyncs since this open (all streams together; beside the writes). */
    public long logSyncNanos() {
        return log == null ? 0 : log.syncNanos();
    }

    /** The generation this open writes. */
    public long generation() {
        return generation;
    }

    /** Null while the log works; otherwise why the database refuses writes. */
    public DurabilityException failure() {
        return log == null ? null : log.failure();
    }

    /** Makes everything committed durable, stops the threads and unlocks the directory. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (checkpointer != null) {
                checkpointer.interrupt();
                checkpointer.join(30_000);
            }
            if (log != null) {
                log.close(10_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            lock.close();
        }
    }
}
