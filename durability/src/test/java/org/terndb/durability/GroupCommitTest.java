package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * Group commit: sync commits that run at the same time are made durable by shared fsyncs, so the log does far fewer
 * fsyncs than it acknowledges commits, and every acknowledged commit is there after a reopen.
 */
class GroupCommitTest {
    private static final int THREADS = 4;
    private static final int COMMITS_EACH = 150;

    @TempDir
    Path dir;

    private static byte[] key(int thread, int i) {
        return (thread + "-" + i).getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void concurrentSyncCommitsShareFsyncs() throws Exception {
        Map<String, String> options = Map.of("durability", "sync", "checkpoint_interval_s", "0");
        long syncs;
        try (KernelDb db = KernelDb.open(dir, "silo", options)) {
            Table t = db.createIfAbsent("T");
            long before = db.durability.logSyncs();
            CyclicBarrier start = new CyclicBarrier(THREADS);
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Thread[] committers = new Thread[THREADS];
            for (int c = 0; c < THREADS; c++) {
                int id = c;
                committers[c] = new Thread(() -> {
                    try (Worker w = db.cc.newWorker()) {
                        start.await();
                        for (int i = 0; i < COMMITS_EACH; i++) {
                            byte[] k = key(id, i);
                            // sync: each commit returns once its epoch is on disk
                            KernelDb.commitRetrying(w, x -> x.insert(t, k, k));
                        }
                    } catch (Throwable e) {
                        failed.compareAndSet(null, e);
                    }
                });
                committers[c].start();
            }
            for (Thread c : committers) {
                c.join();
            }
            assertNull(failed.get(), () -> "a committer failed: " + failed.get());
            syncs = db.durability.logSyncs() - before;
        }
        int commits = THREADS * COMMITS_EACH;
        System.out.println("group commit: " + commits + " sync commits, " + syncs + " fsyncs");
        // Shared fsyncs: 166-239 for 600 commits in runs on two cores; one fsync per commit would be 600 or more.
        assertTrue(syncs * 4 <= commits * 3, commits + " sync commits on " + THREADS + " threads took " + syncs
                + " fsyncs: concurrent commits should share them");
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("durability", "none"))) {
            Table t = db.table("T");
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                for (int c = 0; c < THREADS; c++) {
                    for (int i = 0; i < COMMITS_EACH; i++) {
                        assertArrayEquals(key(c, i), x.read(t, key(c, i)), "acknowledged " + c + "-" + i + " was lost");
                    }
                }
                x.commit();
            }
        }
    }
}
