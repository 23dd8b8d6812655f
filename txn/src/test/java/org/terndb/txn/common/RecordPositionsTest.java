package org.terndb.txn.common;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Positions by identity over an append-only array, against a linear scan: small (scanned) and large (hashed) sets,
 * lookups between appends, growth of the hash, and reuse after clear.
 */
class RecordPositionsTest {
    @Property(tries = 50)
    void findsEveryAppendedRecordAndNoOther(@ForAll @IntRange(min = 0, max = 700) int first,
                                            @ForAll @IntRange(min = 0, max = 700) int second,
                                            @ForAll @IntRange(min = 1, max = 50) int lookupEvery) {
        RecordPositions positions = new RecordPositions();
        Record[] records = new Record[1024];
        Record stranger = new Record(new byte[] {9}, 0, null);
        for (int size : new int[] {first, second}) { // a second transaction reuses it after clear()
            List<Record> appended = new ArrayList<>();
            for (int i = 0; i < size; i++) {
                records[i] = new Record(new byte[] {(byte) i}, 0, null);
                appended.add(records[i]);
                if (i % lookupEvery == 0) {
                    for (int j = 0; j <= i; j += Math.max(1, i / 8)) {
                        assertEquals(j, positions.indexOf(records, i + 1, appended.get(j)));
                    }
                    assertEquals(-1, positions.indexOf(records, i + 1, stranger));
                }
            }
            for (int j = 0; j < size; j++) {
                assertEquals(j, positions.indexOf(records, size, appended.get(j)));
            }
            assertEquals(-1, positions.indexOf(records, size, stranger));
            Arrays.fill(records, null);
            positions.clear();
        }
    }
}
