package org.terndb.txn.common.mvcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.txn.common.mvcc.MvccTesting.table;
import static org.terndb.txn.silo.BankSmoke.amount;
import static org.terndb.txn.silo.BankSmoke.key;
import static org.terndb.txn.silo.ProtocolFixture.read;
import static org.terndb.txn.silo.ProtocolFixture.update;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;
import org.terndb.txn.silo.ProtocolFixture;

/**
 * A collection pass that began at an old watermark follows the watermark while it runs. Each trim walks every version
 * above its horizon; with the horizon frozen at the pass's start, a pass with a backlog on a hot record re-walked
 * the whole chain for every entry while writers kept adding versions (the record's GC bit, held by the pass, kept
 * other collectors off it), so a worker could spend tens of seconds in one begin on a loaded machine.
 */
class CollectionPassFollowsTheWatermarkTest {
    private final ProtocolFixture fx = new ProtocolFixture();

    @AfterEach
    void closeAll() {
        fx.close();
    }

    private static int chainLength(MvccRecord r) {
        int n = 0;
        for (Version v = r.headAcquire(); v != null && v != Version.TRUNCATED; v = v.olderAcquire()) {
            n++;
        }
        return n;
    }

    /** The committed timestamps of the record's chain, oldest first (the order a collector queues them in). */
    private static List<Long> timestampsOldestFirst(MvccRecord r) {
        List<Long> ts = new ArrayList<>();
        for (Version v = r.headAcquire(); v != null && v != Version.TRUNCATED; v = v.olderAcquire()) {
            ts.add(0, Version.timestamp(v.stampAcquire()));
        }
        return ts;
    }

    @ParameterizedTest
    @ValueSource(strings = {"si", "ermia", "mvto-async"})
    void aPassThatBeganAtAnOldWatermarkTrimsToTheWatermarkPublishedMeanwhile(String protocol) {
        MvccConcurrencyControl cc = (MvccConcurrencyControl) fx.open(Protocols.create(protocol));
        Table t = table(cc, 0);
        Worker reader = fx.worker(cc);
        Worker writer = fx.worker(cc);
        update(writer, t, 1, 1); // committed before the reader: due at the old watermark

        Transaction r = reader.begin(); // holds the watermark below every later version
        assertEquals(1, amount(r.read(t, key(1))));
        int later = 200;
        for (int i = 2; i <= later + 1; i++) {
            update(writer, t, 1, i);
        }
        MvccRecord record = (MvccRecord) t.primary().tree().get(key(1));
        List<Long> stamps = timestampsOldestFirst(record);
        long newest = stamps.get(stamps.size() - 1);
        Watermark watermark = cc.watermark();
        watermark.scan();
        long oldHorizon = watermark.trimHorizon();
        long oldSafe = watermark.safe();
        assertTrue(oldHorizon < newest, "the reader holds the watermark below the newest version");
        r.commit();

        // The watermark moves on while the pass runs: here, before it starts (no transaction runs now).
        long deadline = System.nanoTime() + 5_000_000_000L;
        do {
            watermark.scan();
        } while (watermark.trimHorizon() < newest && System.nanoTime() < deadline);
        assertTrue(watermark.trimHorizon() >= newest, "the watermark passed the newest version");

        VersionCollector pass = new VersionCollector();
        for (long ts : stamps) {
            if (ts > 0) { // the loaded version has no entry: nobody committed it
                pass.retire(t.primary(), record, ts, false);
            }
        }
        int before = chainLength(record);
        assertTrue(before >= later + 1, "the reader kept the chain: " + before);
        pass.collect((MvccWorker) writer, oldHorizon, oldSafe);

        assertEquals(1, chainLength(record), "the pass trimmed to the current watermark, not the one it began with");
        assertEquals(0, pass.pending(), "every entry became due as the watermark moved");
        assertEquals(later + 1, amount(read(reader, t, 1)));
    }
}
