package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/** API misuse fails at once with the right exception and a message that names the problem, for every protocol. */
class MisuseTest {
    private static final byte[] KEY = Bytes.ints(1);
    private static final byte[] ROW = Bytes.ints(42);

    private static Table table(ConcurrencyControl cc) {
        Table t = cc.createTable("misuse");
        cc.load(t, KEY, ROW);
        return t;
    }

    private static void assertIllegalState(Executable op, String mentions) {
        IllegalStateException e = assertThrows(IllegalStateException.class, op);
        assertNotNull(e.getMessage());
        assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains(mentions),
                "message should mention '" + mentions + "': " + e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void usingATransactionAfterCommitFailsNamingTheCommit(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol); Worker w = cc.newWorker()) {
            Table table = table(cc);
            Transaction t = w.begin();
            t.read(table, KEY);
            t.commit();
            assertFalse(t.isActive());
            assertIllegalState(() -> t.read(table, KEY), "committed");
            assertIllegalState(() -> t.update(table, KEY, ROW), "committed");
            assertIllegalState(() -> t.insert(table, Bytes.ints(2), ROW), "committed");
            assertIllegalState(() -> t.delete(table, KEY), "committed");
            assertIllegalState(() -> t.scan(table.primary(), null, true, null, true, false, 0, (k, r) -> true),
                    "committed");
            assertIllegalState(t::commit, "committed");
            Transaction next = w.begin(); // the worker is usable again
            assertEquals(42, Bytes.getInt(next.read(table, KEY), 0));
            next.commit();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void usingATransactionAfterAbortFailsNamingTheAbort(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol); Worker w = cc.newWorker()) {
            Table table = table(cc);
            Transaction t = w.begin();
            t.update(table, KEY, Bytes.ints(7));
            t.abort();
            assertFalse(t.isActive());
            assertDoesNotThrow(t::abort, "abort of an aborted transaction is a no-op");
            assertIllegalState(() -> t.read(table, KEY), "aborted (user_abort)");
            assertIllegalState(t::commit, "aborted");
            Transaction next = w.begin();
            assertEquals(42, Bytes.getInt(next.read(table, KEY), 0), "the aborted update must not be visible");
            next.commit();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void beginningWhileATransactionIsActiveFails(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol); Worker w = cc.newWorker()) {
            Table table = table(cc);
            Transaction t = w.begin();
            assertIllegalState(w::begin, "active");
            assertTrue(t.isActive(), "the failed begin must not end the running transaction");
            assertEquals(42, Bytes.getInt(t.read(table, KEY), 0));
            t.commit();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void aWorkerUsedFromASecondThreadFails(String protocol) throws InterruptedException {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol); Worker w = cc.newWorker()) {
            Table table = table(cc);
            Transaction t = w.begin();
            AtomicReference<Throwable> onBegin = new AtomicReference<>();
            AtomicReference<Throwable> onRead = new AtomicReference<>();
            Thread intruder = new Thread(() -> {
                try {
                    w.begin();
                } catch (Throwable e) {
                    onBegin.set(e);
                }
                try {
                    t.read(table, KEY);
                } catch (Throwable e) {
                    onRead.set(e);
                }
            }, "intruder");
            intruder.start();
            intruder.join(10_000);
            assertFalse(intruder.isAlive(), "a call from a second thread blocked instead of failing");
            for (Throwable e : new Throwable[] {onBegin.get(), onRead.get()}) {
                assertTrue(e instanceof IllegalStateException, "expected IllegalStateException, got " + e);
                assertTrue(e.getMessage().contains("thread"), "message should name the thread problem: " + e);
            }
            assertTrue(t.isActive());
            assertEquals(42, Bytes.getInt(t.read(table, KEY), 0));
            t.commit();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void nullKeysNullRowsAndInvertedScanBoundsAreRejected(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol); Worker w = cc.newWorker()) {
            Table table = cc.createTable("misuse");
            Index byValue = cc.createIndex(table, "by_value", false, (k, r) -> Bytes.concat(r, k));
            cc.load(table, KEY, ROW);
            Transaction t = w.begin();
            assertThrows(IllegalArgumentException.class, () -> t.read(table, null));
            assertThrows(IllegalArgumentException.class, () -> t.readForUpdate(table, null));
            assertThrows(IllegalArgumentException.class, () -> t.read(table.primary(), null));
            assertThrows(IllegalArgumentException.class, () -> t.insert(table, null, ROW));
            assertThrows(IllegalArgumentException.class, () -> t.insert(table, Bytes.ints(3), null));
            assertThrows(IllegalArgumentException.class, () -> t.update(table, null, ROW));
            assertThrows(IllegalArgumentException.class, () -> t.update(table, KEY, null));
            assertThrows(IllegalArgumentException.class, () -> t.delete(table, null));
            assertThrows(IllegalArgumentException.class,
                    () -> t.scan(table.primary(), Bytes.ints(9), true, Bytes.ints(3), true, false, 0, (k, r) -> true));
            assertThrows(IllegalArgumentException.class,
                    () -> t.scan(table.primary(), null, true, null, true, false, 0, null));
            assertThrows(IllegalArgumentException.class, () -> t.read(byValue, ROW), "point read via non-unique");
            assertTrue(t.isActive(), "a rejected argument must not end the transaction");
            assertEquals(42, Bytes.getInt(t.read(table, KEY), 0));
            t.commit();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.terndb.txn.correctness.ProtocolsUnderTest#names")
    void aClosedWorkerRefusesToBegin(String protocol) {
        try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
            Worker w = cc.newWorker();
            w.close();
            assertDoesNotThrow(w::close, "close is idempotent");
            assertIllegalState(w::begin, "closed");
        }
    }
}
