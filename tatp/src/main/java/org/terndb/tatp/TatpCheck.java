package org.terndb.tatp;

import static org.terndb.tatp.TatpColumns.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Consistency conditions of a quiescent TATP database. The specification defines none; these are what its
 * transactions must preserve and what a broken protocol, index or loader would violate:
 * <ol>
 *   <li>SUBSCRIBER holds exactly S_ID 1..P, each with SUB_NBR its 15-digit id, BIT_1 in 0..1 and VLR_LOCATION in
 *       1..2^32-1 (the values UPDATE_SUBSCRIBER_DATA and UPDATE_LOCATION write).</li>
 *   <li>No table has two rows with one primary key (rows come in strictly increasing key order).</li>
 *   <li>The SUB_NBR index matches SUBSCRIBER: one entry per subscriber, in SUB_NBR order, and a lookup of every
 *       subscriber's number finds that subscriber.</li>
 *   <li>ACCESS_INFO: 1 to 4 rows per subscriber, AI_TYPE in 1..4 (no transaction inserts or deletes them).</li>
 *   <li>SPECIAL_FACILITY: 1 to 4 rows per subscriber, SF_TYPE in 1..4, DATA_A in 0..255.</li>
 *   <li>Every CALL_FORWARDING row has its SPECIAL_FACILITY row (S_ID, SF_TYPE), START_TIME in {0, 8, 16} and
 *       END_TIME = START_TIME + 1..8.</li>
 * </ol>
 */
final class TatpCheck {
    static final int CONDITIONS = 6;

    /** One condition's outcome; {@code detail} says what failed first (empty when passed). */
    record Result(int condition, String name, boolean passed, String detail) {
        @Override
        public String toString() {
            return String.format("condition %d  %s  %s%s", condition, passed ? "pass" : "FAIL", name,
                    passed ? "" : ": " + detail);
        }
    }

    private final int subscribers;

    TatpCheck(int subscribers) {
        this.subscribers = subscribers;
    }

    static boolean passed(List<Result> results) {
        return results.stream().allMatch(Result::passed);
    }

    /** Collects the first violation of each condition. */
    private static final class Findings {
        final String[] first = new String[CONDITIONS + 1];

        void fail(int condition, String detail) {
            if (first[condition] == null) {
                first[condition] = detail;
            }
        }
    }

    List<Result> run(TatpSource source) throws Exception {
        Findings f = new Findings();
        // Condition 1 (and the numbers condition 3 compares with).
        String[] numbers = new String[subscribers + 1];
        long[] seen = {0};
        int[] lastId = {0};
        source.rows(TatpTable.SUBSCRIBER, v -> {
            seen[0]++;
            Integer id = (Integer) v[S_ID];
            if (id == null || id < 1 || id > subscribers) {
                f.fail(1, "a row has S_ID " + id + ", outside 1.." + subscribers);
                return;
            }
            if (id <= lastId[0]) {
                f.fail(2, "SUBSCRIBER key " + id + " follows " + lastId[0]);
            }
            lastId[0] = id;
            numbers[id] = (String) v[SUB_NBR];
            if (!TatpRandom.subscriberNumber(id).equals(v[SUB_NBR])) {
                f.fail(1, "subscriber " + id + " has SUB_NBR " + v[SUB_NBR]);
            }
            Integer bit = (Integer) v[BIT_1];
            Long location = (Long) v[VLR_LOCATION];
            if (bit == null || bit < 0 || bit > 1) {
                f.fail(1, "subscriber " + id + " has BIT_1 " + bit);
            }
            if (location == null || location < 1 || location > TatpRandom.MAX_LOCATION) {
                f.fail(1, "subscriber " + id + " has VLR_LOCATION " + location);
            }
        });
        if (seen[0] != subscribers) {
            f.fail(1, "SUBSCRIBER has " + seen[0] + " rows, not " + subscribers);
        }
        for (int id = 1; id <= subscribers; id++) {
            if (numbers[id] == null) {
                f.fail(1, "subscriber " + id + " is missing");
                break;
            }
        }

        // Condition 3: the index.
        long[] entries = {0};
        String[] lastNumber = {null};
        source.numberIndex((number, id) -> {
            entries[0]++;
            if (lastNumber[0] != null && number.compareTo(lastNumber[0]) <= 0) {
                f.fail(3, "index entry " + number + " follows " + lastNumber[0]);
            }
            lastNumber[0] = number;
            if (id < 1 || id > subscribers || !number.equals(numbers[id])) {
                f.fail(3, "index entry " + number + " leads to subscriber " + id + " whose SUB_NBR is "
                        + (id < 1 || id > subscribers ? "none" : numbers[id]));
            }
        });
        if (entries[0] != seen[0]) {
            f.fail(3, "the index has " + entries[0] + " entries for " + seen[0] + " subscribers");
        }
        for (int id = 1; id <= subscribers; id++) {
            if (numbers[id] != null) {
                int found = source.subscriberOf(numbers[id]);
                if (found != id) {
                    f.fail(3, "looking up " + numbers[id] + " finds subscriber " + found + ", not " + id);
                    break;
                }
            }
        }

        // Conditions 4 and 5: rows per subscriber and types.
        byte[] accessRows = new byte[subscribers + 1];
        long[] lastKey = {0};
        source.rows(TatpTable.ACCESS_INFO, v -> {
            Integer id = (Integer) v[AI_S_ID];
            Integer type = (Integer) v[AI_TYPE];
            ordered(f, "ACCESS_INFO", lastKey, id, type, 0);
            if (id == null || id < 1 || id > subscribers || numbers[id] == null) {
                f.fail(4, "ACCESS_INFO row of subscriber " + id + ", which does not exist");
            } else {
                accessRows[id]++;
            }
            if (type == null || type < 1 || type > 4) {
                f.fail(4, "subscriber " + id + " has AI_TYPE " + type);
            }
        });
        checkPerSubscriber(f, 4, "ACCESS_INFO", accessRows);

        byte[] facilities = new byte[subscribers + 1];   // bit t: the subscriber has SF_TYPE t
        byte[] facilityRows = new byte[subscribers + 1];
        lastKey[0] = 0;
        source.rows(TatpTable.SPECIAL_FACILITY, v -> {
            Integer id = (Integer) v[SF_S_ID];
            Integer type = (Integer) v[SF_TYPE];
            ordered(f, "SPECIAL_FACILITY", lastKey, id, type, 0);
            if (id == null || id < 1 || id > subscribers || numbers[id] == null) {
                f.fail(5, "SPECIAL_FACILITY row of subscriber " + id + ", which does not exist");
                return;
            }
            facilityRows[id]++;
            if (type == null || type < 1 || type > 4) {
                f.fail(5, "subscriber " + id + " has SF_TYPE " + type);
                return;
            }
            facilities[id] |= (byte) (1 << type);
            Integer dataA = (Integer) v[DATA_A];
            if (v[IS_ACTIVE] == null || dataA == null || dataA < 0 || dataA > 255) {
                f.fail(5, "SPECIAL_FACILITY (" + id + ", " + type + ") has IS_ACTIVE " + v[IS_ACTIVE] + " and DATA_A "
                        + dataA);
            }
        });
        checkPerSubscriber(f, 5, "SPECIAL_FACILITY", facilityRows);

        // Condition 6: CALL_FORWARDING's foreign key and times.
        lastKey[0] = 0;
        source.rows(TatpTable.CALL_FORWARDING, v -> {
            Integer id = (Integer) v[CF_S_ID];
            Integer type = (Integer) v[CF_SF_TYPE];
            Integer start = (Integer) v[START_TIME];
            Integer end = (Integer) v[END_TIME];
            ordered(f, "CALL_FORWARDING", lastKey, id, type, start == null ? -1 : start);
            if (id == null || type == null || id < 1 || id > subscribers || type < 1 || type > 4
                    || (facilities[id] & 1 << type) == 0) {
                f.fail(6, "CALL_FORWARDING (" + id + ", " + type + ", " + start + ") has no SPECIAL_FACILITY row");
            }
            if (start == null || end == null || start % 8 != 0 || start < 0 || start > 16 || end <= start
                    || end > start + 8) {
                f.fail(6, "CALL_FORWARDING (" + id + ", " + type + ", " + start + ") has END_TIME " + end);
            }
        });

        String[] names = {null,
            "SUBSCRIBER holds S_ID 1.." + subscribers + " with their SUB_NBR, BIT_1 and VLR_LOCATION in range",
            "no duplicate primary keys",
            "the SUB_NBR index matches SUBSCRIBER",
            "ACCESS_INFO has 1 to 4 rows per subscriber",
            "SPECIAL_FACILITY has 1 to 4 rows per subscriber, DATA_A in range",
            "every CALL_FORWARDING row has its SPECIAL_FACILITY row, times in range"};
        List<Result> results = new ArrayList<>();
        for (int c = 1; c <= CONDITIONS; c++) {
            results.add(new Result(c, names[c], f.first[c] == null, Objects.requireNonNullElse(f.first[c], "")));
        }
        return results;
    }

    /** Condition 2: keys (up to three small components) strictly increase. */
    private static void ordered(Findings f, String table, long[] last, Integer a, Integer b, int c) {
        if (a == null || b == null) {
            f.fail(2, table + " has a row without its key");
            return;
        }
        long key = ((long) a << 16) | (long) (b & 0xFF) << 8 | (c & 0xFF);
        if (key <= last[0]) {
            f.fail(2, table + " key (" + a + ", " + b + (c == 0 ? "" : ", " + c) + ") does not follow the previous"
                    + " key: a duplicate or out of order");
        }
        last[0] = key;
    }

    private void checkPerSubscriber(Findings f, int condition, String table, byte[] counts) {
        for (int id = 1; id <= subscribers; id++) {
            if (counts[id] < 1 || counts[id] > 4) {
                f.fail(condition, "subscriber " + id + " has " + counts[id] + " " + table + " rows");
                return;
            }
        }
    }
}
