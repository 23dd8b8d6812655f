package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The replay table keeps each key's newest logged version, reading keys in place, and allocates nothing per record. */
class ReplayTableTest {

    /** A log file image: records only (offsets returned), no headers; enough for the table. */
    private static ByteBuffer log(List<Integer> offsets, Object[]... records) {
        ByteBuffer b = ByteBuffer.allocateDirect(1 << 20).order(LogFormat.ORDER);
        int at = 0;
        for (Object[] r : records) {
            offsets.add(at);
            byte[] key = ((String) r[1]).getBytes(StandardCharsets.UTF_8);
            byte[] row = r[2] == null ? null : ((String) r[2]).getBytes(StandardCharsets.UTF_8);
            at += LogFormat.putRecord(b, at, (Integer) r[0], key, row, 1, (Long) r[3]);
        }
        return b;
    }

    private static int hash(ByteBuffer b, int r) {
        return ReplayTable.hash(b, b.getInt(r + LogFormat.REC_TABLE), r + LogFormat.RECORD_HEADER,
                b.getInt(r + LogFormat.REC_KEY_LENGTH));
    }

    private static String row(ByteBuffer b, int r) {
        int keyLength = b.getInt(r + LogFormat.REC_KEY_LENGTH);
        int rowLength = b.getInt(r + LogFormat.REC_ROW_LENGTH);
        if (rowLength == LogFormat.DELETE) {
            return null;
        }
        byte[] row = new byte[rowLength];
        b.get(r + LogFormat.RECORD_HEADER + keyLength, row);
        return new String(row, StandardCharsets.UTF_8);
    }

    @Test
    void keepsTheNewestVersionByGenerationThenStampAndTellsTablesApart() {
        List<Integer> o0 = new ArrayList<>();
        ByteBuffer g1 = log(o0, new Object[] {1, "a", "a1", 5L}, new Object[] {1, "a", "a-old", 3L},
                new Object[] {2, "a", "other table", 1L}, new Object[] {1, "b", "b1", 9L});
        List<Integer> o1 = new ArrayList<>();
        ByteBuffer g2 = log(o1, new Object[] {1, "b", null, 1L}); // a later generation: wins with a smaller stamp
        ReplayTable t = new ReplayTable(new ByteBuffer[] {g1, g2}, new long[] {1, 2}, 2); // small: it has to grow
        for (int r : o0) {
            t.offer(hash(g1, r), 0, r);
        }
        for (int r : o1) {
            t.offer(hash(g2, r), 1, r);
        }
        assertEquals(3, t.size());
        int a = t.find(hash(g1, o0.get(0)), g1, 1, o0.get(0) + LogFormat.RECORD_HEADER, 1);
        assertTrue(t.holds(a, 0, o0.get(0)), "stamp 5 beats stamp 3");
        assertEquals("a1", row(g1, o0.get(0)));
        int other = t.find(hash(g1, o0.get(2)), g1, 2, o0.get(2) + LogFormat.RECORD_HEADER, 1);
        assertTrue(other != a && t.holds(other, 0, o0.get(2)), "the same key bytes in another table are another key");
        int b = t.find(hash(g1, o0.get(3)), g1, 1, o0.get(3) + LogFormat.RECORD_HEADER, 1);
        assertTrue(t.holds(b, 1, o1.get(0)), "the later generation's delete wins");
        assertEquals(2, t.generation(b));
        t.supersede(b);
        assertFalse(t.holds(b, 1, o1.get(0)), "superseded by the checkpoint");
        assertEquals(-1, t.find(hash(g1, o0.get(3)), g1, 1, o0.get(3) + LogFormat.RECORD_HEADER, 1));
    }

    @Test
    void replayingRecordsAllocatesNothingInSteadyState() {
        int n = 20_000;
        ByteBuffer b = ByteBuffer.allocateDirect(n * 64).order(LogFormat.ORDER);
        int[] offsets = new int[n];
        int at = 0;
        byte[] row = new byte[16];
        for (int i = 0; i < n; i++) {
            offsets[i] = at;
            byte[] key = ByteBuffer.allocate(12).putInt(i % 7).putLong(i * 7919L).array();
            at += LogFormat.putRecord(b, at, 1 + i % 3, key, row, 1, i);
        }
        ReplayTable t = new ReplayTable(new ByteBuffer[] {b}, new long[] {1}, n);
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long allocated = 0;
        for (int pass = 0; pass < 20; pass++) { // every pass after the first finds every key again (an update)
            long before = mx.getThreadAllocatedBytes(id);
            for (int i = 0; i < n; i++) {
                t.offer(hash(b, offsets[i]), 0, offsets[i]);
            }
            allocated = mx.getThreadAllocatedBytes(id) - before;
        }
        assertEquals(n, t.size());
        assertTrue(allocated < 4096, allocated + " bytes allocated replaying " + n + " records");
    }
}
