package org.terndb.tatp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.terndb.tatp.TatpColumns.*;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.Protocols;
import org.terndb.txn.Transaction;

/**
 * Each transaction's effects on a small database, row by row against what section 3 of the specification says,
 * through every registered protocol (the logic is the same code).
 */
class TatpLogicTest {
    private static final int SUBSCRIBERS = 300;

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    private static LoadedTatp open(String protocol) throws Exception {
        return new LoadedTatp(protocol, SUBSCRIBERS, 7);
    }

    private static void assertConsistent(LoadedTatp db) throws Exception {
        List<TatpCheck.Result> results = new TatpCheck(db.subscribers).run(db.source());
        assertTrue(TatpCheck.passed(results), results.toString());
    }

    /** Subscribers with and without a SPECIAL_FACILITY row of each type: [id, type] pairs. */
    private static int[] facility(LoadedTatp db, boolean present) throws Exception {
        List<Object[]> facilities = db.rows(TatpTable.SPECIAL_FACILITY);
        for (int id = 1; id <= SUBSCRIBERS; id++) {
            for (int type = 1; type <= 4; type++) {
                boolean has = false;
                for (Object[] f : facilities) {
                    has |= f[SF_S_ID].equals(id) && f[SF_TYPE].equals(type);
                }
                if (has == present) {
                    return new int[] {id, type};
                }
            }
        }
        throw new AssertionError("no subscriber " + (present ? "with" : "without") + " a facility");
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void getSubscriberDataReadsTheWholeRowAndChangesNothing(String protocol) throws Exception {
        try (LoadedTatp db = open(protocol)) {
            TatpLogic logic = new TatpLogic(db.db);
            Object[] before = db.row(TatpTable.SUBSCRIBER, 42);
            assertTrue(db.run(t -> logic.getSubscriberData(t, 42)));
            assertEquals((Long) before[MSC_LOCATION] + (Integer) before[BIT_1] + (Long) before[VLR_LOCATION],
                    logic.outputDigest);
            assertArrayEquals(before, db.row(TatpTable.SUBSCRIBER, 42));
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void getAccessDataFindsTheRowOrFails(String protocol) throws Exception {
        try (LoadedTatp db = open(protocol)) {
            TatpLogic logic = new TatpLogic(db.db);
            List<Object[]> access = db.rows(TatpTable.ACCESS_INFO);
            for (int type = 1; type <= 4; type++) {
                int t = type;
                Object[] row = access.stream().filter(r -> r[AI_S_ID].equals(5) && r[AI_TYPE].equals(t)).findFirst()
                        .orElse(null);
                long digest = logic.outputDigest;
                assertEquals(row != null, db.run(tx -> logic.getAccessData(tx, 5, t)), "AI_TYPE " + type);
                if (row != null) {
                    assertEquals((Integer) row[DATA1] + (Integer) row[DATA2] + 3 + 5, logic.outputDigest - digest);
                }
            }
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void getNewDestinationNeedsAnActiveFacilityAndACoveringForwarding(String protocol) throws Exception {
        try (LoadedTatp db = open(protocol)) {
            TatpLogic logic = new TatpLogic(db.db);
            List<Object[]> facilities = db.rows(TatpTable.SPECIAL_FACILITY);
            List<Object[]> forwardings = db.rows(TatpTable.CALL_FORWARDING);
            int successes = 0;
            for (int id = 1; id <= 40; id++) {
                for (int type = 1; type <= 4; type++) {
                    for (int start : new int[] {0, 8, 16}) {
                        for (int end = 1; end <= 24; end += 5) {
                            int i = id, ty = type, st = start, en = end;
                            boolean active = facilities.stream().anyMatch(f -> f[SF_S_ID].equals(i)
                                    && f[SF_TYPE].equals(ty) && f[IS_ACTIVE].equals(1));
                            boolean covered = forwardings.stream().anyMatch(c -> c[CF_S_ID].equals(i)
                                    && c[CF_SF_TYPE].equals(ty) && (Integer) c[START_TIME] <= st
                                    && en < (Integer) c[END_TIME]);
                            boolean found = db.run(t -> logic.getNewDestination(t, i, ty, st, en));
                            assertEquals(active && covered, found, "(" + id + ", " + type + ", " + start + ", " + end
                                    + ")");
                            successes += found ? 1 : 0;
                        }
                    }
                }
            }
            assertTrue(successes > 0, "some destination is found");
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void updateSubscriberDataWritesBit1AndDataAOrFailsAndWritesNothing(String protocol) throws Exception {
        try (LoadedTatp db = open(protocol)) {
            TatpLogic logic = new TatpLogic(db.db);
            int[] has = facility(db, true);
            Object[] subscriber = db.row(TatpTable.SUBSCRIBER, has[0]);
            int bit = 1 - (Integer) subscriber[BIT_1];
            assertTrue(db.run(t -> logic.updateSubscriberData(t, has[0], bit, has[1], 201)));
            Object[] after = db.row(TatpTable.SUBSCRIBER, has[0]);
            assertEquals(bit, after[BIT_1]);
            subscriber[BIT_1] = bit;
            assertArrayEquals(subscriber, after, "only BIT_1 changed");
            assertEquals(201, db.row(TatpTable.SPECIAL_FACILITY, has[0], has[1])[DATA_A]);

            int[] lacks = facility(db, false);
            Object[] other = db.row(TatpTable.SUBSCRIBER, lacks[0]);
            int otherBit = 1 - (Integer) other[BIT_1];
            assertFalse(db.run(t -> logic.updateSubscriberData(t, lacks[0], otherBit, lacks[1], 7)));
            assertArrayEquals(other, db.row(TatpTable.SUBSCRIBER, lacks[0]), "the failed transaction rolled back");
            assertNull(db.row(TatpTable.SPECIAL_FACILITY, lacks[0], lacks[1]));
            assertConsistent(db);
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void updateLocationFindsTheSubscriberByNumberAndChangesOnlyVlrLocation(String protocol) throws Exception {
        try (LoadedTatp db = open(protocol)) {
            TatpLogic logic = new TatpLogic(db.db);
            Object[] before = db.row(TatpTable.SUBSCRIBER, 123);
            assertTrue(db.run(t -> logic.updateLocation(t, TatpRandom.subscriberNumber(123), 4_000_000_000L)));
            Object[] after = db.row(TatpTable.SUBSCRIBER, 123);
            before[VLR_LOCATION] = 4_000_000_000L;
            assertArrayEquals(before, after);
            assertConsistent(db);
        }
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void insertCallForwardingNeedsTheFacilityAndFailsOnADuplicate(String protocol) throws Exception {
        try (LoadedTatp db = open(protocol)) {
            TatpLogic logic = new TatpLogic(db.db);
            int[] lacks = facility(db, false);
            String lacking = TatpRandom.subscriberNumber(lacks[0]);
            assertFalse(db.run(t -> logic.insertCallForwarding(t, lacking, lacks[1], 8, 12, "123456789012345")),
                    "no SPECIAL_FACILITY row of that type: the foreign key fails it");
            assertNull(db.row(TatpTable.CALL_FORWARDING, lacks[0], lacks[1], 8));

            int[] has = facility(db, true);
            String number = TatpRandom.subscriberNumber(has[0]);
            int start = freeStart(db, has[0], has[1]);
            assertTrue(db.run(t -> logic.insertCallForwarding(t, number, has[1], start, start + 3, "555000111222333")));
            assertArrayEquals(new Object[] {has[0], has[1], start, start + 3, "555000111222333"},
                    db.row(TatpTable.CALL_FORWARDING, has[0], has[1], start));
            assertFalse(db.run(t -> logic.insertCallForwarding(t, number, has[1], start, start + 5, "999999999999999")),
                    "the row exists");
            assertEquals(start + 3, db.row(TatpTable.CALL_FORWARDING, has[0], has[1], start)[END_TIME]);
            assertConsistent(db);
        }
    }

    private static int freeStart(LoadedTatp db, int id, int type) throws Exception {
        for (int start : new int[] {0, 8, 16}) {
            if (db.row(TatpTable.CALL_FORWARDING, id, type, start) == null) {
                return start;
            }
        }
        db.run(t -> new TatpLogic(db.db).deleteCallForwarding(t, TatpRandom.subscriberNumber(id), type, 16));
        return 16;
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void deleteCallForwardingRemovesTheRowOrFails(String protocol) throws Exception {
        try (LoadedTatp db = open(protocol)) {
            TatpLogic logic = new TatpLogic(db.db);
            Object[] some = db.rows(TatpTable.CALL_FORWARDING).get(3);
            int id = (Integer) some[CF_S_ID];
            int type = (Integer) some[CF_SF_TYPE];
            int start = (Integer) some[START_TIME];
            String number = TatpRandom.subscriberNumber(id);
            int rows = db.rows(TatpTable.CALL_FORWARDING).size();
            assertTrue(db.run(t -> logic.deleteCallForwarding(t, number, type, start)));
            assertNull(db.row(TatpTable.CALL_FORWARDING, id, type, start));
            assertEquals(rows - 1, db.rows(TatpTable.CALL_FORWARDING).size());
            assertFalse(db.run(t -> logic.deleteCallForwarding(t, number, type, start)), "nothing left to delete");
            assertConsistent(db);
        }
    }

    /**
     * The ingestion writes reach Silo as blind writes: a transaction that overwrote VLR_LOCATION commits although
     * another transaction updated the same record after it wrote (a read-modify-write would fail validation).
     */
    @Test
    void updateLocationIsBlindSoAConcurrentOverwriteDoesNotAbortIt() throws Exception {
        for (String protocol : List.of("silo", "silo+sse")) {
            try (LoadedTatp db = open(protocol); var other = db.cc.newWorker()) {
                TatpLogic logic = new TatpLogic(db.db);
                TatpLogic otherLogic = new TatpLogic(db.db);
                String number = TatpRandom.subscriberNumber(9);
                List<Throwable> failures = new ArrayList<>();
                Transaction mine = db.worker.begin();
                assertTrue(logic.updateLocation(mine, number, 111));
                Thread t = new Thread(() -> {
                    try {
                        Transaction theirs = other.begin();
                        assertTrue(otherLogic.updateLocation(theirs, number, 222));
                        theirs.commit();
                    } catch (Throwable e) {
                        failures.add(e);
                    }
                });
                t.start();
                t.join();
                assertTrue(failures.isEmpty(), failures.toString());
                mine.commit();   // blind: no read of the VLR_LOCATION record to validate
                Object[] row = db.row(TatpTable.SUBSCRIBER, 9);
                assertNotNull(row);
                assertTrue(row[VLR_LOCATION].equals(111L) || row[VLR_LOCATION].equals(222L), protocol + ": " + row[VLR_LOCATION]);
                assertConsistent(db);
            }
        }
    }
}
