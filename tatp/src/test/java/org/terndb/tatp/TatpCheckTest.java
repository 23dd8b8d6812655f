package org.terndb.tatp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.tatp.TatpColumns.*;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The consistency conditions pass on a loaded database and catch each kind of damage. */
class TatpCheckTest {
    private static final int SUBSCRIBERS = 200;

    /** A loaded database's rows, editable, behind {@link TatpSource}. */
    private static final class Rows implements TatpSource {
        final Map<TatpTable, List<Object[]>> tables = new EnumMap<>(TatpTable.class);
        final List<Object[]> index = new ArrayList<>();   // {SUB_NBR, S_ID}

        Rows() throws Exception {
            try (LoadedTatp db = new LoadedTatp("silo", SUBSCRIBERS, 1)) {
                for (TatpTable t : TatpTable.values()) {
                    tables.put(t, db.rows(t));
                }
                db.source().numberIndex((number, id) -> index.add(new Object[] {number, id}));
            }
        }

        @Override
        public void rows(TatpTable table, Consumer<Object[]> sink) {
            tables.get(table).forEach(sink);
        }

        @Override
        public void numberIndex(NumberSink sink) {
            index.forEach(e -> sink.entry((String) e[0], (Integer) e[1]));
        }

        @Override
        public int subscriberOf(String number) {
            return index.stream().filter(e -> e[0].equals(number)).mapToInt(e -> (Integer) e[1]).findFirst()
                    .orElse(-1);
        }

        List<TatpCheck.Result> check() throws Exception {
            return new TatpCheck(SUBSCRIBERS).run(this);
        }
    }

    private static void assertOnlyFails(List<TatpCheck.Result> results, int... conditions) {
        List<Integer> failed = results.stream().filter(r -> !r.passed()).map(TatpCheck.Result::condition).toList();
        assertEquals(java.util.Arrays.stream(conditions).boxed().toList(), failed, results.toString());
    }

    @Test
    void aLoadedDatabasePassesEveryCondition() throws Exception {
        List<TatpCheck.Result> results = new Rows().check();
        assertEquals(TatpCheck.CONDITIONS, results.size());
        assertTrue(TatpCheck.passed(results), results.toString());
    }

    @Test
    void aCallForwardingWithoutItsSpecialFacilityFailsCondition6() throws Exception {
        Rows rows = new Rows();
        List<Object[]> facilities = rows.tables.get(TatpTable.SPECIAL_FACILITY);
        Object[] cf = rows.tables.get(TatpTable.CALL_FORWARDING).get(0);
        facilities.removeIf(f -> f[SF_S_ID].equals(cf[CF_S_ID]) && f[SF_TYPE].equals(cf[CF_SF_TYPE]));
        // the subscriber may now have no facility at all, which condition 5 reports too
        List<TatpCheck.Result> results = rows.check();
        assertTrue(!results.get(5).passed(), results.toString());
        assertTrue(results.get(5).detail().contains("has no SPECIAL_FACILITY row"), results.toString());
    }

    @Test
    void aDuplicatePrimaryKeyFailsCondition2() throws Exception {
        Rows rows = new Rows();
        List<Object[]> access = rows.tables.get(TatpTable.ACCESS_INFO);
        Object[] copy = access.get(10).clone();
        access.add(11, copy);
        assertOnlyFails(rows.check(), 2);
    }

    @Test
    void aStaleIndexEntryFailsCondition3() throws Exception {
        Rows rows = new Rows();
        rows.index.get(17)[1] = 30;   // entry 17 is subscriber 18's number
        assertOnlyFails(rows.check(), 3);
        Rows missing = new Rows();
        missing.index.remove(5);
        assertOnlyFails(missing.check(), 3);
    }

    @Test
    void aLostSubscriberOrAnOutOfRangeIngestionValueFailsCondition1() throws Exception {
        Rows rows = new Rows();
        rows.tables.get(TatpTable.SUBSCRIBER).get(3)[VLR_LOCATION] = 0L;
        assertOnlyFails(rows.check(), 1);
        Rows groupLost = new Rows();
        groupLost.tables.get(TatpTable.SUBSCRIBER).get(4)[BIT_1] = null;   // a column group record missing
        assertOnlyFails(groupLost.check(), 1);
    }

    @Test
    void aSubscriberWithoutAccessInfoFailsCondition4() throws Exception {
        Rows rows = new Rows();
        rows.tables.get(TatpTable.ACCESS_INFO).removeIf(a -> a[AI_S_ID].equals(50));
        assertOnlyFails(rows.check(), 4);
    }
}
