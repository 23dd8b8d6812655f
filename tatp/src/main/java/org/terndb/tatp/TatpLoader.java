package org.terndb.tatp;

import static org.terndb.tatp.TatpColumns.*;

import java.util.ArrayList;
import java.util.List;
import org.terndb.harness.ParallelLoad;
import org.terndb.harness.Seeds;

/**
 * Generates the initial population of specification v1.0, section 4.1, and hands it row by row to a {@link Sink}, in
 * parallel tasks of consecutive subscribers. Each task has its own random stream derived from the seed, so the
 * data does not depend on the number of threads.
 * <ul>
 *   <li>SUBSCRIBER: S_ID 1..P, SUB_NBR its 15-digit number, BIT_x 0..1, HEX_x 0..15, BYTE2_x 0..255,
 *       MSC_LOCATION and VLR_LOCATION 1..2^32-1.</li>
 *   <li>ACCESS_INFO: 1 to 4 rows per subscriber with distinct AI_TYPE in 1..4; DATA1, DATA2 0..255; DATA3 3 and
 *       DATA4 5 letters A..Z.</li>
 *   <li>SPECIAL_FACILITY: 1 to 4 rows per subscriber with distinct SF_TYPE in 1..4; IS_ACTIVE 1 in 85% of them;
 *       ERROR_CNTRL, DATA_A 0..255; DATA_B 5 letters.</li>
 *   <li>CALL_FORWARDING: 0 to 3 rows per SPECIAL_FACILITY row with distinct START_TIME in {0, 8, 16};
 *       END_TIME = START_TIME + 1..8; NUMBERX 15 digits.</li>
 * </ul>
 * Row values: TINYINT, SMALLINT, INTEGER as {@link Integer}, BIGINT as {@link Long}, strings as {@link String}.
 */
final class TatpLoader {
    /** Receives generated rows; one per loading thread. */
    @SuppressWarnings("try")   // close() may throw anything its database throws; it is never interrupted
    interface Sink extends AutoCloseable {
        /** @param values the row, reused after the call returns */
        void row(TatpTable table, Object[] values) throws Exception;

        /** Flushes and releases what the thread used; called once, also after a failure. */
        @Override
        void close() throws Exception;
    }

    /** Opens a sink on the loading thread that will use it. */
    @FunctionalInterface
    interface SinkFactory {
        Sink open() throws Exception;
    }

    /** Subscribers per task: small enough to balance threads, large enough to amortise a task. */
    private static final int CHUNK = 10_000;

    private final int subscribers;
    private final long seed;

    TatpLoader(int subscribers, long seed) {
        this.subscribers = subscribers;
        this.seed = seed;
    }

    /** Loads everything with {@code threads} threads, each writing through its own sink from {@code sinks}. */
    void load(int threads, SinkFactory sinks) throws Exception {
        List<ParallelLoad.Task<Sink>> tasks = new ArrayList<>();
        for (int first = 1; first <= subscribers; first += CHUNK) {
            int from = first;
            int to = (int) Math.min(subscribers, (long) first + CHUNK - 1);
            tasks.add(sink -> subscribers(sink, from, to));
        }
        ParallelLoad.run(threads, tasks, sinks::open, "tatp-load");
    }

    private void subscribers(Sink sink, int from, int to) throws Exception {
        TatpRandom r = new TatpRandom(Seeds.mix(seed, from));
        Object[] s = new Object[TatpTable.SUBSCRIBER.schema().size()];
        Object[] ai = new Object[TatpTable.ACCESS_INFO.schema().size()];
        Object[] sf = new Object[TatpTable.SPECIAL_FACILITY.schema().size()];
        Object[] cf = new Object[TatpTable.CALL_FORWARDING.schema().size()];
        int[] types = new int[4];
        int[] starts = {0, 8, 16};
        for (int id = from; id <= to; id++) {
            s[S_ID] = id;
            s[SUB_NBR] = TatpRandom.subscriberNumber(id);
            for (int i = 0; i < FLAGS; i++) {
                s[BIT_1 + i] = r.uniform(0, 1);
                s[HEX_1 + i] = r.uniform(0, 15);
                s[BYTE2_1 + i] = r.uniform(0, 255);
            }
            s[MSC_LOCATION] = r.uniform(1, TatpRandom.MAX_LOCATION);
            s[VLR_LOCATION] = r.uniform(1, TatpRandom.MAX_LOCATION);
            sink.row(TatpTable.SUBSCRIBER, s);

            int n = r.distinctTypes(types);
            for (int i = 0; i < n; i++) {
                ai[AI_S_ID] = id;
                ai[AI_TYPE] = types[i];
                ai[DATA1] = r.uniform(0, 255);
                ai[DATA2] = r.uniform(0, 255);
                ai[DATA3] = r.letters(3);
                ai[DATA4] = r.letters(5);
                sink.row(TatpTable.ACCESS_INFO, ai);
            }

            n = r.distinctTypes(types);
            for (int i = 0; i < n; i++) {
                sf[SF_S_ID] = id;
                sf[SF_TYPE] = types[i];
                sf[IS_ACTIVE] = r.chance(85) ? 1 : 0;
                sf[ERROR_CNTRL] = r.uniform(0, 255);
                sf[DATA_A] = r.uniform(0, 255);
                sf[DATA_B] = r.letters(5);
                sink.row(TatpTable.SPECIAL_FACILITY, sf);

                r.shuffle(starts);
                int forwardings = r.uniform(0, 3);
                for (int k = 0; k < forwardings; k++) {
                    cf[CF_S_ID] = id;
                    cf[CF_SF_TYPE] = types[i];
                    cf[START_TIME] = starts[k];
                    cf[END_TIME] = starts[k] + r.uniform(1, 8);
                    cf[NUMBERX] = r.digits15();
                    sink.row(TatpTable.CALL_FORWARDING, cf);
                }
            }
        }
    }
}
