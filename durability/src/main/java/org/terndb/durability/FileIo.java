package org.terndb.durability;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * How the durability layer opens files for writing: the seam where tests inject I/O failures (disk full,
 * failed fsync), as SQLite's VFS does for its crash and fault tests.
 */
interface FileIo {
    FileIo DEFAULT = FileChannel::open;

    FileChannel open(Path path, OpenOption... options) throws IOException;

    /**
     * Creates {@code path} as {@link #open} does with {@code options} (which create it), for direct I/O (O_DIRECT);
     * null if the file system refuses direct I/O (tmpfs answers EINVAL), leaving no file behind. A file that
     * {@code CREATE_NEW} finds already there is an error, not a refusal.
     */
    default FileChannel createDirect(Path path, OpenOption... options) throws IOException {
        OpenOption[] direct = Arrays.copyOf(options, options.length + 1);
        direct[options.length] = ExtendedOpenOption.DIRECT;
        try {
            return open(path, direct);
        } catch (FileAlreadyExistsException e) {
            throw e;
        } catch (IOException | UnsupportedOperationException e) {
            Files.deleteIfExists(path); // if the refused open created it: the caller creates it anew
            return null;
        }
    }

    /**
     * The alignment of direct I/O on {@code dir}'s file system: its block size, at least 4 KiB, if that is a power of
     * two up to 64 KiB; 0 if the file system does not tell a usable one (then write through the page cache).
     */
    static int directAlignment(Path dir) {
        long block;
        try {
            block = Files.getFileStore(dir).getBlockSize();
        } catch (IOException | UnsupportedOperationException e) {
            return 0;
        }
        return block > 0 && block <= 1 << 16 && Long.bitCount(block) == 1 ? (int) Math.max(block, 4096) : 0;
    }
}
