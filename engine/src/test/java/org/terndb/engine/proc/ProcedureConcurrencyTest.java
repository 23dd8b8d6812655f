package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.engine.Database;
import org.terndb.engine.DatabaseConfig;
import org.terndb.engine.Session;
import org.terndb.executor.TernSqlException;
import org.terndb.planner.PreparedPlan;
import org.terndb.txn.Protocols;

/**
 * Procedures under every protocol: concurrent transfers keep the bank's total, audits inside procedures see it
 * whole, and read-modify-write procedures on a hot row lose no update; the conflicts are retried inside the
 * engine and counted.
 */
class ProcedureConcurrencyTest {
    private static final int THREADS = 4;
    private static final int ACCOUNTS = 6;
    private static final long INITIAL = 1000;

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    private static Database open(String name, String protocol) {
        return Database.open(DatabaseConfig.of(name + "-" + protocol, Map.of("protocol", protocol,
                "autocommit_retries", "100000")));
    }

    private static void runThreads(int threads, ThreadBody body) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int id = t;
                futures.add(pool.submit(() -> {
                    body.run(id);
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @FunctionalInterface
    private interface ThreadBody {
        void run(int thread) throws Exception;
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void transfersInProceduresKeepTheTotal(String protocol) throws Exception {
        try (Database db = open("proc-bank", protocol)) {
            try (Session setup = db.openSession()) {
                setup.execute("CREATE TABLE account (id INT PRIMARY KEY, balance BIGINT NOT NULL)");
                for (int i = 0; i < ACCOUNTS; i++) {
                    setup.execute("INSERT INTO account VALUES (?, ?)", i, INITIAL);
                }
                setup.execute("""
                        CREATE PROCEDURE transfer (IN src INT, IN dst INT, IN amount BIGINT, OUT moved BIGINT)
                        BEGIN
                          DECLARE from_balance BIGINT;
                          SELECT balance INTO from_balance FROM account WHERE id = src FOR UPDATE;
                          IF from_balance IS NULL THEN
                            SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'no account ' || src;
                          END IF;
                          SET moved = CASE WHEN from_balance < amount THEN from_balance ELSE amount END;
                          UPDATE account SET balance = balance - moved WHERE id = src;
                          UPDATE account SET balance = balance + moved WHERE id = dst;
                        END""");
                String listing = db.catalog().procedures().compiled("TRANSFER", db.catalog().snapshot()).program()
                        .listing();
                assertEquals(2, listing.split("point update", -1).length - 1, listing); // both run without plans
                setup.execute("""
                        CREATE PROCEDURE audit (OUT total BIGINT, OUT accounts BIGINT)
                        BEGIN
                          SET total = 0;
                          FOR a AS SELECT balance FROM account DO
                            SET total = total + a.balance;
                          END FOR;
                          SET accounts = ROW_COUNT();
                        END""");
            }
            AtomicLong audits = new AtomicLong();
            AtomicLong transfers = new AtomicLong();
            runThreads(THREADS, thread -> {
                SplittableRandom random = new SplittableRandom(7 + thread);
                try (Session s = db.openSession()) {
                    PreparedPlan transfer = s.prepare("CALL transfer(?, ?, ?, ?)");
                    PreparedPlan audit = s.prepare("CALL audit(?, ?)");
                    for (int i = 0; i < 150; i++) {
                        if (random.nextInt(8) == 0) {
                            CallResult r = s.call(audit, new Object[2], new boolean[2]);
                            assertEquals(ACCOUNTS * INITIAL, r.outValues()[0], protocol + ": an audit saw the whole total");
                            assertEquals((long) ACCOUNTS, r.outValues()[1]);
                            audits.incrementAndGet();
                        } else {
                            int src = random.nextInt(ACCOUNTS);
                            int dst = (src + 1 + random.nextInt(ACCOUNTS - 1)) % ACCOUNTS;
                            s.call(transfer, new Object[] {src, dst, 1 + random.nextInt(300), null},
                                    new boolean[] {true, true, true, false});
                            transfers.incrementAndGet();
                        }
                    }
                }
            });
            try (Session check = db.openSession()) {
                assertEquals(ACCOUNTS * INITIAL, ((Number) check.execute("SELECT SUM(balance) FROM account").rows()
                        .get(0)[0]).longValue(), protocol + ": total after the transfers");
                assertEquals(0L, check.execute("SELECT COUNT(*) FROM account WHERE balance < 0").rows().get(0)[0]);
            }
            ProcedureStats stats = db.catalog().procedures().stats();
            assertEquals(audits.get() + transfers.get(), stats.commits(), stats.toString());
            assertEquals(0, stats.failures(), stats.toString());
            assertTrue(stats.retries() <= db.concurrencyControl().stats().aborts(),
                    "every retry follows an abort of the protocol: " + stats);
        }
    }

    /**
     * Read-modify-write of one row, with a loop between the read and the write to widen the window: concurrent
     * calls conflict, the engine retries them (counted), and no increment is lost.
     */
    @ParameterizedTest
    @MethodSource("protocols")
    void hotRowConflictsAreRetriedAndCounted(String protocol) throws Exception {
        int calls = 60;
        try (Database db = open("proc-hot", protocol)) {
            try (Session setup = db.openSession()) {
                setup.execute("CREATE TABLE counter (id INT PRIMARY KEY, n BIGINT NOT NULL)");
                setup.execute("INSERT INTO counter VALUES (1, 0)");
                setup.execute("""
                        CREATE PROCEDURE bump (IN spin INT)
                        BEGIN
                          DECLARE v BIGINT;
                          DECLARE i INT DEFAULT 0;
                          SELECT n INTO v FROM counter WHERE id = 1;
                          WHILE i < spin DO SET i = i + 1; END WHILE;
                          UPDATE counter SET n = v + 1 WHERE id = 1;
                        END""");
            }
            runThreads(THREADS, thread -> {
                try (Session s = db.openSession()) {
                    PreparedPlan bump = s.prepare("CALL bump(?)");
                    for (int i = 0; i < calls; i++) {
                        try {
                            s.call(bump, new Object[] {20_000}, null); // a window between the read and the write
                        } catch (TernSqlException e) {
                            throw new AssertionError(protocol + ": " + e.getMessage(), e);
                        }
                    }
                }
            });
            ProcedureStats stats = db.catalog().procedures().stats();
            try (Session check = db.openSession()) {
                assertEquals((long) THREADS * calls, check.execute("SELECT n FROM counter WHERE id = 1").rows().get(0)[0],
                        protocol + ": no increment was lost (" + stats + ")");
            }
            assertEquals((long) THREADS * calls, stats.commits());
            assertTrue(stats.retries() <= db.concurrencyControl().stats().aborts(), stats.toString());
            if (!protocol.equals("mocc") && !protocol.equals("2pl-wait")) {
                // Optimistic and no-wait protocols abort the losers of the race; MOCC locks hot rows and 2PL-Wait
                // makes them wait, so they may get by without an abort.
                assertTrue(stats.retries() > 0, protocol + ": conflicts were retried: " + stats);
            }
        }
    }
}
