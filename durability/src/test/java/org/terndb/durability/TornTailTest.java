package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.terndb.txn.Worker;

/**
 * A torn or corrupted tail of the newest log file: recovery keeps everything before the damage, drops the rest,
 * and says where the valid log ended.
 */
class TornTailTest {
    @TempDir
    Path dir;

    private final List<String> warnings = new ArrayList<>();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord r) {
            synchronized (warnings) {
                warnings.add(r.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    /** 60 transfers, each its own sync commit (so its own log block); returns their ids. */
    private Set<Long> writeTransfers() throws Exception {
        Set<Long> ids = new HashSet<>();
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"))) {
            Ledger.setUp(db);
            try (Worker w = db.cc.newWorker()) {
                for (long id = 1; id <= 60; id++) {
                    Ledger.transfer(db, w, id, (int) (id % 16), (int) ((id + 5) % 16), id);
                    ids.add(id);
                }
            }
        }
        return ids;
    }

    private Path newestLog() throws Exception {
        List<LogFiles.Log> logs = LogFiles.logs(dir);
        return logs.get(logs.size() - 1).path();
    }

    private Set<Long> reopenAndCheck(int expectedAtLeast) throws Exception {
        Logger l = Logger.getLogger(Recovery.class.getName());
        l.addHandler(capture);
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("checkpoint_interval_s", "0"))) {
            Set<Long> present = Ledger.check(db.cc, db.table("ACCOUNT"), db.table("ENTRY"), Set.of());
            for (long id = 1; id <= present.size(); id++) {
                assertTrue(present.contains(id), "recovered transfers must be a prefix: " + id + " is missing");
            }
            assertTrue(present.size() >= expectedAtLeast, "recovered " + present.size());
            return present;
        } finally {
            l.removeHandler(capture);
        }
    }

    private boolean warned(String what) {
        synchronized (warnings) {
            return warnings.stream().anyMatch(w -> w.contains(what));
        }
    }

    @Test
    void truncatedLastBlockIsDroppedAndReported() throws Exception {
        writeTransfers();
        Path log = newestLog();
        long size;
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "rw")) {
            size = f.length();
            f.setLength(size - 7);
        }
        Set<Long> present = reopenAndCheck(50);
        assertTrue(present.size() < 60 || present.size() == 60, "prefix");
        assertTrue(warned("valid log ends at byte"), "the recovery says where the valid log ended: " + warnings);
    }

    @Test
    void corruptedBytesInTheTailAreDetectedByTheChecksum() throws Exception {
        writeTransfers();
        Path log = newestLog();
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "rw")) {
            long at = f.length() - 20;
            f.seek(at);
            int b = f.read();
            f.seek(at);
            f.write(b ^ 0x5a);
        }
        reopenAndCheck(50);
        assertTrue(warned("valid log ends at byte"), "" + warnings);
    }

    @Test
    void garbageAppendedAfterTheLastBlockIsIgnored() throws Exception {
        Set<Long> ids = writeTransfers();
        try (RandomAccessFile f = new RandomAccessFile(newestLog().toFile(), "rw")) {
            f.seek(f.length());
            f.write(new byte[] {0x54, 0x42, 0x4c, 0x4b, 1, 2, 3}); // a block's magic, then nothing valid
        }
        Set<Long> present = reopenAndCheck(60);
        assertEquals(ids, present);
        assertTrue(warned("valid log ends at byte"), "" + warnings);
    }
}
