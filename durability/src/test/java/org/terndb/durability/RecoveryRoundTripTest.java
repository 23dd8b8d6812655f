package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/** Inserts, updates and deletes survive a close and reopen, through the log alone and through checkpoints. */
class RecoveryRoundTripTest {
    /** Sync commits into 1 MiB log files; 64 KiB buffers keep each round's block small, so a few MB fill several. */
    private static final Map<String, String> SMALL_SYNC_FILES = Map.of("durability", "sync", "log_file_mb", "1",
            "log_buffer_kb", "64", "checkpoint_interval_s", "0");

    @TempDir
    Path dir;

    static Iterable<String> protocols() {
        return Protocols.names();
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Applies 300 random-ish writes in small transactions; returns the expected contents. */
    private static TreeMap<String, String> write(KernelDb db, Table t, int round, TreeMap<String, String> expect) {
        try (Worker w = db.cc.newWorker()) {
            for (int i = 0; i < 100; i++) {
                Transaction x = w.begin();
                String k1 = "k" + ((i * 7 + round) % 50);
                String k2 = "k" + ((i * 13 + round * 3) % 50);
                String v = "v" + round + "-" + i;
                for (String k : k1.equals(k2) ? new String[] {k1} : new String[] {k1, k2}) {
                    if (x.read(t, b(k)) == null) {
                        x.insert(t, b(k), b(v));
                        expect.put(k, v);
                    } else if (i % 5 == 0) {
                        x.delete(t, b(k));
                        expect.remove(k);
                    } else {
                        x.update(t, b(k), b(v));
                        expect.put(k, v);
                    }
                }
                x.commit();
            }
        }
        return expect;
    }

    private static Map<String, String> contents(ConcurrencyControl cc, Table t) {
        TreeMap<String, String> m = new TreeMap<>();
        try (Worker w = cc.newWorker()) {
            Transaction x = w.begin();
            x.scan(t.primary(), null, true, null, true, false, 0, (k, r) -> {
                m.put(new String(k, StandardCharsets.UTF_8), new String(r, StandardCharsets.UTF_8));
                return true;
            });
            x.commit();
        }
        return m;
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void committedWritesSurviveReopenThroughLogAndCheckpoints(String protocol) throws Exception {
        TreeMap<String, String> expect = new TreeMap<>();
        Map<String, String> options = Map.of("durability", "sync", "checkpoint_interval_s", "0");
        try (KernelDb db = KernelDb.open(dir, protocol, options)) {
            write(db, db.createIfAbsent("T"), 1, expect);
        }
        try (KernelDb db = KernelDb.open(dir, protocol, options)) {
            assertEquals(expect, contents(db.cc, db.table("T")), "after log replay");
            assertNull(db.recovery.checkpoint());
            write(db, db.table("T"), 2, expect);
            CheckpointReport c = db.durability.checkpoint();
            assertEquals(expect.size(), c.entries());
            write(db, db.table("T"), 3, expect); // after the checkpoint: only in the log
        }
        try (KernelDb db = KernelDb.open(dir, protocol, options)) {
            assertNotNull(db.recovery.checkpoint());
            assertEquals(expect, contents(db.cc, db.table("T")), "after checkpoint + log replay");
            write(db, db.table("T"), 4, expect);
            db.durability.checkpoint();
        }
        try (KernelDb db = KernelDb.open(dir, protocol, options)) {
            assertEquals(expect, contents(db.cc, db.table("T")), "after a second checkpoint");
        }
    }

    @Test
    void switchingProtocolBetweenOpensKeepsTheNewestVersions() throws Exception {
        TreeMap<String, String> expect = new TreeMap<>();
        Map<String, String> options = Map.of("checkpoint_interval_s", "0");
        String[] order = {"silo", "tictoc", "2pl-wait", "si", "silo"};
        for (int i = 0; i < order.length; i++) {
            try (KernelDb db = KernelDb.open(dir, order[i], options)) {
                assertEquals(expect, contents(db.cc, db.createIfAbsent("T")), "opened with " + order[i]);
                write(db, db.table("T"), 10 + i, expect);
                if (i == 2) {
                    db.durability.checkpoint();
                }
            }
        }
        try (KernelDb db = KernelDb.open(dir, "mocc", options)) {
            assertEquals(expect, contents(db.cc, db.table("T")));
        }
    }

    @Test
    void droppedAndRecreatedTableKeepsOnlyNewRows() throws Exception {
        Map<String, String> options = Map.of("checkpoint_interval_s", "0");
        try (KernelDb db = KernelDb.open(dir, "silo", options)) {
            Table t = db.createIfAbsent("T");
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                x.insert(t, b("old"), b("1"));
                x.commit();
            }
            db.ddl("DROP TABLE T");
            t = db.createIfAbsent("T");
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                x.insert(t, b("new"), b("2"));
                x.commit();
            }
        }
        try (KernelDb db = KernelDb.open(dir, "silo", options)) {
            assertEquals(Map.of("new", "2"), contents(db.cc, db.table("T")));
        }
    }

    /**
     * Two workers fill the smallest buffer (64 KiB) many times over with rows of many sizes: records wrap around the
     * buffer's end, large ones go around it, and a buffer passing half full gets written without an fsync (the
     * fsyncs stay at the flush timer's pace plus close). Everything is there after a reopen, whole.
     */
    @Test
    void recordsWrappingAroundASmallBufferSurviveReopen() throws Exception {
        Map<String, String> options = Map.of("durability", "async", "log_buffer_kb", "64", "log_flush_ms", "5000",
                "checkpoint_interval_s", "0");
        Map<String, byte[]> expect = new java.util.concurrent.ConcurrentHashMap<>();
        long syncs;
        long bytes;
        long elapsedMillis;
        try (KernelDb db = KernelDb.open(dir, "silo", options)) {
            Table t = db.createIfAbsent("T");
            long t0 = System.nanoTime();
            writeConcurrently(db, t, 0, 3000, 700,
                    (r, i) -> i % 97 == 0 ? 20_000 + r.nextInt(5000) : 1 + r.nextInt(1500), expect);
            elapsedMillis = (System.nanoTime() - t0) / 1_000_000;
            bytes = db.durability.logBytesWritten();
            syncs = db.durability.logSyncs();
        }
        assertTrue(bytes > 20 * (64 << 10), "the buffers were filled many times over: " + bytes + " bytes");
        assertTrue(syncs <= elapsedMillis / 5000 + 3, syncs + " fsyncs in " + elapsedMillis
                + " ms: a buffer passing half full must be written without an fsync");
        assertReopenedHolds(options, expect, false);
    }

    /**
     * 1 MiB log files under two committing threads: the files rotate while the log's fsyncs run beside its writes
     * (a full file is synced after every fsync queued before it, then closed), a checkpoint deletes the closed files
     * it covers, and everything committed is there after a reopen.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"sync", "async"})
    void logFilesRotateAndCheckpointsDeleteTheCoveredOnes(String mode) throws Exception {
        // Files rotate at sync rounds (async: one every millisecond); 64 KiB buffers keep each round's block small,
        // so a few MB of log fill several files.
        Map<String, String> options = Map.of("durability", mode, "log_file_mb", "1", "log_flush_ms", "1",
                "log_buffer_kb", "64", "checkpoint_interval_s", "0");
        Map<String, byte[]> expect = new java.util.concurrent.ConcurrentHashMap<>();
        try (KernelDb db = KernelDb.open(dir, "silo", options)) {
            Table t = db.createIfAbsent("T");
            for (int round = 0; round < 2; round++) {
                writeConcurrently(db, t, round + 1, 1500, 400, (r, i) -> 500 + r.nextInt(1500), expect);
                if (round == 0) {
                    db.durability.awaitDurable(db.cc.epochs().current()); // async: the log is written by now
                    long filesBeforeCheckpoint = logFiles();
                    assertTrue(filesBeforeCheckpoint >= 3, "about 4 MB of log in 1 MiB files: " + filesBeforeCheckpoint
                            + " files");
                    if (mode.equals("async")) {
                        // async commits do not end epochs: let the epoch timer pass the closed files' epochs
                        Thread.sleep(200);
                    }
                    CheckpointReport c = db.durability.checkpoint();
                    long after = logFiles();
                    assertTrue(after < filesBeforeCheckpoint, "the checkpoint deletes the closed files it covers: "
                            + filesBeforeCheckpoint + " before, " + after + " after");
                    // at least those: the logger may have started another file meanwhile
                    assertTrue(c.deletedFiles() >= filesBeforeCheckpoint - after, c.deletedFiles() + " deleted");
                    assertEquals(0, filesEndingWith(".old"), "deleted, not only retired, once the checkpoint returns");
                }
            }
        }
        assertReopenedHolds(options, expect, true);
    }

    /**
     * A log file written with direct I/O and never closed ends in zeros up to a block boundary; a crash right after a
     * rotation can leave them in a file that has a successor. They are the file's clean end: recovery goes on to the
     * next file (were they damage, the rows logged in the later files would be lost).
     */
    @Test
    void zerosAfterTheDataOfAnEarlierLogFileAreItsCleanEnd() throws Exception {
        Map<String, String> options = SMALL_SYNC_FILES;
        Map<String, byte[]> expect = new java.util.concurrent.ConcurrentHashMap<>();
        try (KernelDb db = KernelDb.open(dir, "silo", options)) {
            writeConcurrently(db, db.createIfAbsent("T"), 1, 1500, 400, (r, i) -> 500 + r.nextInt(1500), expect);
        }
        List<LogFiles.Log> logs = LogFiles.logs(dir);
        assertTrue(logs.size() >= 3, "several log files: " + logs.size());
        for (LogFiles.Log l : logs.subList(0, logs.size() - 1)) {
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(l.path().toFile(), "rw")) {
                f.setLength(f.length() + 3000); // zeros
            }
        }
        assertReopenedHolds(options, expect, false);
    }

    /**
     * A crash while a checkpoint deletes the files it covers leaves them retired ({@code .old}), the one being deleted
     * cut short. Recovery never reads them (here: half-length copies of every live file, which read as a stream's torn
     * end would lose the rows of the files after it), and the open deletes them.
     */
    @Test
    void retiredFilesACrashLeftAreNeverReadAndTheOpenDeletesThem() throws Exception {
        Map<String, String> options = SMALL_SYNC_FILES;
        Map<String, byte[]> expect = new java.util.concurrent.ConcurrentHashMap<>();
        try (KernelDb db = KernelDb.open(dir, "silo", options)) {
            Table t = db.createIfAbsent("T");
            writeConcurrently(db, t, 1, 1000, 400, (r, i) -> 500 + r.nextInt(1500), expect);
            db.durability.checkpoint();
            writeConcurrently(db, t, 2, 1500, 400, (r, i) -> 500 + r.nextInt(1500), expect);
        }
        List<Path> live = new java.util.ArrayList<>();
        LogFiles.logs(dir).forEach(l -> live.add(l.path()));
        LogFiles.checkpoints(dir).forEach(c -> live.add(c.path()));
        assertTrue(live.size() >= 3, "a checkpoint and log files: " + live);
        for (Path p : live) {
            Path old = p.resolveSibling(p.getFileName() + ".old");
            Files.copy(p, old);
            try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(old.toFile(), "rw")) {
                f.setLength(f.length() / 2 + 7);
            }
        }
        assertReopenedHolds(options, expect, true);
        assertEquals(0, filesEndingWith(".old"), "the open deletes retired files");
    }

    /**
     * The checkpoint is published before it deletes what it covers, so a covered file that cannot be deleted (an I/O
     * error while cutting it) is only logged: the checkpoint succeeds, and the next one deletes the file.
     */
    @Test
    void aCoveredFileThatCannotBeDeletedIsLeftToTheNextCheckpoint() throws Exception {
        java.util.concurrent.atomic.AtomicBoolean failing = new java.util.concurrent.atomic.AtomicBoolean();
        FileIo io = (path, opts) -> {
            if (failing.get() && path.getFileName().toString().endsWith(".old")) {
                throw new java.io.IOException("Input/output error (injected)");
            }
            return java.nio.channels.FileChannel.open(path, opts);
        };
        Map<String, byte[]> expect = new java.util.concurrent.ConcurrentHashMap<>();
        try (KernelDb db = KernelDb.open(dir, "silo", SMALL_SYNC_FILES, io)) {
            Table t = db.createIfAbsent("T");
            writeConcurrently(db, t, 1, 1000, 400, (r, i) -> 500 + r.nextInt(1500), expect);
            db.durability.checkpoint();
            writeConcurrently(db, t, 2, 1000, 400, (r, i) -> 500 + r.nextInt(1500), expect);
            failing.set(true);
            CheckpointReport c = db.durability.checkpoint();
            assertEquals(0, c.deletedFiles());
            long left = filesEndingWith(".old");
            assertTrue(left >= 2, "the older checkpoint and covered logs wait, retired: " + left);
            failing.set(false);
            writeConcurrently(db, t, 3, 200, 400, (r, i) -> 500 + r.nextInt(1500), expect);
            assertTrue(db.durability.checkpoint().deletedFiles() >= left);
            assertEquals(0, filesEndingWith(".old"));
        }
        assertReopenedHolds(SMALL_SYNC_FILES, expect, true);
    }

    /**
     * Reopens the database (silo) and checks that table T holds every expected row; {@code fromCheckpoint}: and that
     * the recovery started from a checkpoint.
     */
    private void assertReopenedHolds(Map<String, String> options, Map<String, byte[]> expect, boolean fromCheckpoint)
            throws Exception {
        try (KernelDb db = KernelDb.open(dir, "silo", options)) {
            if (fromCheckpoint) {
                assertNotNull(db.recovery.checkpoint());
            }
            Table t = db.table("T");
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                for (Map.Entry<String, byte[]> e : expect.entrySet()) {
                    assertArrayEquals(e.getValue(), x.read(t, b(e.getKey())), e.getKey());
                }
                x.commit();
            }
        }
    }

    private long logFiles() throws java.io.IOException {
        return filesEndingWith(".tlog");
    }

    private long filesEndingWith(String suffix) throws java.io.IOException {
        try (java.util.stream.Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(suffix)).count();
        }
    }

    /** The length of a writer's {@code i}-th row. */
    private interface RowLength {
        int of(java.util.SplittableRandom random, int i);
    }

    /**
     * Two threads each commit {@code commits} single-row writes (insert or update) of random rows over {@code keys}
     * keys of their own, retrying conflicts (the other writer's insert into the same leaf may abort a missed read);
     * records each written row in {@code expect}. Fails the test if a writer fails.
     */
    private static void writeConcurrently(KernelDb db, Table t, int seed, int commits, int keys, RowLength rowLength,
                                          Map<String, byte[]> expect) throws InterruptedException {
        Thread[] writers = new Thread[2];
        AtomicReference<Throwable> failed = new AtomicReference<>();
        for (int w = 0; w < writers.length; w++) {
            int id = w;
            writers[w] = new Thread(() -> {
                java.util.SplittableRandom r = new java.util.SplittableRandom(id + 31L * seed);
                try (Worker worker = db.cc.newWorker()) {
                    for (int i = 0; i < commits; i++) {
                        byte[] row = new byte[rowLength.of(r, i)];
                        r.nextBytes(row);
                        byte[] key = b("w" + id + "-" + (i % keys));
                        KernelDb.commitRetrying(worker, x -> {
                            if (x.read(t, key) == null) {
                                x.insert(t, key, row);
                            } else {
                                x.update(t, key, row);
                            }
                        });
                        expect.put(new String(key, StandardCharsets.UTF_8), row);
                    }
                }
            });
            writers[w].setUncaughtExceptionHandler((th, e) -> failed.compareAndSet(null, e));
            writers[w].start();
        }
        for (Thread w : writers) {
            w.join();
        }
        assertNull(failed.get(), () -> "a writer failed: " + failed.get());
    }

    @Test
    void largeRowsBypassTheRingAndSurvive() throws Exception {
        byte[] big = new byte[300_000]; // above a 1 MiB ring's largest message (128 KiB)
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) (i * 31);
        }
        try (KernelDb db = KernelDb.open(dir, "tictoc", Map.of())) {
            Table t = db.createIfAbsent("T");
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                x.insert(t, b("big"), big);
                x.insert(t, b("small"), b("s"));
                x.commit();
            }
        }
        try (KernelDb db = KernelDb.open(dir, "tictoc", Map.of())) {
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                assertArrayEquals(big, x.read(db.table("T"), b("big")));
                assertArrayEquals(b("s"), x.read(db.table("T"), b("small")));
                x.commit();
            }
        }
    }

    @Test
    void durabilityNoneWritesNothing() throws Exception {
        try (KernelDb db = KernelDb.open(dir, "silo", Map.of("durability", "none"))) {
            Table t = db.createIfAbsent("T");
            try (Worker w = db.cc.newWorker()) {
                Transaction x = w.begin();
                x.insert(t, b("a"), b("1"));
                x.commit();
            }
        }
        try (var files = Files.list(dir)) {
            assertEquals(0, files.filter(p -> !p.getFileName().toString().equals("LOCK")).count());
        }
    }
}
