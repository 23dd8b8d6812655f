package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * Silo+SSE commits some blind updates by omission: nothing is installed, so nothing may be logged; recovery must
 * give exactly the rows the database showed before it closed.
 */
class WriteOmissionLoggingTest {
    @TempDir
    Path dir;

    @Test
    void omittedBlindWritesAreNotLoggedAndRecoveryMatchesMemory() throws Exception {
        byte[][] keys = new byte[4][];
        for (int k = 0; k < keys.length; k++) {
            keys[k] = ("k" + k).getBytes(StandardCharsets.UTF_8);
        }
        byte[][] before = new byte[keys.length][];
        try (KernelDb db = KernelDb.open(dir, "silo+sse", Map.of("durability", "async"))) {
            Table t = db.createIfAbsent("T");
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                for (byte[] k : keys) {
                    x.insert(t, k, new byte[8]);
                }
                x.commit();
            }
            Thread[] ts = new Thread[4];
            for (int i = 0; i < ts.length; i++) {
                int id = i;
                ts[i] = new Thread(() -> {
                    try (Worker w = db.cc.newWorker()) {
                        for (int n = 0; n < 3000; n++) {
                            Transaction x = w.begin();
                            try {
                                x.updateBlind(t, keys[n % keys.length], ByteBuffer.allocate(8).putInt(id).putInt(n).array());
                                x.commit();
                            } catch (TransactionAbortedException e) {
                                w.backoff();
                            }
                        }
                    }
                });
                ts[i].start();
            }
            for (Thread th : ts) {
                th.join();
            }
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                for (int k = 0; k < keys.length; k++) {
                    before[k] = x.read(t, keys[k]);
                }
                x.commit();
            }
        }
        try (KernelDb db = KernelDb.open(dir, "silo+sse", Map.of())) {
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                for (int k = 0; k < keys.length; k++) {
                    assertArrayEquals(before[k], x.read(db.table("T"), keys[k]), "key " + k);
                }
                x.commit();
            }
        }
        // How many commits were omitted depends on timing (typically nearly all here); the state must match anyway.
    }
}
