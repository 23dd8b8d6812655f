package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import java.util.logging.Logger;

/**
 * A logger thread (SiloR §4.1): owns one log stream (its own sequence of files) and the buffers of the workers
 * assigned to it. Each round: advance the epoch if committers wait for it, read the bound (every record with an
 * epoch below it has been appended), gather every buffer's records into one block, append the block to the stream's
 * {@link LogFile} (staged for a direct write where the file system allows it, else written through the page cache),
 * release the buffers, and hand the staged write and the block's mark (bound - 1) to the stream's {@link Syncer},
 * which writes, fsyncs and then publishes the mark as this stream's durable epoch. Writes and fsyncs run on their own
 * thread so that the logger goes on draining the workers' buffers while the disk works: a worker waits for room only
 * when the disk cannot take the log's bytes, not for every write's or fsync's latency. A worker whose buffer passes
 * half full wakes the logger early: that round only writes (its block claims no new mark) and leaves the fsync to
 * the flush timer or a waiting committer, so fsyncs stay at most one per {@code log_flush_ms} in async mode.
 */
final class LogWriter implements Runnable {
    private static final Logger LOG = Logger.getLogger(LogWriter.class.getName());
    /** A syncer request that only writes. */
    private static final long NO_MARK = -1;

    /** Records of one round beyond this go out in more than one block (the mark only in the last). */
    private static final int MAX_BLOCK = 8 << 20;

    private final LogManager manager;
    final int stream;
    final CopyOnWriteArrayList<WorkerLog> buffers = new CopyOnWriteArrayList<>();
    private final GatherBlock out = new GatherBlock();
    private final LogRing.Sink gatherer = new LogRing.Sink() {
        @Override
        public void records(int count, long maxEpoch) {
            out.count(count, maxEpoch);
        }

        @Override
        public void segment(ByteBuffer view) {
            out.add(view);
        }
    };
    private final List<LogFiles.Closed> closedFiles = new ArrayList<>(); // guarded by itself
    private final Syncer syncer = new Syncer();
    private Thread thread;
    private volatile boolean stopping;

    private LogFile file;
    /** The stages of direct writes, or null if the stream writes through the page cache. */
    private LogFile.Stages stages;
    private Path filePath;
    private long fileSequence;
    private long fileBytes;
    private long fileMaxEpoch;

    /** The mark of the last block on disk: every record of this stream with an epoch at or below it is there. */
    private volatile long writtenMark;
    /** Logger thread: the mark of the last block handed to the syncer (written, its fsync pending or done). */
    private long submittedMark;
    private volatile long bytesWritten; // volatile: read by reports on other threads
    private volatile long syncs;
    /**
     * Nanoseconds this stream spent in log writes and in fsyncs (mostly its syncer, beside the writes); writes are
     * the logger's appends (a copy into a stage, or a buffered write) plus the syncer's direct writes.
     */
    private volatile long writeNanos;
    private volatile long deviceWriteNanos;
    private volatile long syncNanos;

    LogWriter(LogManager manager, int stream) {
        this.manager = manager;
        this.stream = stream;
    }

    void start() throws IOException {
        if (manager.options().logDirectIo()) {
            stages = LogFile.Stages.forDirectory(manager.dir());
        }
        openNextFile();
        syncer.start();
        thread = new Thread(this, "tern-logger-" + stream);
        thread.setDaemon(true);
        thread.start();
    }

    void wake() {
        Thread t = thread;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    long writtenMark() {
        return writtenMark;
    }

    long bytesWritten() {
        return bytesWritten;
    }

    long syncs() {
        return syncs;
    }

    long writeNanos() {
        return writeNanos + deviceWriteNanos;
    }

    long syncNanos() {
        return syncNanos;
    }

    @Override
    public void run() {
        try {
            long nextSync = System.nanoTime() + manager.flushNanos();
            long lastSync = System.nanoTime();
            while (true) {
                boolean last = stopping; // read before draining: whatever was appended before stop is drained
                // A sync round when the flush timer is due or someone waits for an epoch (once the group-commit gap
                // since the last one passed, if another transaction may still join); else only write.
                long now = System.nanoTime();
                boolean sync = last || now - nextSync >= 0 || manager.requested() > submittedMark
                        && now - lastSync >= manager.groupCommitNanos();
                round(sync);
                if (sync) {
                    lastSync = now;
                    nextSync = System.nanoTime() + manager.flushNanos();
                }
                if (last) {
                    break; // close made everything committed durable first; this round drained the rest
                }
                if (manager.failure() != null) {
                    return;
                }
                long waited = manager.requested();
                if (waited <= submittedMark) {
                    long wait = nextSync - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(wait); // async: sync every log_flush_ms (a half-full buffer wakes us)
                    }
                } else if (waited < manager.epochs().current() || manager.advancesEpoch()) {
                    long gap = lastSync + manager.groupCommitNanos() - System.nanoTime();
                    // committers wait and the epoch can end: look again when the group-commit gap ends, and at
                    // least every millisecond within it, so a group whose other transactions all finished is written
                    // without waiting the whole gap out (more often costs the cores a wake-up each time)
                    LockSupport.parkNanos(Math.max(50_000, Math.min(gap, 1_000_000)));
                } else {
                    LockSupport.parkNanos(1_000_000); // committers wait for the epoch timer (sync_advance_epoch=false)
                }
            }
            syncer.stop(); // the last round's fsync (and any queued) is done and its mark published
            file.close(true);
            if (bytesWritten == 0 && fileSequence == 1) {
                Files.deleteIfExists(filePath); // nothing was logged in this open: leave no empty file behind
            }
        } catch (IOException | RuntimeException e) {
            manager.fail("writing log file " + filePath, e);
        } finally {
            syncer.stop();
        }
    }

    /**
     * One round; {@code sync}: fsync and publish a new mark, else only write what the buffers hold (a block that
     * claims nothing new).
     */
    private void round(boolean sync) throws IOException {
        long need = manager.need();
        long mark = submittedMark;
        if (sync) {
            if (manager.requested() >= manager.epochs().current() && manager.advancesEpoch()) {
                manager.epochs().tryAdvance(); // group commit: committers wait for this epoch to end
            }
            // Every record with an epoch below the bound has been appended: its worker left its epoch slot after
            // appending, or will commit in an epoch at or above the bound (see LogManager).
            long bound = manager.epochs().safeEpoch();
            mark = Math.max(submittedMark, bound - 1);
        }
        out.reset();
        for (WorkerLog w : buffers) {
            w.collect(gatherer);
            if (out.length() >= MAX_BLOCK) {
                writeBlock(submittedMark); // an intermediate block claims nothing new
                releaseAll();
                out.reset();
            }
        }
        if (out.count() > 0) {
            manager.dataEpoch(out.maxEpoch());
        }
        boolean block = out.count() > 0 || (sync && mark > submittedMark && need > submittedMark);
        if (block) {
            writeBlock(sync ? mark : submittedMark);
            releaseAll(); // the records are written or staged: the workers may reuse their room
            out.reset();
        }
        LogFile.Write staged = file.flush(); // direct: the round's last stage, for the syncer to write
        if (block && sync) {
            submittedMark = mark;
            syncer.submit(file.channel(), filePath, mark, staged);
            if (fileBytes >= manager.options().logFileBytes()) {
                // A full file is closed once every write and fsync before it is done: no block of the next file may
                // reach the disk before the last of this one (recovery reads a stream's files in order and takes
                // the marks of the next file only if this one ends cleanly).
                syncer.awaitIdle();
                rotate();
            }
        } else if (staged != null) {
            syncer.submit(file.channel(), filePath, NO_MARK, staged);
        }
        for (WorkerLog w : buffers) {
            if (w.finished()) {
                buffers.remove(w);
            }
        }
    }

    private void releaseAll() {
        for (WorkerLog w : buffers) {
            w.release();
        }
    }

    private void writeBlock(long mark) throws IOException {
        long t0 = System.nanoTime();
        out.writeTo(file, LogFormat.LOG_BLOCK_MAGIC, mark);
        writeNanos += System.nanoTime() - t0; // this thread is the only writer
        fileBytes += out.length();
        bytesWritten += out.length();
        fileMaxEpoch = Math.max(fileMaxEpoch, out.maxEpoch());
    }

    private void openNextFile() throws IOException {
        fileSequence++;
        filePath = manager.dir().resolve(LogFiles.logName(manager.generation(), stream, fileSequence));
        file = LogFile.create(manager.io(), filePath, stages, () -> manager.failure() != null,
                w -> syncer.submit(file.channel(), filePath, NO_MARK, w));
        if (stages != null && !file.direct()) {
            stages = null;
            LOG.info("log stream " + stream + " in " + manager.dir() + " writes through the page cache: the file "
                    + "system refused direct I/O");
        }
        ByteBuffer h = LogFormat.fileHeader(LogFormat.LOG_MAGIC, stream, manager.streams(), manager.generation(),
                fileSequence);
        file.write(new ByteBuffer[] {h}, 1);
        LogFile.Write headerWrite = file.flush();
        if (headerWrite != null) {
            headerWrite.run(); // the syncer is idle: nothing else writes this file yet
        }
        file.channel().force(false);
        AtomicFiles.syncDirectory(manager.dir()); // the new name must survive a crash before its blocks count
        fileBytes = LogFormat.FILE_HEADER;
        fileMaxEpoch = 0;
    }

    private void rotate() throws IOException {
        file.close(false); // synced by the syncer; a crash before its length is cut leaves zeros recovery skips
        synchronized (closedFiles) {
            closedFiles.add(new LogFiles.Closed(filePath, fileMaxEpoch));
        }
        openNextFile();
    }

    /** This stream's closed files whose records all lie below {@code epoch}, dropped from its list: to delete. */
    List<Path> takeClosedBelow(long epoch) {
        List<Path> covered = new ArrayList<>();
        synchronized (closedFiles) {
            closedFiles.removeIf(c -> {
                if (c.maxEpoch() < epoch) {
                    covered.add(c.path());
                    return true;
                }
                return false;
            });
        }
        return covered;
    }

    /**
     * The stream's write and fsync thread. The logger hands it, in order, direct writes of the current file and the
     * marks of sync rounds; it takes the requests queued at a time as a batch, runs their writes in order and then one
     * fsync, and publishes the newest mark of the batch (an fsync covers every write before it), so published marks
     * only grow. A batch is what was queued when it began: requests arriving meanwhile wait for the next one, so a
     * busy logger cannot put an fsync off.
     */
    private final class Syncer implements Runnable {
        /** A write to run (or null), then {@code mark} to publish once an fsync follows (or {@link #NO_MARK}). */
        private record Request(FileChannel file, Path path, long mark, LogFile.Write write) {}

        private final ArrayDeque<Request> queue = new ArrayDeque<>(); // guarded by itself
        private boolean busy; // guarded by queue: a request is in progress
        private boolean stopped; // guarded by queue
        private Thread syncThread;

        void start() {
            syncThread = new Thread(this, "tern-log-sync-" + stream);
            syncThread.setDaemon(true);
            syncThread.start();
        }

        /**
         * Logger thread: runs {@code write} (may be null) after those handed over before, then, unless {@code mark}
         * is {@link #NO_MARK}, fsyncs and publishes {@code mark}: {@code file} holds every block of the stream up
         * to it once the writes before are done.
         */
        void submit(FileChannel file, Path path, long mark, LogFile.Write write) {
            synchronized (queue) {
                queue.addLast(new Request(file, path, mark, write));
                queue.notifyAll();
            }
        }

        /** Logger thread: waits until every write handed over ran and every mark is published (or the log failed). */
        void awaitIdle() throws IOException {
            synchronized (queue) {
                while ((busy || !queue.isEmpty()) && manager.failure() == null) {
                    try {
                        queue.wait(100);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException("interrupted while waiting for the log's fsync", e);
                    }
                }
            }
            manager.checkWritable();
        }

        @Override
        public void run() {
            Path path = null;
            try {
                while (true) {
                    int batch;
                    synchronized (queue) {
                        busy = false;
                        queue.notifyAll();
                        while (queue.isEmpty()) {
                            if (stopped) {
                                return;
                            }
                            queue.wait();
                        }
                        batch = queue.size();
                        busy = true;
                    }
                    Request marked = null; // the batch's newest request with a mark
                    for (int i = 0; i < batch; i++) {
                        Request r;
                        synchronized (queue) {
                            r = queue.peekFirst();
                            if (marked != null && r.file() != marked.file()) {
                                break; // another file's requests follow this fsync
                            }
                            queue.pollFirst();
                        }
                        path = r.path();
                        if (r.write() != null) {
                            long t0 = System.nanoTime();
                            r.write().run();
                            deviceWriteNanos += System.nanoTime() - t0; // this thread is its only writer
                        }
                        if (r.mark() != NO_MARK) {
                            marked = r;
                        }
                    }
                    if (marked != null) {
                        long t0 = System.nanoTime();
                        marked.file().force(false); // fdatasync: the data and the file length, not the timestamps
                        syncNanos += System.nanoTime() - t0;
                        syncs++;
                        writtenMark = marked.mark(); // volatile: published after the blocks are on disk
                        manager.published();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException | RuntimeException e) {
                manager.fail("writing or syncing log file " + path, e);
            } finally {
                synchronized (queue) {
                    busy = false;
                    queue.notifyAll();
                }
            }
        }

        /** Stops the thread once it has synced what is queued; waits for that. */
        void stop() {
            synchronized (queue) {
                stopped = true;
                queue.notifyAll();
            }
            Thread t = syncThread;
            if (t != null) {
                try {
                    t.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Stops after draining what was appended before; returns once the thread ended (or the timeout passed). */
    void stop(long timeoutMillis) throws InterruptedException {
        stopping = true;
        wake();
        Thread t = thread;
        if (t != null) {
            t.join(timeoutMillis);
        }
    }
}
