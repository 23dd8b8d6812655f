package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * A checkpoint's file holds exactly its rows, whichever way it was written: direct I/O (aligned runs, the last one
 * padded and the file truncated back) or through the page cache. Rows of many sizes cross the staging buffer's
 * runs; rows larger than the staging buffer make it grow; an empty table writes no block.
 */
class CheckpointWriterTest {
    @TempDir
    Path dir;

    private static byte[] key(int i) {
        return ByteBuffer.allocate(4).putInt(i).array();
    }

    private static byte[] row(int i, int length) {
        byte[] r = new byte[length];
        for (int j = 0; j < length; j++) {
            r[j] = (byte) (i * 31 + j);
        }
        return r;
    }

    @ParameterizedTest(name = "direct I/O {0}")
    @ValueSource(booleans = {true, false})
    void everyRowOfEverySizeComesBackFromTheCheckpoint(boolean direct) throws Exception {
        int small = 30_000;
        int[] huge = {3 << 20, 5 << 20 | 7};
        FileIo io = direct ? FileIo.DEFAULT : NoDirectIo.INSTANCE;
        CheckpointReport report;
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"), io)) {
            Table a = db.createIfAbsent("A");
            Table b = db.createIfAbsent("B");
            db.createIfAbsent("C"); // stays empty
            for (int i = 0; i < small; i++) {
                db.cc.load(a, key(i), row(i, i % 301));
            }
            for (int i = 0; i < huge.length; i++) {
                db.cc.load(b, key(i), row(i, huge[i]));
            }
            report = db.durability.checkpoint();
            assertEquals(small + huge.length, report.entries());
            assertEquals(Files.size(report.file()), report.bytes());
            assertTrue(report.cpuNanos() >= -1);
        }
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"), io)) {
            assertEquals(small + huge.length, db.recovery.checkpointEntries());
            assertEquals(0, db.recovery.logRecords());
            List<byte[]> rows = scan(db, "A");
            assertEquals(small, rows.size());
            for (int i = 0; i < small; i++) {
                assertArrayEquals(row(i, i % 301), rows.get(i), "row " + i + " of A");
            }
            rows = scan(db, "B");
            assertEquals(huge.length, rows.size());
            for (int i = 0; i < huge.length; i++) {
                assertArrayEquals(row(i, huge[i]), rows.get(i), "row " + i + " of B");
            }
            assertEquals(0, scan(db, "C").size());
        }
    }

    @ParameterizedTest(name = "direct I/O {0}")
    @ValueSource(booleans = {true, false})
    void aCheckpointOfNothingIsJustHeaderAndTrailer(boolean direct) throws Exception {
        FileIo io = direct ? FileIo.DEFAULT : NoDirectIo.INSTANCE;
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"), io)) {
            db.createIfAbsent("EMPTY");
            CheckpointReport r = db.durability.checkpoint();
            assertEquals(0, r.entries());
            assertEquals(LogFormat.FILE_HEADER + LogFormat.TRAILER, Files.size(r.file()));
        }
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"), io)) {
            assertEquals(0, db.recovery.checkpointEntries());
            assertEquals(0, scan(db, "EMPTY").size());
        }
    }

    private static List<byte[]> scan(KernelDb db, String table) {
        List<byte[]> rows = new ArrayList<>();
        try (Worker w = db.cc.newWorker()) {
            Transaction x = w.begin();
            x.scan(db.table(table).primary(), null, true, null, true, false, 0, (k, r) -> {
                assertEquals(rows.size(), ByteBuffer.wrap(k).getInt());
                rows.add(r.clone());
                return true;
            });
            x.commit();
        }
        return rows;
    }
}
