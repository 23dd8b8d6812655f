package org.terndb.durability;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A file system that refuses direct I/O as Linux's tmpfs did: the open creates the file, then fails with EINVAL.
 * Covers the buffered fallbacks on any file system.
 */
final class NoDirectIo implements FileIo {
    static final NoDirectIo INSTANCE = new NoDirectIo();

    private NoDirectIo() {}

    @Override
    public FileChannel open(Path path, OpenOption... options) throws IOException {
        if (Arrays.asList(options).contains(ExtendedOpenOption.DIRECT)) {
            FileChannel.open(path, options).close();
            throw new IOException("Invalid argument");
        }
        return FileChannel.open(path, options);
    }
}
