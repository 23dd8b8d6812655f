package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One opener per database directory: a second open in this JVM or in another process fails clearly. */
class DirectoryLockTest {
    @TempDir
    Path dir;

    @Test
    void secondOpenInTheSameJvmFails() throws Exception {
        try (Durability first = Durability.open(dir, DurabilityOptions.defaults())) {
            IOException e = assertThrows(IOException.class, () -> Durability.open(dir, DurabilityOptions.defaults()));
            assertTrue(e.getMessage().contains("already open in this JVM"), e.getMessage());
        }
        Durability.open(dir, DurabilityOptions.defaults()).close(); // free again after close
    }

    @Test
    void secondProcessFails() throws Exception {
        try (Durability first = Durability.open(dir, DurabilityOptions.defaults())) {
            ChildProcess child = ChildProcess.start(LockProbe.class, dir, dir.toString());
            child.process.waitFor();
            child.close();
            assertEquals(3, child.process.exitValue(), child.stderr());
            assertTrue(child.stderr().contains("locked by another process"), child.stderr());
        }
    }

    /** Child: tries to open the directory; exit 3 with the message on stderr if it is locked. */
    public static final class LockProbe {
        public static void main(String[] args) {
            try (Durability d = Durability.open(Path.of(args[0]), DurabilityOptions.defaults())) {
                System.exit(0);
            } catch (IOException e) {
                System.err.println(e.getMessage());
                System.exit(3);
            }
        }
    }
}
