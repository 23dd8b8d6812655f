package org.terndb.durability;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Deleting the files a checkpoint covers (logs below its start epoch, older checkpoints) without stalling the log.
 * On a file system mounted with online discard (ext4 {@code -o discard}) the journal commit after a deletion waits
 * until the device has discarded every block it freed, and a log fsync waits for that commit: unlinking a checkpoint's
 * few hundred MiB of covered logs at once held the log's writes for tens of milliseconds each time, and the workers
 * with them. So a covered file is first renamed out of the database's names ({@link #retire}: recovery never reads
 * it, and an open deletes any that a crash left), then {@linkplain #delete shortened a chunk at a time}, each chunk's
 * blocks freed by a commit of its own.
 */
final class RetiredFiles {
    /** The suffix of a retired file's name ({@link LogFiles#leftovers} finds them). */
    private static final String SUFFIX = ".old";
    /** Bytes freed per truncation and fdatasync: a commit discards at most this much. */
    private static final long CHUNK = 8 << 20;

    private RetiredFiles() {
    }

    /**
     * Renames {@code file} to its retired name; returns that, or null if {@code file} is already gone. The caller
     * makes the renames durable ({@link AtomicFiles#syncDirectory}) before it deletes.
     */
    static Path retire(Path file) throws IOException {
        Path retired = file.resolveSibling(file.getFileName() + SUFFIX);
        try {
            Files.move(file, retired, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (NoSuchFileException e) {
            return null;
        }
        return retired;
    }

    /** Deletes a retired file: cut {@link #CHUNK} bytes from its end and fdatasync, until little is left; unlink. */
    static void delete(FileIo io, Path retired) throws IOException {
        try (FileChannel ch = io.open(retired, StandardOpenOption.WRITE)) {
            for (long size = ch.size() - CHUNK; size > 0; size -= CHUNK) {
                ch.truncate(size);
                ch.force(false);
            }
        } catch (NoSuchFileException e) {
            return;
        }
        Files.deleteIfExists(retired);
    }
}
