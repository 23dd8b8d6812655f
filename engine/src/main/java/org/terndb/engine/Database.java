package org.terndb.engine;

import java.util.concurrent.atomic.AtomicBoolean;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.planner.PlanCache;
import org.terndb.planner.Planner;
import org.terndb.planner.PlannerWarmUp;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;

/**
 * An open in-memory database: its concurrency-control protocol (with the tables), catalog, planner and
 * plan cache. Sessions ({@link #openSession()}) run statements. Nothing is durable yet: closing the database
 * drops its data.
 */
public final class Database implements AutoCloseable {
    private final DatabaseConfig config;
    private final ConcurrencyControl cc;
    private final Planner planner;
    private final Catalog catalog;
    private final DdlExecutor ddl;
    private final AtomicBoolean closed = new AtomicBoolean();

    private Database(DatabaseConfig config) {
        this.config = config;
        this.cc = Protocols.create(config.protocol(), config.txnOptions());
        this.planner = new Planner(config.planCacheSize());
        this.catalog = new Catalog(version -> planner.cache().evictOlderThan(version));
        this.ddl = new DdlExecutor(catalog, cc);
    }

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

    /** Stops the protocol's background threads and drops the data. Idempotent. */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            cc.close();
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
