package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.terndb.txn.DurabilityException;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/** A disk that fills up: writes are refused with a clear error, reads go on, nothing acknowledged is lost. */
class IoFailureTest {
    @TempDir
    Path dir;

    @Test
    void fullDiskRefusesWritesKeepsReadsAndLosesNothingAcknowledged() throws Exception {
        FailingFileIo io = new FailingFileIo();
        Set<Long> acknowledged = new HashSet<>();
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"), io)) {
            Ledger.setUp(db);
            try (Worker w = db.cc.newWorker()) {
                for (long id = 1; id <= 20; id++) {
                    Ledger.transfer(db, w, id, 1, 2, 1);
                    acknowledged.add(id);
                }
                io.full.set(true);
                // The commit that meets the failure is installed but not acknowledged; later ones are refused
                // before anything is installed.
                DurabilityException first = assertThrows(DurabilityException.class,
                        () -> Ledger.transfer(db, w, 21, 1, 2, 1));
                assertTrue(first.getMessage().contains("No space left on device"), first.getMessage());
                DurabilityException refused = assertThrows(DurabilityException.class,
                        () -> Ledger.transfer(db, w, 22, 3, 4, 1));
                assertTrue(refused.getMessage().contains("refuses writes"), refused.getMessage());
                assertNotNull(db.durability.failure());
                Transaction t = w.begin(); // reads still work
                assertNotNull(t.read(db.table("ACCOUNT"), Ledger.accountKey(3)));
                t.commit();
            }
            assertThrows(DurabilityException.class, () -> db.ddl("CREATE TABLE OTHER"));
            assertEquals(null, db.table("OTHER"), "a schema change that could not be recorded is undone");
        }
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"))) {
            Set<Long> present = Ledger.check(db.cc, db.table("ACCOUNT"), db.table("ENTRY"), acknowledged);
            assertTrue(!present.contains(22L), "a refused transfer never happened");
        }
    }
}
