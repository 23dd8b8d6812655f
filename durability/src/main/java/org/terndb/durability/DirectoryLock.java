package org.terndb.durability;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One opener per database directory: an OS file lock on {@code LOCK} keeps other processes out, and a JVM-wide
 * set keeps a second open in this JVM out (an OS lock does not exclude its own process).
 */
final class DirectoryLock implements AutoCloseable {
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path dir;
    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(Path dir, FileChannel channel, FileLock lock) {
        this.dir = dir;
        this.channel = channel;
        this.lock = lock;
    }

    /** Locks {@code dir} (which must exist), or fails with a message saying who holds it. */
    static DirectoryLock acquire(Path dir) throws IOException {
        Path real = dir.toRealPath();
        if (!HELD.add(real)) {
            throw new IOException("database directory " + real + " is already open in this JVM; close that database "
                    + "first (connections to the same jdbc:tern:file: URL share one open database)");
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(real.resolve("LOCK"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null;
            }
            if (lock == null) {
                throw new IOException("database directory " + real + " is locked by another process; close the "
                        + "database there first");
            }
            return new DirectoryLock(real, channel, lock);
        } catch (IOException | RuntimeException e) {
            HELD.remove(real);
            if (channel != null) {
                channel.close();
            }
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the lock goes with the channel (and with the process) anyway
        } finally {
            HELD.remove(dir);
        }
    }
}
