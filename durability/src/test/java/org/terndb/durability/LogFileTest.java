package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log file holds exactly the bytes appended to it, whether written directly (staged, aligned, padded, the last
 * block rewritten by the next write) or buffered.
 */
class LogFileTest {
    /** Runs a full stage's write at once, where the log hands it to its syncer thread. */
    private static final Consumer<LogFile.Write> RUN = w -> {
        try {
            w.run();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    };

    @TempDir
    Path dir;

    /**
     * Appends rounds of parts of random sizes (some longer than the stage, some a few bytes) and checks the file
     * after each round: the bytes so far, then zeros to a block boundary (direct) or nothing (buffered).
     */
    private void appendAndCheck(LogFile file, Path path) throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (int round = 0; round < 40; round++) {
            int count = 1 + random.nextInt(4);
            ByteBuffer[] parts = new ByteBuffer[count];
            for (int i = 0; i < count; i++) {
                int n = round == 7 && i == 0 ? (3 << 20) + 5 : random.nextInt(random.nextBoolean() ? 20 : 9000);
                byte[] bytes = new byte[n];
                random.nextBytes(bytes);
                expected.write(bytes);
                ByteBuffer b = ByteBuffer.allocateDirect(n + 3);
                b.position(3);
                b.put(bytes).position(3); // a segment that starts inside its buffer, as a ring's view does
                parts[i] = b;
            }
            file.write(parts, count);
            LogFile.Write last = file.flush();
            if (last != null) {
                last.run();
            }
            byte[] want = expected.toByteArray();
            byte[] got = Files.readAllBytes(path);
            assertArrayEquals(want, Arrays.copyOf(got, want.length), "the bytes written so far, round " + round);
            if (file.direct()) {
                assertEquals(0, got.length % 512, "a direct file ends on a block boundary while open");
                assertTrue(got.length - want.length < 1 << 16, "at most a block of padding");
                for (int i = want.length; i < got.length; i++) {
                    assertEquals(0, got[i], "zeros after the data");
                }
            } else {
                assertEquals(want.length, got.length);
            }
        }
        file.close(true);
        assertArrayEquals(expected.toByteArray(), Files.readAllBytes(path), "closed: exactly the bytes written");
    }

    @Test
    void directWritesLeaveExactlyTheBytesWrittenOnceClosed() throws Exception {
        Path path = dir.resolve("direct.tlog");
        LogFile file = LogFile.create(FileIo.DEFAULT, path, LogFile.Stages.forDirectory(dir), () -> false, RUN);
        // where the file system refuses direct I/O the file falls back to buffered writes: checked the same way
        appendAndCheck(file, path);
    }

    @Test
    void aFileSystemWithoutDirectIoGetsBufferedWrites() throws Exception {
        Path path = dir.resolve("buffered.tlog");
        LogFile file = LogFile.create(NoDirectIo.INSTANCE, path, new LogFile.Stages(4096), () -> false, RUN);
        assertFalse(file.direct());
        appendAndCheck(file, path);
    }

    @Test
    void anExistingFileIsNeverReplaced() throws Exception {
        Path path = dir.resolve("taken.tlog");
        Files.write(path, new byte[] {1, 2, 3});
        try {
            LogFile.create(FileIo.DEFAULT, path, LogFile.Stages.forDirectory(dir), () -> false, RUN);
            throw new AssertionError("created over an existing file");
        } catch (java.nio.file.FileAlreadyExistsException expected) {
            assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(path));
        }
    }
}
