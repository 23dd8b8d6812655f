package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * Deferred commits on the real log: {@link Worker#isDurable} asks the loggers for the epoch without blocking and
 * turns true once it is durable, and everything acknowledged so is there after a reopen.
 */
class DeferredCommitLogTest {
    @TempDir
    Path dir;

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void syncDeferredCommitsBecomeDurableWithoutAWaitAndSurviveReopen() throws Exception {
        Map<String, String> options = Map.of("durability", "sync", "checkpoint_interval_s", "0");
        try (KernelDb db = KernelDb.open(dir, "silo", options)) {
            Table t = db.createIfAbsent("t");
            try (Worker w = db.cc.newWorker()) {
                long last = 0;
                for (int i = 0; i < 20; i++) {
                    Transaction x = w.begin();
                    x.insert(t, b("k" + i), b("v" + i));
                    long epoch = x.commitDeferred();
                    assertTrue(epoch > 0, "a sync commit with writes has an epoch to wait for");
                    last = Math.max(last, epoch);
                }
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (!w.isDurable(last)) { // polling alone must get the epoch made durable
                    assertTrue(System.nanoTime() < deadline, "epoch " + last + " never became durable");
                    Thread.sleep(1);
                }
                w.awaitDurable(last); // returns at once now
            }
        }
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("durability", "none"))) {
            Table t = db.table("t");
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                for (int i = 0; i < 20; i++) {
                    assertArrayEquals(b("v" + i), x.read(t, b("k" + i)), "acknowledged k" + i + " was lost");
                }
                x.commit();
            }
        }
    }

    @Test
    void asyncCommitsMayBeAcknowledgedAtOnce() throws Exception {
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("durability", "async"))) {
            Table t = db.createIfAbsent("t");
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                x.insert(t, b("k"), b("v"));
                long epoch = x.commitDeferred();
                assertTrue(epoch > 0 && w.isDurable(epoch), "async acknowledges without waiting for the disk");
            }
        }
    }
}
