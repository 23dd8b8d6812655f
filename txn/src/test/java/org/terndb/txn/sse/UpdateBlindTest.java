package org.terndb.txn.sse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ProtocolFixture.MANUAL_EPOCHS;
import static org.terndb.txn.silo.ProtocolFixture.read;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.AbortReason;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ProtocolFixture;
import org.terndb.txn.silo.SiloConcurrencyControl;

/**
 * {@link Transaction#updateBlind} semantics on Silo's blind path (silo and silo+sse), and the read-then-write
 * default every other protocol gets.
 */
class UpdateBlindTest {
    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    private ConcurrencyControl open(String protocol) {
        return fx.open(switch (protocol) {
            case "silo" -> new SiloConcurrencyControl(MANUAL_EPOCHS);
            case SseConcurrencyControl.NAME -> new SseConcurrencyControl(MANUAL_EPOCHS);
            default -> Protocols.create(protocol); // real epochs: mvto acknowledges a commit when its epoch closes
        });
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void missingOrDeletedRowIsNotFoundAndStaysAbsent(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = cc.createTable("t");
        cc.load(t, key(2), amount(2));
        Worker w = fx.worker(cc);
        Transaction d = w.begin();
        assertTrue(d.delete(t, key(2)));
        d.commit();
        Transaction tx = w.begin();
        assertFalse(tx.updateBlind(t, key(1), amount(1)), "never inserted");
        assertFalse(tx.updateBlind(t, key(2), amount(2)), "deleted");
        tx.commit();
        assertNull(read(w, t, 1));
        assertNull(read(w, t, 2));
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void rowDeletedBeforeCommitAbortsTheBlindUpdate(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        Worker w = fx.worker(cc);
        Worker other = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.updateBlind(t, key(1), amount(5)));
        Transaction d = other.begin();
        assertTrue(d.delete(t, key(1)));
        d.commit();
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class, tx::commit);
        assertEquals(AbortReason.READ_VALIDATION_FAILED, e.reason());
        assertNull(read(w, t, 1), "a blind update must not resurrect a deleted row");
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void blindUpdateDoesNotConflictWithAConcurrentUpdate(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        Worker w = fx.worker(cc);
        Worker other = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.updateBlind(t, key(1), amount(5)));
        Transaction u = other.begin();
        assertTrue(u.update(t, key(1), amount(7)));
        u.commit();
        tx.commit(); // nothing read, nothing to invalidate
        assertArrayEquals(amount(5), read(w, t, 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void readFirstMakesItAReadModifyWrite(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        Worker w = fx.worker(cc);
        Worker other = fx.worker(cc);
        Transaction tx = w.begin();
        assertArrayEquals(amount(1), tx.read(t, key(1)));
        assertTrue(tx.updateBlind(t, key(1), amount(5)));
        Transaction u = other.begin();
        assertTrue(u.update(t, key(1), amount(7)));
        u.commit();
        TransactionAbortedException e = assertThrows(TransactionAbortedException.class, tx::commit);
        assertEquals(AbortReason.READ_VALIDATION_FAILED, e.reason(), "a lost update must be caught");
        assertArrayEquals(amount(7), read(w, t, 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void ownWritesAreSeenAndCombined(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(1));
        cc.load(t, key(3), amount(3));
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.updateBlind(t, key(1), amount(5)));
        assertArrayEquals(amount(5), tx.read(t, key(1)));
        assertTrue(tx.updateBlind(t, key(1), amount(6)));
        assertTrue(tx.insert(t, key(2), amount(2)));
        assertTrue(tx.updateBlind(t, key(2), amount(20)));
        assertTrue(tx.delete(t, key(3)));
        assertFalse(tx.updateBlind(t, key(3), amount(30)), "deleted by this transaction");
        tx.commit();
        assertArrayEquals(amount(6), read(w, t, 1));
        assertArrayEquals(amount(20), read(w, t, 2));
        assertNull(read(w, t, 3));
    }

    @ParameterizedTest
    @ValueSource(strings = {"silo", SseConcurrencyControl.NAME})
    void tableWithSecondaryIndexFallsBackToUpdate(String protocol) {
        ConcurrencyControl cc = open(protocol);
        Table t = cc.createTable("t");
        Index byValue = cc.createIndex(t, "by_value", true, (pk, row) -> row.clone());
        cc.load(t, key(1), amount(1));
        Worker w = fx.worker(cc);
        Worker other = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.updateBlind(t, key(1), amount(5)));
        tx.commit();
        tx = w.begin();
        assertArrayEquals(amount(5), tx.read(byValue, amount(5)), "the index follows the new row");
        assertNull(tx.read(byValue, amount(1)), "and forgot the old one");
        tx.commit();

        tx = w.begin();
        assertTrue(tx.updateBlind(t, key(1), amount(6)));
        Transaction u = other.begin();
        assertTrue(u.update(t, key(1), amount(7)));
        u.commit();
        assertThrows(TransactionAbortedException.class, tx::commit, "the old row was read: not blind");
        if (cc instanceof SseConcurrencyControl) {
            assertEquals(0, cc.stats().omittedWrites());
        }
    }

    /** Protocols without a blind path get update's semantics (read, then write). */
    @Test
    void everyRegisteredProtocolImplementsUpdateBlind() {
        for (String name : Protocols.names()) {
            ConcurrencyControl cc = open(name);
            Table t = cc.createTable("t");
            cc.load(t, key(1), amount(1));
            Worker w = fx.worker(cc);
            Transaction tx = w.begin();
            assertTrue(tx.updateBlind(t, key(1), amount(5)), name);
            assertFalse(tx.updateBlind(t, key(2), amount(5)), name);
            tx.commit();
            assertArrayEquals(amount(5), read(w, t, 1), name);
            assertNull(read(w, t, 2), name);
        }
    }
}
