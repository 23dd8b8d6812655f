package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The worker-to-logger ring: records come out whole and in order, across many wraps, with a concurrent reader. */
class LogRingTest {
    @Test
    void recordsSurviveWrapsWithAConcurrentConsumer() throws Exception {
        LogRing ring = new LogRing(64 << 10);
        int total = 200_000;
        List<Long> seen = new ArrayList<>();
        ByteBuffer copy = ByteBuffer.allocate(1 << 20).order(LogFormat.ORDER);
        LogRing.Sink sink = new LogRing.Sink() {
            @Override
            public void record(ByteBuffer b, int at, int length) {
                assertEquals(LogFormat.recordLength(new byte[b.getInt(at + LogFormat.REC_KEY_LENGTH)],
                        new byte[b.getInt(at + LogFormat.REC_ROW_LENGTH)]), length);
                byte[] key = new byte[b.getInt(at + LogFormat.REC_KEY_LENGTH)];
                b.get(at + LogFormat.RECORD_HEADER, key);
                long id = b.getLong(at + LogFormat.REC_STAMP);
                assertEquals(id % 251, key.length == 0 ? 0 : (key[0] & 0xff), "key bytes of record " + id);
                seen.add(id);
            }

            @Override
            public void copy(ByteBuffer b, int at, int length) {
                // whole runs of records: parse them again from the copy
                copy.clear();
                copy.put(0, b, at, length);
                int p = 0;
                while (p < length) {
                    p += copy.getInt(p);
                }
                assertEquals(length, p, "a run holds whole records");
            }
        };
        Thread consumer = new Thread(() -> {
            while (seen.size() < total) {
                ring.drain(sink);
            }
        });
        consumer.start();
        SplittableRandom r = new SplittableRandom(7);
        for (long id = 0; id < total; id++) {
            byte[] key = new byte[1 + r.nextInt(40)];
            key[0] = (byte) (id % 251);
            byte[] row = new byte[r.nextInt(500)];
            int length = LogFormat.recordLength(key, row);
            int at;
            while ((at = ring.claim(length)) < 0) {
                Thread.onSpinWait();
            }
            LogFormat.putRecord(ring.buffer, at, 1, key, row, 1, id);
            ring.publish(length);
        }
        consumer.join();
        for (int i = 0; i < total; i++) {
            assertEquals(i, (long) seen.get(i));
        }
    }
}
