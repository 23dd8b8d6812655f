package org.terndb.executor.access;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.Schema;

/** How search values of other types fit key columns: exact, rounded, or beyond the column's range. */
class KeyValuesTest {

    private static KeyValues.Fit fit(Column c, Object v, KeyValues.Rounding r) {
        return KeyValues.add(KeyCodec.of(Schema.of(c)).newBuilder(), c, v, r);
    }

    @Test
    void integersBeyondTheColumnRangeAreAboveOrBelow() {
        Column tiny = Column.of("T", ColumnType.TINYINT);
        assertEquals(KeyValues.Fit.EXACT, fit(tiny, 127L, KeyValues.Rounding.NEAREST));
        assertEquals(KeyValues.Fit.ABOVE, fit(tiny, 1000L, KeyValues.Rounding.NEAREST));
        assertEquals(KeyValues.Fit.BELOW, fit(tiny, -129L, KeyValues.Rounding.UP));
        assertEquals(KeyValues.Fit.ROUNDED, fit(tiny, new BigDecimal("2.5"), KeyValues.Rounding.UP));
        assertEquals(KeyValues.Fit.ABOVE, fit(Column.of("B", ColumnType.BIGINT), new BigDecimal("1e30"),
                KeyValues.Rounding.DOWN));
    }

    @Test
    void decimalsRoundToTheColumnScale() {
        Column d = Column.of("D", ColumnType.DECIMAL, 6, 2);
        assertEquals(KeyValues.Fit.EXACT, fit(d, new BigDecimal("1.5"), KeyValues.Rounding.NEAREST));
        assertEquals(KeyValues.Fit.ROUNDED, fit(d, new BigDecimal("1.005"), KeyValues.Rounding.NEAREST));
        assertEquals(KeyValues.Fit.EXACT, fit(d, 3L, KeyValues.Rounding.DOWN));
    }
}
