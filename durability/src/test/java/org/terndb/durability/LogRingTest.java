package org.terndb.durability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The worker-to-logger ring: what the consumer collects is every record whole and in order (records that wrap
 * around the ring's end included, once its ranges are put together as the file gets them), with the right count
 * and an epoch bound, across many turns with a concurrent consumer.
 */
class LogRingTest {
    /** Appends as a worker does: a record that passes the ring's end is written in two pieces. */
    private static boolean append(LogRing ring, ByteBuffer scratch, byte[] key, byte[] row, long epoch, long stamp) {
        int length = LogFormat.recordLength(key, row);
        int at;
        while ((at = ring.claim(length)) < 0) {
            Thread.onSpinWait();
        }
        if (at + length <= ring.capacity()) {
            LogFormat.putRecord(ring.buffer, at, 1, key, row, epoch, stamp);
        } else {
            LogFormat.putRecord(scratch, 0, 1, key, row, epoch, stamp);
            int first = ring.capacity() - at;
            ring.buffer.put(at, scratch, 0, first);
            ring.buffer.put(0, scratch, first, length - first);
        }
        return ring.publish(length, epoch);
    }

    /** Collects like a logger and parses the ranges of each collect together, as they lie in the file. */
    private static final class Parser implements LogRing.Sink {
        private final ByteBuffer copy = ByteBuffer.allocate(1 << 20).order(LogFormat.ORDER);
        final long[] seen;
        int seenCount;
        private int expected;
        private long maxEpoch;
        private int copied;

        Parser(int total) {
            seen = new long[total];
        }

        @Override
        public void records(int count, long epoch) {
            expected = count;
            maxEpoch = epoch;
        }

        @Override
        public void segment(ByteBuffer view) {
            int n = view.remaining();
            copy.put(copied, view, view.position(), n);
            copied += n;
        }

        void parse() {
            int p = 0;
            int records = 0;
            while (p < copied) {
                int length = copy.getInt(p + LogFormat.REC_LENGTH);
                byte[] key = new byte[copy.getInt(p + LogFormat.REC_KEY_LENGTH)];
                byte[] row = new byte[copy.getInt(p + LogFormat.REC_ROW_LENGTH)];
                assertEquals(LogFormat.recordLength(key, row), length);
                copy.get(p + LogFormat.RECORD_HEADER, key);
                long id = copy.getLong(p + LogFormat.REC_STAMP);
                assertEquals(id % 251, key[0] & 0xff, "key bytes of record " + id);
                assertTrue(copy.getLong(p + LogFormat.REC_EPOCH) <= maxEpoch, "epoch bound");
                seen[seenCount++] = id;
                p += length;
                records++;
            }
            assertEquals(copied, p, "the ranges hold whole records");
            assertEquals(expected, records, "the count the producer published");
            copied = 0;
            expected = 0;
        }
    }

    @Test
    void recordsSurviveWrapsWithAConcurrentConsumer() throws Exception {
        LogRing ring = new LogRing(64 << 10);
        int total = 200_000;
        Parser parser = new Parser(total);
        Throwable[] failure = new Throwable[1];
        Thread consumer = new Thread(() -> {
            try {
                while (parser.seenCount < total) {
                    long to = ring.collect(parser);
                    parser.parse();
                    ring.release(to);
                }
            } catch (Throwable t) {
                failure[0] = t;
            }
        });
        consumer.start();
        SplittableRandom r = new SplittableRandom(7);
        ByteBuffer scratch = ByteBuffer.allocate(1 << 16).order(LogFormat.ORDER);
        for (long id = 0; id < total && failure[0] == null; id++) {
            byte[] key = new byte[1 + r.nextInt(40)];
            key[0] = (byte) (id % 251);
            byte[] row = new byte[r.nextInt(500)];
            append(ring, scratch, key, row, 1 + id / 1000, id);
        }
        consumer.join(60_000);
        if (failure[0] != null) {
            throw new AssertionError(failure[0]);
        }
        assertEquals(total, parser.seenCount);
        for (int i = 0; i < total; i++) {
            assertEquals(i, parser.seen[i]);
        }
    }

    @Test
    void publishSaysOncePerFillingThatTheRingPassedHalf() {
        LogRing ring = new LogRing(64 << 10);
        ByteBuffer scratch = ByteBuffer.allocate(4096).order(LogFormat.ORDER);
        byte[] key = new byte[8];
        byte[] row = new byte[1000];
        int length = LogFormat.recordLength(key, row);
        int wakes = 0;
        long appended = 0;
        for (int i = 0; appended + length <= (48 << 10); i++) {
            boolean wake = append(ring, scratch, key, row, 1, i);
            appended += length;
            if (wake) {
                wakes++;
                assertTrue(appended >= 32 << 10 && appended - length < 32 << 10, "woke at " + appended + " bytes");
            }
        }
        assertEquals(1, wakes, "one wake while filling past half");
        int[] count = new int[1];
        ring.release(ring.collect(new LogRing.Sink() {
            @Override
            public void records(int n, long maxEpoch) {
                count[0] += n;
            }

            @Override
            public void segment(ByteBuffer view) {
            }
        }));
        assertEquals(appended / length, count[0], "every record counted");
        assertEquals(0, ring.size(), "released");
    }
}
