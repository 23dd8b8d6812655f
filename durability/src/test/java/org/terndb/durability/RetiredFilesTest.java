package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A covered file is renamed out of the database's names, then deleted a chunk at a time. */
class RetiredFilesTest {
    @TempDir
    Path dir;

    @Test
    void aRetiredFileLeavesTheDatabaseNamesAtOnceAndIsDeletedWhole() throws IOException {
        Path log = dir.resolve(LogFiles.logName(3, 0, 7));
        byte[] head = {1, 2, 3, 4};
        Files.write(log, head);
        try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "rw")) {
            f.setLength((20L << 20) + 5); // several chunks and a part of one
        }
        Path retired = RetiredFiles.retire(log);
        assertFalse(Files.exists(log));
        assertTrue(LogFiles.logs(dir).isEmpty(), "recovery does not see it");
        assertEquals(List.of(retired), LogFiles.leftovers(dir), "an open would delete it");
        assertArrayEquals(head, java.util.Arrays.copyOf(Files.readAllBytes(retired), head.length), "renamed as is");

        List<Long> opened = new ArrayList<>();
        FileIo counting = new FileIo() {
            @Override
            public FileChannel open(Path path, OpenOption... options) throws IOException {
                opened.add(Files.size(path));
                return FileChannel.open(path, options);
            }
        };
        RetiredFiles.delete(counting, retired);
        assertFalse(Files.exists(retired));
        assertEquals(List.of((20L << 20) + 5), opened, "opened once, through the database's file I/O");
        assertTrue(LogFiles.leftovers(dir).isEmpty());
    }

    @Test
    void aFileAlreadyGoneIsNoError() throws IOException {
        assertNull(RetiredFiles.retire(dir.resolve("ckpt-0000000001-0000000000000009.tckp")));
        RetiredFiles.delete(FileIo.DEFAULT, dir.resolve("ckpt-0000000001-0000000000000009.tckp.old"));
        assertTrue(LogFiles.leftovers(dir).isEmpty());
    }
}
