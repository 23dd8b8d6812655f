package org.terndb.storage.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

class SchemaTest {
    private static final Schema CUSTOMER = Schema.of(
            Column.of("c_id", ColumnType.INTEGER).notNull(),
            Column.of("c_last", ColumnType.VARCHAR, 16).notNull(),
            Column.of("c_balance", ColumnType.DECIMAL, 12, 2));

    @Test
    void lookupByNameFindsThePosition() {
        assertEquals(1, CUSTOMER.indexOf("c_last"));
        assertEquals(-1, CUSTOMER.indexOf("C_LAST"));
        assertEquals(ColumnType.DECIMAL, CUSTOMER.column("c_balance").type());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CUSTOMER.column("c_first"));
        assertTrue(e.getMessage().contains("c_last"), e.getMessage());
    }

    @Test
    void duplicateNamesAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Schema.of(Column.of("a", ColumnType.BIGINT),
                Column.of("a", ColumnType.INTEGER)));
    }

    @Test
    void selectKeepsTheGivenOrder() {
        Schema key = CUSTOMER.select(1, 0);
        assertEquals(List.of("c_last", "c_id"), key.columns().stream().map(Column::name).toList());
    }

    @Test
    void schemasAreImmutable() {
        assertThrows(UnsupportedOperationException.class, () -> CUSTOMER.columns().add(Column.of("x", ColumnType.DATE)));
    }

    @Test
    void decimalPrecisionAbove18IsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Column.of("big", ColumnType.DECIMAL, 19, 2));
        assertTrue(e.getMessage().contains("big"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Column.of("s", ColumnType.DECIMAL, 4, 5));
        assertThrows(IllegalArgumentException.class, () -> Column.of("v", ColumnType.VARCHAR, 0));
        assertThrows(IllegalArgumentException.class, () -> Column.of("i", ColumnType.INTEGER, 4));
    }

    @Test
    void decimalsConvertToUnscaledOnlyWithoutRounding() {
        Column balance = CUSTOMER.column("c_balance");
        assertEquals(-1234, balance.toUnscaled(new BigDecimal("-12.34")));
        assertEquals(1200, balance.toUnscaled(new BigDecimal("12")));
        assertEquals(new BigDecimal("-12.34"), balance.fromUnscaled(-1234));
        assertThrows(IllegalArgumentException.class, () -> balance.toUnscaled(new BigDecimal("0.001")));
        assertThrows(IllegalArgumentException.class, () -> balance.toUnscaled(new BigDecimal("1e10")));
    }

    @Test
    void columnsDescribeThemselvesInSql() {
        assertEquals("c_last VARCHAR(16) NOT NULL", CUSTOMER.column(1).toString());
        assertEquals("DECIMAL(12,2)", CUSTOMER.column(2).sqlType());
        assertFalse(CUSTOMER.column(0).nullable());
    }
}
