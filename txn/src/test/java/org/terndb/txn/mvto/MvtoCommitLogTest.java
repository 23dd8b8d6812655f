package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.common.mvcc.MvccTesting.table;
import static org.terndb.txn.mvto.MvtoFixture.record;
import static org.terndb.txn.mvto.MvtoFixture.ts;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.terndb.txn.CommitLog;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.Worker;
import org.terndb.txn.common.mvcc.Version;

/** The durability contract: the epoch read at validation and the write timestamp as the per-key stamp. */
class MvtoCommitLogTest {
    private final MvtoFixture mf = new MvtoFixture();

    @AfterEach
    void closeAll() {
        mf.close();
    }

    /** Appended records: table name, key, epoch, stamp. */
    record Appended(String table, int key, long epoch, long stamp) {}

    private static CommitLog recording(List<Appended> out) {
        return () -> new CommitLog.Buffer() {
            @Override
            public void checkWritable() {
            }

            @Override
            public void append(Table table, byte[] key, byte[] row, long epoch, long stamp) {
                synchronized (out) {
                    out.add(new Appended(table.name(), ByteBuffer.wrap(key).getInt(), epoch, stamp));
                }
            }

            @Override
            public void awaitDurable(long epoch) {
            }

            @Override
            public void close() {
            }
        };
    }

    @Test
    void commitsReportTheirEpochAndWriteTimestamp() {
        for (MvtoConcurrencyControl cc : new MvtoConcurrencyControl[] {
                mf.strict(TxnOptions.defaults().with("epoch_ms", "2")), mf.async(TxnOptions.defaults())}) {
            List<Appended> log = new ArrayList<>();
            cc.setCommitLog(recording(log));
            Table t = table(cc, 1);
            Worker w = mf.worker(cc);
            long epochBefore = cc.epochs().current();
            Transaction tx = w.begin();
            assertTrue(tx.update(t, key(1), amount(amount(tx.read(t, key(1))) + 1)));
            assertTrue(tx.insert(t, key(2), amount(5)));
            tx.commit();
            long wts = ts(tx); // the worker reuses its transaction object: read it before the next begin
            Transaction ro = w.begin();
            assertEquals(2, amount(ro.read(t, key(1))));
            ro.commit(); // read-only: nothing logged
            assertEquals(2, log.size(), log.toString());
            for (Appended a : log) {
                assertEquals(wts, a.stamp(), "the stamp is the write timestamp");
                assertTrue(a.epoch() >= epochBefore && a.epoch() <= cc.epochs().current());
            }
            assertEquals(wts, Version.timestamp(record(t, 1).headAcquire().stampAcquire()));
            long[] stamps = new long[3];
            Worker reader = mf.worker(cc);
            cc.scanCommitted(reader, t, null, 10, (k, row, stamp) -> stamps[ByteBuffer.wrap(k).getInt()] = stamp);
            assertEquals(wts, stamps[1], "a checkpoint read returns the same stamp as the log");
            assertEquals(wts, stamps[2]);
        }
    }
}
