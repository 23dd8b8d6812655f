package org.terndb.tatp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.tatp.TatpColumns.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/** The population of section 4.1 and the input distributions of sections 3 and 4.2. */
class TatpLoaderTest {

    /** Every generated row as text, in a canonical order. */
    private static List<String> generate(int subscribers, int threads) throws Exception {
        ConcurrentLinkedQueue<String> rows = new ConcurrentLinkedQueue<>();
        new TatpLoader(subscribers, 5).load(threads, () -> new TatpLoader.Sink() {
            @Override
            public void row(TatpTable table, Object[] values) {
                rows.add(table + Arrays.toString(values));
            }

            @Override
            public void close() {
            }
        });
        List<String> sorted = new ArrayList<>(rows);
        sorted.sort(null);
        return sorted;
    }

    @Test
    void populationDoesNotDependOnTheNumberOfThreads() throws Exception {
        assertEquals(generate(15_000, 1), generate(15_000, 3));   // two tasks
    }

    @Test
    void populationFollowsTheSpecificationsDistributions() throws Exception {
        try (LoadedTatp db = new LoadedTatp("silo", 4000, 3)) {
            List<Object[]> subscribers = db.rows(TatpTable.SUBSCRIBER);
            assertEquals(4000, subscribers.size());
            for (Object[] s : subscribers) {
                for (int i = 0; i < FLAGS; i++) {
                    assertTrue((Integer) s[BIT_1 + i] >= 0 && (Integer) s[BIT_1 + i] <= 1);
                    assertTrue((Integer) s[HEX_1 + i] >= 0 && (Integer) s[HEX_1 + i] <= 15);
                    assertTrue((Integer) s[BYTE2_1 + i] >= 0 && (Integer) s[BYTE2_1 + i] <= 255);
                }
                assertTrue((Long) s[MSC_LOCATION] >= 1 && (Long) s[MSC_LOCATION] <= TatpRandom.MAX_LOCATION);
            }
            // 1 to 4 rows per subscriber, 2.5 on average; CALL_FORWARDING 0 to 3 per facility, 1.5 on average.
            double access = db.rows(TatpTable.ACCESS_INFO).size() / 4000.0;
            List<Object[]> facilities = db.rows(TatpTable.SPECIAL_FACILITY);
            double perSubscriber = facilities.size() / 4000.0;
            double forwardings = db.rows(TatpTable.CALL_FORWARDING).size() / (double) facilities.size();
            long active = facilities.stream().filter(f -> f[IS_ACTIVE].equals(1)).count();
            assertEquals(2.5, access, 0.1);
            assertEquals(2.5, perSubscriber, 0.1);
            assertEquals(1.5, forwardings, 0.1);
            assertEquals(0.85, active / (double) facilities.size(), 0.03);
            assertTrue(TatpCheck.passed(new TatpCheck(4000).run(db.source())));
        }
    }

    @Test
    void subscriberIdsAreNonUniformWithTheSpecificationsA() {
        assertEquals(65_535, TatpRandom.nonUniformA(100_000));
        assertEquals(65_535, TatpRandom.nonUniformA(1_000_000));
        assertEquals(1_048_575, TatpRandom.nonUniformA(1_000_001));
        assertEquals(1_048_575, TatpRandom.nonUniformA(10_000_000));
        assertEquals(2_097_151, TatpRandom.nonUniformA(10_000_001));
        TatpRandom r = new TatpRandom(11);
        int subscribers = 100_000;
        int[] hits = new int[subscribers + 1];
        for (int i = 0; i < 1_000_000; i++) {
            int id = r.subscriberId(subscribers);
            assertTrue(id >= 1 && id <= subscribers, "id " + id);
            hits[id]++;
        }
        // (rand(0, A) | rand(1, P)) sets bits: ids with many low bits set are drawn far more often than others.
        int max = Arrays.stream(hits).max().orElseThrow();
        assertTrue(max > 5 * 10, "the hottest id is drawn " + max + " times, not about 10 as uniform ids would be");
    }

    @Test
    void subscriberNumbersAreFifteenDigitIds() {
        assertEquals("000000000000042", TatpRandom.subscriberNumber(42));
        assertEquals("000000100000000", TatpRandom.subscriberNumber(100_000_000));
        assertEquals("000000000000001", TatpRandom.subscriberNumber(1));
        assertEquals("000002147483647", TatpRandom.subscriberNumber(Integer.MAX_VALUE));
        for (int id = 0; id < 2_000_000; id += 997) {
            assertEquals(String.format("%015d", id), TatpRandom.subscriberNumber(id));
        }
        assertThrows(IllegalArgumentException.class, () -> TatpRandom.subscriberNumber(-1));
    }

    @Test
    void inputsDrawTheSpecificationsParameterRanges() {
        TatpInputs in = new TatpInputs(500, 9, TatpSettings.ingestMix(16));
        int[] seen = new int[TatpTxn.count()];
        for (int i = 0; i < 20_000; i++) {
            TatpTxn t = in.next();
            seen[t.ordinal()]++;
            assertTrue(in.subscriber >= 1 && in.subscriber <= 500);
            switch (t) {
                case GET_NEW_DESTINATION -> {
                    assertTrue(in.type >= 1 && in.type <= 4 && in.startTime % 8 == 0 && in.startTime <= 16);
                    assertTrue(in.endTime >= 1 && in.endTime <= 24);
                }
                case INSERT_CALL_FORWARDING -> {
                    assertEquals(TatpRandom.subscriberNumber(in.subscriber), in.subscriberNumber);
                    assertTrue(in.endTime > in.startTime && in.endTime <= in.startTime + 8);
                    assertEquals(15, in.number.length());
                }
                case UPDATE_LOCATION -> assertTrue(in.location >= 1 && in.location <= TatpRandom.MAX_LOCATION);
                case UPDATE_SUBSCRIBER_DATA -> assertTrue(in.bit >= 0 && in.bit <= 1 && in.dataA <= 255);
                default -> {
                }
            }
        }
        // Two full decks of 10,000 cards: exactly the mix, twice.
        assertEquals(7000, seen[TatpTxn.GET_SUBSCRIBER_DATA.ordinal()]);
        assertEquals(2800, seen[TatpTxn.UPDATE_LOCATION.ordinal()]);
        assertEquals(400, seen[TatpTxn.DELETE_CALL_FORWARDING.ordinal()]);
    }
}
