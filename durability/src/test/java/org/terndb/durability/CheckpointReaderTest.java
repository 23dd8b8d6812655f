package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/** A checkpoint read through several mapping windows (as one larger than 2 GiB is) loads every row. */
class CheckpointReaderTest {
    @TempDir
    Path dir;

    @Test
    void checkpointSpanningManyMappingWindowsLoadsEveryRow() throws Exception {
        int rows = 20_000;
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"))) {
            Table t = db.createIfAbsent("T");
            for (int i = 0; i < rows; i++) {
                db.cc.load(t, ByteBuffer.allocate(4).putInt(i).array(), new byte[100]);
            }
            db.durability.checkpoint();
        }
        long saved = CheckpointReader.windowBytes;
        CheckpointReader.windowBytes = 300 << 10; // blocks are up to ~256 KiB: a new window every block or so
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"))) {
            assertEquals(rows, db.recovery.checkpointEntries());
            int[] n = {0};
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                x.scan(db.table("T").primary(), null, true, null, true, false, 0, (k, r) -> {
                    assertEquals(n[0]++, ByteBuffer.wrap(k).getInt());
                    return true;
                });
                x.commit();
            }
            assertEquals(rows, n[0]);
        } finally {
            CheckpointReader.windowBytes = saved;
        }
    }
}
