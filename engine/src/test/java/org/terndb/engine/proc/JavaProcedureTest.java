package org.terndb.engine.proc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.engine.Database;
import org.terndb.engine.DatabaseConfig;
import org.terndb.engine.Session;
import org.terndb.executor.TernSqlException;

/** Procedures written in Java: same parameters, transaction, rollback and retry rules as SQL procedures. */
class JavaProcedureTest {
    private Database db;
    private Session s;

    /** Moves an amount between accounts; signals when the source has too little. */
    public static final class Transfer implements JavaProcedure {
        @Override
        public void call(ProcedureContext c) {
            Object[] from = c.queryRow("SELECT balance FROM account WHERE id = ?", c.parameter(1));
            if (from == null) {
                throw c.signal("02000", "no account " + c.parameter(1));
            }
            long amount = (Long) c.parameter(3);
            c.update("UPDATE account SET balance = balance - ? WHERE id = ?", amount, c.parameter(1));
            c.update("UPDATE account SET balance = balance + ? WHERE id = ?", amount, c.parameter(2));
            if ((Long) from[0] < amount) {
                throw c.signal("45000", "insufficient funds");
            }
            c.setParameter(4, (Long) from[0] - amount);
            c.returnRows("SELECT id, balance FROM account ORDER BY id");
        }
    }

    /** Increments a counter; the first attempt lets another thread change the row between its read and write. */
    public static final class RacingIncrement implements JavaProcedure {
        static final AtomicInteger ATTEMPTS = new AtomicInteger();
        static volatile Runnable interference;

        @Override
        public void call(ProcedureContext c) {
            long n = (Long) c.queryRow("SELECT n FROM counter WHERE id = 1")[0];
            if (ATTEMPTS.incrementAndGet() == 1) {
                interference.run();
            }
            c.update("UPDATE counter SET n = ? WHERE id = 1", n + 1);
        }
    }

    /** Not a procedure. */
    public static final class NotAProcedure {
    }

    /** Fails as Java code may. */
    public static final class Broken implements JavaProcedure {
        @Override
        public void call(ProcedureContext c) {
            c.update("UPDATE account SET balance = 0 WHERE id = 1");
            throw new IllegalStateException("bug");
        }
    }

    @BeforeEach
    void open() {
        db = Database.open(DatabaseConfig.of("proc-java", Map.of("protocol", "silo")));
        s = db.openSession();
        s.execute("CREATE TABLE account (id INT PRIMARY KEY, balance BIGINT NOT NULL)");
        s.execute("INSERT INTO account VALUES (1, 100), (2, 0)");
    }

    @AfterEach
    void close() {
        s.close();
        db.close();
    }

    private long balance(int id) {
        return ((Number) s.execute("SELECT balance FROM account WHERE id = ?", id).rows().get(0)[0]).longValue();
    }

    @Test
    void aJavaProcedureRunsItsStatementsInOneTransaction() {
        s.execute("CREATE PROCEDURE transfer (IN src INT, IN dst INT, IN amount BIGINT, OUT rest BIGINT) LANGUAGE JAVA "
                + "EXTERNAL NAME 'org.terndb.engine.proc.JavaProcedureTest$Transfer'");
        CallResult r = s.call(s.prepare("CALL transfer(1, 2, ?, ?)"), new Object[] {30, null}, new boolean[] {true, false});
        assertArrayEquals(new Object[] {null, 70L}, r.outValues());
        assertEquals(2, r.resultSets().get(0).rows().size());
        assertEquals(70, balance(1));

        TernSqlException e = assertThrows(TernSqlException.class, () -> s.execute("CALL transfer(1, 2, 500, ?)",
                (Object) null));
        assertEquals("45000", e.sqlState());
        assertEquals(70, balance(1), "the updates before the signal were rolled back");
        assertEquals("JAVA", db.catalog().procedures().find("TRANSFER").language().name());
    }

    @Test
    void aConflictAbortRunsTheJavaProcedureAgain() throws Exception {
        s.execute("CREATE TABLE counter (id INT PRIMARY KEY, n BIGINT NOT NULL)");
        s.execute("INSERT INTO counter VALUES (1, 0)");
        s.execute("CREATE PROCEDURE inc () LANGUAGE JAVA EXTERNAL NAME "
                + "'org.terndb.engine.proc.JavaProcedureTest$RacingIncrement'");
        RacingIncrement.ATTEMPTS.set(0);
        RacingIncrement.interference = () -> {
            CountDownLatch done = new CountDownLatch(1);
            Thread other = new Thread(() -> {
                try (Session o = db.openSession()) {
                    o.execute("UPDATE counter SET n = n + 100 WHERE id = 1");
                } finally {
                    done.countDown();
                }
            });
            other.start();
            try {
                assertTrue(done.await(30, TimeUnit.SECONDS));
            } catch (InterruptedException ex) {
                throw new IllegalStateException(ex);
            }
        };
        s.execute("CALL inc()");
        assertEquals(2, RacingIncrement.ATTEMPTS.get(), "Silo's validation failed the first attempt; it ran again");
        assertEquals(1, db.catalog().procedures().stats().retries());
        assertEquals(101L, s.execute("SELECT n FROM counter WHERE id = 1").rows().get(0)[0], "no update was lost");
    }

    @Test
    void badClassesAndJavaExceptionsAreReported() {
        TernSqlException missing = assertThrows(TernSqlException.class, () -> s.execute(
                "CREATE PROCEDURE p () LANGUAGE JAVA EXTERNAL NAME 'com.example.Nope'"));
        assertTrue(missing.getMessage().contains("cannot be loaded"), missing.getMessage());
        TernSqlException wrong = assertThrows(TernSqlException.class, () -> s.execute(
                "CREATE PROCEDURE p () LANGUAGE JAVA EXTERNAL NAME 'org.terndb.engine.proc.JavaProcedureTest$NotAProcedure'"));
        assertTrue(wrong.getMessage().contains("does not implement"), wrong.getMessage());
        assertNull(db.catalog().procedures().find("P"));

        s.execute("CREATE PROCEDURE broken () LANGUAGE JAVA EXTERNAL NAME 'org.terndb.engine.proc.JavaProcedureTest$Broken'");
        TernSqlException e = assertThrows(TernSqlException.class, () -> s.execute("CALL broken()"));
        assertEquals("38000", e.sqlState());
        assertTrue(e.getMessage().contains("bug"), e.getMessage());
        assertEquals(100, balance(1), "rolled back");
    }
}
