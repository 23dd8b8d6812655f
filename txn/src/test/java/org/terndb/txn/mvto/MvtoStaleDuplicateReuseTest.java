package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.mvto.MvtoFixture.EAGER_GC;
import static org.terndb.txn.mvto.MvtoFixture.assertAborts;
import static org.terndb.txn.mvto.MvtoFixture.beginAfter;
import static org.terndb.txn.mvto.MvtoFixture.record;
import static org.terndb.txn.mvto.MvtoFixture.ts;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.AbortReason;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.common.mvcc.Version;

/**
 * A duplicate key found after a stale read is a conflict even when the version read was collected and its object
 * reused meanwhile. A read holds its version object, not the version: once a newer version is committed below the
 * reader's timestamp the old one is garbage, and the record's inline version goes back to the record and heads the
 * chain again for a later write. Checking the read by walking the chain down to that object then stops at once at
 * the head, so the check must also compare the stamp the read saw (TPC-C New-Order under load: an order id read
 * from a district counter that another New-Order advanced and used, reported as a duplicate order key).
 */
class MvtoStaleDuplicateReuseTest {
    private final MvtoFixture mf = new MvtoFixture();

    @AfterEach
    void closeAll() {
        mf.close();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void aDuplicateAfterAReadWhoseVersionWasReusedIsAConflict(boolean sse) {
        MvtoConcurrencyControl cc = mf.fx.open(sse
                ? MvtoConcurrencyControl.asyncWithSse(EAGER_GC) : MvtoConcurrencyControl.async(EAGER_GC));
        Table counter = cc.createTable("counter");
        Table orders = cc.createTable("orders");
        assertTrue(cc.load(counter, key(1), amount(1))); // the loaded row is the record's inline version
        MvtoWorker w1 = mf.worker(cc);
        MvtoWorker w2 = mf.worker(cc);

        Transaction t2 = w2.begin();               // begins first: its writes go below t1's timestamp
        Transaction t1 = beginAfter(w1, t2, cc);
        MvtoVersion read = (MvtoVersion) record(counter, 1).headAcquire();
        long id = amount(t1.read(counter, key(1)));
        assertEquals(1, id);

        // t2 uses the same id and advances the counter; its version goes into the chain (the inline one is taken).
        assertEquals(1, amount(t2.read(counter, key(1))));
        assertTrue(t2.insert(orders, key((int) id), amount(id)));
        assertTrue(t2.update(counter, key(1), amount(id + 1)));
        t2.commit();

        // t1's read version is now superseded below every running timestamp: collected, and the inline version is
        // reused by the next write of the counter, heading the chain with a new stamp.
        Transaction t3 = beginAfter(w2, t1, cc);
        assertTrue(t3.update(counter, key(1), amount(id + 2)));
        t3.commit();
        assertSame(read, record(counter, 1).headAcquire(), "the collected inline version heads the chain again");
        assertTrue(Version.timestamp(read.stampAcquire()) > ts(t1));

        assertAborts(AbortReason.READ_VALIDATION_FAILED, () -> t1.insert(orders, key((int) id), amount(id)));
        assertFalse(t1.isActive());
    }
}
