package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class DurabilityOptionsTest {
    @Test
    void defaultsAreSyncWithOneLogger() {
        DurabilityOptions o = DurabilityOptions.defaults();
        assertEquals(DurabilityOptions.Mode.SYNC, o.mode());
        assertEquals(1, o.logThreads());
        assertEquals(1 << 20, o.logBufferBytes());
    }

    @Test
    void badValuesFailWithWhatIsValid() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DurabilityOptions.of(Map.of("durability", "maybe")));
        assertTrue(e.getMessage().contains("sync, async, none"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> DurabilityOptions.of(Map.of("log_threads", "0")));
        assertTrue(e.getMessage().contains("positive"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> DurabilityOptions.of(Map.of("nosuch", "1")));
        assertTrue(e.getMessage().contains("checkpoint_interval_s"), e.getMessage());
    }

    @Test
    void bufferSizeRoundsUpToAPowerOfTwo() {
        assertEquals(128 << 10, DurabilityOptions.of(Map.of("log_buffer_kb", "100")).logBufferBytes());
        assertEquals(64 << 10, DurabilityOptions.of(Map.of("log_buffer_kb", "1")).logBufferBytes());
    }
}
