package org.terndb.bench.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeySpaceTest {
    @Test
    void distinctIndicesGiveDistinctKeysOfTheRequestedLength() {
        for (int bytes : new int[] {8, 13, 24}) {
            KeySpace space = new KeySpace(bytes, 7);
            Set<ByteBuffer> seen = new HashSet<>();
            for (long i = 0; i < 50_000; i++) {
                byte[] key = space.key(i);
                assertEquals(bytes, key.length);
                seen.add(ByteBuffer.wrap(key));
            }
            assertEquals(50_000, seen.size());
        }
    }

    @Test
    void sameSeedSameKeysAndWriteMatchesKey() {
        byte[] probe = new byte[20];
        new KeySpace(20, 3).write(12345, probe);
        assertArrayEquals(new KeySpace(20, 3).key(12345), probe);
    }

    @Test
    void keysShorterThanEightBytesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new KeySpace(7, 1));
    }
}
