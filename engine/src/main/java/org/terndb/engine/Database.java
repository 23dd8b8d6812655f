package org.terndb.engine;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.terndb.durability.CheckpointReport;
import org.terndb.durability.Durability;
import org.terndb.durability.RecoveryReport;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.meta.TableMeta;
import org.terndb.planner.PlanCache;
import org.terndb.planner.Planner;
import org.terndb.planner.PlannerWarmUp;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * An open database: its concurrency-control protocol (with the tables), catalog, planner and plan cache.
 * Sessions ({@link #openSession()}) run statements. An in-memory database drops its data when closed; a file
 * database ({@link DatabaseConfig#isFile()}) recovers its directory when opened (catalog, newest checkpoint,
 * log) and then logs commits as its {@code durability} option says ({@link Durability}).
 */
public final class Database implements AutoCloseable {
    private final DatabaseConfig config;
    private final ConcurrencyControl cc;
    private final Planner planner;
    private final Catalog catalog;
    private final DdlExecutor ddl;
    private final Durability durability; // null in memory
    private RecoveryReport recovery;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Database(DatabaseConfig config) {
        this.config = config;
        this.cc = Protocols.create(config.protocol(), config.txnOptions());
        this.planner = new Planner(config.planCacheSize());
        this.catalog = new Catalog(version -> planner.cache().evictOlderThan(version), config.compileProcedures());
        this.durability = config.isFile() ? openDirectory(config) : null;
        this.ddl = new DdlExecutor(catalog, cc, durability);
        if (durability != null) {
            try {
                recover();
            } catch (RuntimeException | Error e) {
                close();
                throw e;
            }
        }
    }

    private Durability openDirectory(DatabaseConfig config) {
        try {
            return Durability.open(config.path(), config.durability());
        } catch (IOException e) {
            cc.close();
            throw new TernSqlException(SqlState.CONNECTION_FAILURE, "cannot open database " + config.path() + ": "
                    + e.getMessage(), e);
        }
    }

    /** Replays the DDL history, loads the rows, moves row-id counters past the loaded ids, starts logging. */
    private void recover() {
        try (Session s = new Session(this)) {
            durability.replayCatalog(s::execute);
        } catch (RuntimeException e) {
            throw new TernSqlException(SqlState.CONNECTION_FAILURE, "cannot recover database " + config.path() + ": "
                    + e.getMessage(), e);
        }
        try {
            recovery = durability.recover(cc);
            for (TableMeta t : catalog.snapshot().tables()) {
                if (t.hasRowId()) {
                    t.advanceRowIds(maxRowId(t));
                }
            }
            durability.start(cc);
        } catch (IOException e) {
            throw new TernSqlException(SqlState.CONNECTION_FAILURE, "cannot recover database " + config.path() + ": "
                    + e.getMessage(), e);
        }
    }

    private long maxRowId(TableMeta t) {
        byte[][] last = new byte[1][];
        try (Worker w = cc.newWorker()) {
            Transaction txn = w.begin();
            txn.scan(t.table().primary(), null, true, null, true, true, 1, (k, r) -> {
                last[0] = k;
                return false;
            });
            txn.abort();
        }
        return last[0] == null ? 0 : ((Number) TableMeta.rowIdCodec().decode(last[0])[0]).longValue();
    }

    /** What opening a file database recovered; null in memory. */
    public RecoveryReport recovery() {
        return recovery;
    }

    /** The durability layer of a file database; null in memory. */
    public Durability durability() {
        return durability;
    }

    /** Takes a checkpoint now (the CHECKPOINT statement): 0A000 unless this is a file database that writes. */
    public CheckpointReport checkpoint() {
        checkOpen();
        if (durability == null || config.durability().mode() == org.terndb.durability.DurabilityOptions.Mode.NONE) {
            throw new TernSqlException(SqlState.FEATURE_NOT_SUPPORTED, "CHECKPOINT needs a durable database: "
                    + (durability == null ? "this one is in memory (use jdbc:tern:file:PATH)"
                    : "this one was opened with durability=none, which writes nothing"));
        }
        try {
            return durability.checkpoint();
        } catch (IOException e) {
            throw new TernSqlException(IO_ERROR, "CHECKPOINT failed: " + e.getMessage(), e);
        }
    }

    /** A schema change outside the DDL executor (CREATE/DROP PROCEDURE): a file database records its text. */
    void schemaChanged(String sql) {
        if (durability != null) {
            durability.schemaChanged(sql);
        }
    }

    /** SQLState of I/O errors (class 58: system error). */
    static final String IO_ERROR = "58030";

    /** Opens a new, empty in-memory database; the first one in a JVM also starts warming the planner. */
    public static Database open(DatabaseConfig config) {
        PlannerWarmUp.startOnce();
        return new Database(config);
    }

    public String name() {
        return config.name();
    }

    public DatabaseConfig config() {
        return config;
    }

    public Catalog catalog() {
        return catalog;
    }

    public PlanCache planCache() {
        return planner.cache();
    }

    /** The protocol instance (for statistics and the kernel-level harness). */
    public ConcurrencyControl concurrencyControl() {
        return cc;
    }

    /** A new session: one per connection and thread of use. */
    public Session openSession() {
        checkOpen();
        return new Session(this);
    }

    public boolean isClosed() {
        return closed.get();
    }

    /**
     * Stops the protocol's background threads; an in-memory database drops its data, a file database makes
     * what was committed durable first and unlocks its directory. Idempotent.
     */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            try {
                if (durability != null) {
                    durability.close();
                }
            } finally {
                cc.close();
            }
        }
    }

    void checkOpen() {
        if (closed.get()) {
            throw new TernSqlException(SqlState.CONNECTION_CLOSED, "database " + config.name() + " is closed");
        }
    }

    Planner planner() {
        return planner;
    }

    DdlExecutor ddl() {
        return ddl;
    }
}
