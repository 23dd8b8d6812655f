package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.mvto.MvtoFixture.beginAfter;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ColumnRows.row;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ColumnRows.SetColumn;

/**
 * Partial blind writes on MVTO: the patch is applied to the committed version directly below its own in timestamp
 * order, and with write omission a patch is only omitted below a pivot that sets its columns. Rows are two longs.
 */
class MvtoPartialBlindWriteTest {
    private final MvtoFixture fx = new MvtoFixture();

    @AfterEach
    void close() {
        fx.close();
    }

    private byte[] readLatest(Worker w, Transaction after, MvtoConcurrencyControl cc, Table t, int k) {
        Transaction reader = beginAfter(w, after, cc);
        byte[] row = reader.read(t, key(k));
        reader.commit();
        return row;
    }

    @Test
    void patchTakesItsOtherColumnsFromTheVersionCommittedBelowIt() {
        MvtoConcurrencyControl cc = fx.async(TxnOptions.defaults());
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0, 0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction rmw = b.begin();
        byte[] seen = rmw.read(t, key(1));
        Transaction blind = beginAfter(a, rmw, cc);
        assertTrue(blind.updateBlind(t, key(1), new SetColumn(0, 1)));
        assertTrue(rmw.update(t, key(1), new SetColumn(1, 7).apply(seen)));
        rmw.commit(); // below blind's timestamp, committed after blind's updateBlind
        blind.commit(); // a read at blind's timestamp would have missed rmw's version and aborted here
        assertArrayEquals(row(1, 7), readLatest(b, blind, cc, t, 1), "both columns end updated");
    }

    @Test
    void patchOfARowDeletedBelowItAborts() {
        MvtoConcurrencyControl cc = fx.async(TxnOptions.defaults());
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0, 0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        Transaction deleter = b.begin();
        Transaction blind = beginAfter(a, deleter, cc);
        assertTrue(blind.updateBlind(t, key(1), new SetColumn(0, 1)));
        assertTrue(deleter.delete(t, key(1)));
        deleter.commit();
        assertThrows(TransactionAbortedException.class, blind::commit, "a blind write never brings a row back");
    }

    @Test
    void readingOwnPatchReadsTheVersionBelowAndValidatesIt() {
        MvtoConcurrencyControl cc = fx.async(TxnOptions.defaults());
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0, 5));
        Worker a = fx.worker(cc);
        Transaction tx = a.begin();
        assertTrue(tx.updateBlind(t, key(1), new SetColumn(0, 1)));
        assertArrayEquals(row(1, 5), tx.read(t, key(1)));
        tx.commit();
        assertArrayEquals(row(1, 5), readLatest(fx.worker(cc), tx, cc, t, 1));
    }

    // ---------------------------------------------------------------- mvto+sse: the pivot must cover the omission

    /** A long epoch: pivots must be written in the omitter's epoch, and no boundary falls inside a test. */
    private MvtoConcurrencyControl asyncSse() {
        return fx.fx.open(MvtoConcurrencyControl.asyncWithSse(TxnOptions.defaults().with("epoch_ms", "60000")));
    }

    private static boolean committedOmitted(Transaction tx) {
        tx.commit();
        return ((MvtoSseTransaction) tx).lastCommitOmitted();
    }

    @Test
    void patchBelowAPivotOfTheSameColumnIsOmittedAndBelowAnotherColumnIsNot() {
        MvtoConcurrencyControl cc = asyncSse();
        Table t = cc.createTable("t");
        cc.load(t, key(1), row(0, 0));
        cc.load(t, key(2), row(0, 0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);

        Transaction pivot = a.begin();
        assertTrue(pivot.updateBlind(t, key(1), new SetColumn(0, 1)));
        assertFalse(committedOmitted(pivot), "a loaded row is no pivot: the first blind write installs");
        Transaction same = b.begin();
        assertTrue(same.updateBlind(t, key(1), new SetColumn(0, 2)));
        assertTrue(committedOmitted(same), "just below a pivot that sets its column");
        assertArrayEquals(row(1, 0), readLatest(a, same, cc, t, 1));

        Transaction pivot2 = a.begin();
        assertTrue(pivot2.updateBlind(t, key(2), new SetColumn(1, 1)));
        assertFalse(committedOmitted(pivot2));
        Transaction other = b.begin();
        assertTrue(other.updateBlind(t, key(2), new SetColumn(0, 2)));
        assertFalse(committedOmitted(other), "the pivot sets column 1 only: column 0 would be lost below it");
        assertArrayEquals(row(2, 1), readLatest(a, other, cc, t, 2), "both columns end updated");

        Transaction whole = b.begin();
        assertTrue(whole.updateBlind(t, key(2), row(9, 9)));
        assertFalse(committedOmitted(whole), "the newest pivot is a patch of column 0: a whole row is not covered");
        assertArrayEquals(row(9, 9), readLatest(a, whole, cc, t, 2));
        assertEquals(1, cc.stats().omittedWrites());
    }
}
