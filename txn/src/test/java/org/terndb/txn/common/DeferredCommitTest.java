package org.terndb.txn.common;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ProtocolFixture.MANUAL_EPOCHS;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.CommitLog;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.DurabilityException;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ProtocolFixture;

/**
 * {@link Transaction#commitDeferred()}: the commit ends without waiting for its epoch to become durable and says
 * which epoch to wait for; {@link Worker#isDurable} and {@link Worker#awaitDurable} tell when it may be
 * acknowledged. A fake log makes epochs durable only when the test says so: its {@code awaitDurable} fails instead
 * of blocking on an epoch that is not durable, so a commit that waited would fail the test.
 */
class DeferredCommitTest {
    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    /** A sync log whose durable epoch moves only by {@link #makeDurable}; records appends and waits. */
    static final class ManualLog implements CommitLog {
        long durable;
        final List<Long> appendedEpochs = new ArrayList<>();
        final List<Long> awaited = new ArrayList<>();
        int isDurableCalls;

        void makeDurable(long epoch) {
            durable = Math.max(durable, epoch);
        }

        @Override
        public Buffer newBuffer() {
            return new Buffer() {
                @Override
                public void checkWritable() {
                }

                @Override
                public void append(Table table, byte[] key, byte[] row, long epoch, long stamp) {
                    appendedEpochs.add(epoch);
                }

                @Override
                public void awaitDurable(long epoch) {
                    awaited.add(epoch);
                    if (durable < epoch) {
                        throw new DurabilityException("the test log would block: epoch " + epoch + " is not durable", null);
                    }
                }

                @Override
                public boolean isDurable(long epoch) {
                    isDurableCalls++;
                    return durable >= epoch;
                }

                @Override
                public void close() {
                }
            };
        }
    }

    private ConcurrencyControl open(String protocol, ManualLog log) {
        ConcurrencyControl cc = fx.open(Protocols.create(protocol, MANUAL_EPOCHS));
        cc.setCommitLog(log);
        return cc;
    }

    @Test
    void deferredCommitReturnsItsEpochWithoutWaitingAndIsAcknowledgedOnceDurable() {
        ManualLog log = new ManualLog();
        ConcurrencyControl cc = open("silo", log);
        Table t = cc.createTable("t");
        Worker w = fx.worker(cc);
        long epochBefore = cc.epochs().current();

        Transaction tx = w.begin();
        assertTrue(tx.insert(t, key(1), amount(7)));
        long epoch = tx.commitDeferred();
        assertTrue(epoch >= epochBefore && epoch <= cc.epochs().current(), "the serialization epoch: " + epoch);
        assertEquals(List.of(epoch), log.appendedEpochs, "logged at commit, before any wait");
        assertEquals(List.of(), log.awaited, "commitDeferred does not wait");
        assertFalse(tx.isActive());
        assertFalse(w.isDurable(epoch), "not durable yet: the commit must not be acknowledged");

        // The worker goes on with another transaction meanwhile; it sees the committed write.
        Transaction next = w.begin();
        assertArrayEquals(amount(7), next.read(t, key(1)));
        assertEquals(0, next.commitDeferred(), "a read-only commit has nothing to wait for");
        assertFalse(w.isDurable(epoch));

        ProtocolFixture.advanceEpoch(cc);
        log.makeDurable(epoch);
        assertTrue(w.isDurable(epoch), "durable later: now it may be acknowledged");
        w.awaitDurable(epoch);
        assertEquals(List.of(epoch), log.awaited);
        assertTrue(w.isDurable(0));
    }

    @Test
    void commitIsCommitDeferredFollowedByTheWait() {
        ManualLog log = new ManualLog();
        ConcurrencyControl cc = open("silo", log);
        Table t = cc.createTable("t");
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.insert(t, key(1), amount(1)));
        assertThrows(DurabilityException.class, tx::commit, "commit waits for its epoch (the fake log refuses)");
        assertEquals(log.appendedEpochs, log.awaited, "it waited for the epoch it logged");
        assertFalse(tx.isActive(), "the failed wait comes after the commit ended: the commit is not acknowledged");

        log.makeDurable(Long.MAX_VALUE);
        Transaction again = w.begin();
        assertTrue(again.update(t, key(1), amount(2)));
        again.commit();
        assertEquals(2, log.awaited.size());
    }

    @Test
    void withoutACommitLogThereIsNothingToWaitFor() {
        ConcurrencyControl cc = fx.open(Protocols.create("silo", MANUAL_EPOCHS));
        Table t = cc.createTable("t");
        Worker w = fx.worker(cc);
        Transaction tx = w.begin();
        assertTrue(tx.insert(t, key(1), amount(1)));
        assertEquals(0, tx.commitDeferred());
        assertTrue(w.isDurable(0));
    }

    @Test
    void anOmittedCommitWaitsForItsEpochToo() {
        ManualLog log = new ManualLog();
        ConcurrencyControl cc = open("silo+sse", log);
        Table t = cc.createTable("t");
        cc.load(t, key(1), amount(0));
        Worker a = fx.worker(cc);
        Worker b = fx.worker(cc);
        log.makeDurable(Long.MAX_VALUE);
        Transaction pivot = a.begin();
        assertTrue(pivot.updateBlind(t, key(1), amount(1)));
        pivot.commit(); // the first blind update of the epoch is installed

        log.durable = 0;
        int appended = log.appendedEpochs.size();
        Transaction omitted = b.begin();
        assertTrue(omitted.updateBlind(t, key(1), amount(2)));
        long epoch = omitted.commitDeferred();
        assertEquals(appended, log.appendedEpochs.size(), "the second blind write of the epoch is omitted: nothing logged");
        assertEquals(cc.epochs().current(), epoch, "but it is acknowledged only once its epoch is durable");
        assertFalse(b.isDurable(epoch));
        log.makeDurable(epoch);
        assertTrue(b.isDurable(epoch));
    }
}
