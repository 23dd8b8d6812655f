package org.terndb.durability;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * How the durability layer opens files for writing: the seam where tests inject I/O failures (disk full,
 * failed fsync), as SQLite's VFS does for its crash and fault tests.
 */
interface FileIo {
    FileIo DEFAULT = FileChannel::open;

    FileChannel open(Path path, OpenOption... options) throws IOException;
}
