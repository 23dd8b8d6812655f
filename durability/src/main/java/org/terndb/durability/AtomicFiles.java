package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Publishing a file atomically: write a temporary file, fsync it, rename it over the target, fsync the folder. */
final class AtomicFiles {
    private AtomicFiles() {
    }

    static void write(FileIo io, Path target, ByteBuffer content) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel ch = io.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            while (content.hasRemaining()) {
                ch.write(content);
            }
            ch.force(true);
        }
        publish(tmp, target);
    }

    /** Renames a complete, fsynced file into place and makes the rename durable. */
    static void publish(Path tmp, Path target) throws IOException {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        syncDirectory(target.getParent());
    }

    /** fsync of a folder: makes created, renamed and deleted names in it durable (Linux; a no-op elsewhere). */
    static void syncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException e) {
            if (!System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("win")) {
                throw e;
            }
        }
    }
}
