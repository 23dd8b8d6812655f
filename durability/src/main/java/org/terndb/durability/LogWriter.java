package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * A logger thread (SiloR §4.1): owns one log stream (its own sequence of files) and the buffers of the workers
 * assigned to it. Each round: advance the epoch if committers wait for it, read the bound (every record with an
 * epoch below it has been appended), drain every buffer into one block, write the block with one sequential write,
 * fsync, and publish the block's mark (bound - 1) as this stream's durable epoch.
 */
final class LogWriter implements Runnable {
    /** Records of one round beyond this go out in more than one block (the mark only in the last). */
    private static final int MAX_BLOCK = 8 << 20;

    private final LogManager manager;
    final int stream;
    final CopyOnWriteArrayList<WorkerLog> buffers = new CopyOnWriteArrayList<>();
    private final BlockBuffer out = new BlockBuffer(1 << 20);
    private final LogRing.Sink copier = new LogRing.Sink() {
        @Override
        public void record(ByteBuffer b, int at, int length) {
            out.count(b.getLong(at + LogFormat.REC_EPOCH));
        }

        @Override
        public void copy(ByteBuffer b, int at, int length) {
            out.append(b, at, length);
        }
    };
    private final List<LogFiles.Closed> closedFiles = new ArrayList<>(); // guarded by itself
    private Thread thread;
    private volatile boolean stopping;

    private FileChannel file;
    private Path filePath;
    private long fileSequence;
    private long fileBytes;
    private long fileMaxEpoch;

    /** The mark of the last block on disk: every record of this stream with an epoch at or below it is there. */
    private volatile long writtenMark;
    private volatile long bytesWritten; // volatile: read by reports on other threads
    private volatile long syncs;

    LogWriter(LogManager manager, int stream) {
        this.manager = manager;
        this.stream = stream;
    }

    void start() throws IOException {
        openNextFile();
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

    @Override
    public void run() {
        try {
            while (true) {
                boolean last = stopping; // read before draining: whatever was appended before stop is drained
                round();
                if (last) {
                    break; // close made everything committed durable first; this round drained the rest
                }
                if (manager.failure() != null) {
                    return;
                }
                long waited = manager.requested();
                if (waited <= writtenMark) {
                    LockSupport.parkNanos(manager.flushNanos()); // async: write every log_flush_ms
                } else if (waited < manager.epochs().current() || manager.advancesEpoch()) {
                    LockSupport.parkNanos(50_000); // committers wait and the epoch can end: look again soon
                } else {
                    LockSupport.parkNanos(1_000_000); // committers wait for the epoch timer (sync_advance_epoch=false)
                }
            }
            file.force(false);
            file.close();
            if (bytesWritten == 0 && fileSequence == 1) {
                Files.deleteIfExists(filePath); // nothing was logged in this open: leave no empty file behind
            }
        } catch (IOException | RuntimeException e) {
            manager.fail("writing log file " + filePath, e);
        }
    }

    private void round() throws IOException {
        long need = manager.need();
        if (manager.requested() >= manager.epochs().current() && manager.advancesEpoch()) {
            manager.epochs().tryAdvance(); // group commit: committers wait for this epoch to end
        }
        // Every record with an epoch below the bound has been appended: its worker left its epoch slot after
        // appending, or will commit in an epoch at or above the bound (see LogManager).
        long bound = manager.epochs().safeEpoch();
        long mark = Math.max(writtenMark, bound - 1);
        out.reset();
        for (WorkerLog w : buffers) {
            w.drain(copier);
            if (out.length() >= MAX_BLOCK) {
                writeBlock(writtenMark, false); // an intermediate block claims nothing new
                out.reset();
            }
        }
        for (WorkerLog w : buffers) {
            if (w.finished()) {
                buffers.remove(w);
            }
        }
        if (out.count() > 0) {
            manager.dataEpoch(out.maxEpoch());
        }
        if (out.count() > 0 || (mark > writtenMark && need > writtenMark)) {
            writeBlock(mark, true);
            manager.published();
        }
    }

    private void writeBlock(long mark, boolean sync) throws IOException {
        out.writeTo(file, LogFormat.LOG_BLOCK_MAGIC, mark);
        fileBytes += out.length();
        bytesWritten += out.length();
        fileMaxEpoch = Math.max(fileMaxEpoch, out.maxEpoch());
        if (sync) {
            file.force(false); // fdatasync: the data and the file length, not the timestamps
            syncs++;
            writtenMark = mark; // volatile: published after the block is on disk
        }
        if (fileBytes >= manager.options().logFileBytes() && sync) {
            rotate();
        }
    }

    private void openNextFile() throws IOException {
        fileSequence++;
        filePath = manager.dir().resolve(LogFiles.logName(manager.generation(), stream, fileSequence));
        file = manager.io().open(filePath, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        ByteBuffer h = LogFormat.fileHeader(LogFormat.LOG_MAGIC, stream, manager.streams(), manager.generation(),
                fileSequence);
        while (h.hasRemaining()) {
            file.write(h);
        }
        file.force(false);
        AtomicFiles.syncDirectory(manager.dir()); // the new name must survive a crash before its blocks count
        fileBytes = LogFormat.FILE_HEADER;
        fileMaxEpoch = 0;
    }

    private void rotate() throws IOException {
        file.close();
        synchronized (closedFiles) {
            closedFiles.add(new LogFiles.Closed(filePath, fileMaxEpoch));
        }
        openNextFile();
    }

    /** Deletes this stream's closed files whose records all lie below {@code epoch}; returns how many. */
    int deleteClosedBelow(long epoch) throws IOException {
        List<Path> doomed = new ArrayList<>();
        synchronized (closedFiles) {
            closedFiles.removeIf(c -> {
                if (c.maxEpoch() < epoch) {
                    doomed.add(c.path());
                    return true;
                }
                return false;
            });
        }
        for (Path p : doomed) {
            Files.deleteIfExists(p);
        }
        return doomed.size();
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
