package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import org.junit.jupiter.api.Test;

class TpccSchemaTest {

    /** Every constant of {@link TpccColumns} is the position of the column of that name in its table. */
    @Test
    void columnConstantsMatchTheSchemas() throws Exception {
        int checked = 0;
        for (Field f : TpccColumns.class.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) || f.getType() != int.class) {
                continue;
            }
            String name = f.getName();
            int position = f.getInt(null);
            int found = 0;
            for (TpccTable t : TpccTable.values()) {
                int i = t.schema().indexOf(name);
                if (i >= 0) {
                    assertEquals(i, position, t + "." + name);
                    found++;
                }
            }
            assertEquals(1, found, name + " names a column of exactly one table");
            checked++;
        }
        assertTrue(checked > 80, "checked " + checked);
        assertEquals(TpccColumns.S_DIST_01 + 9, TpccTable.STOCK.schema().indexOf("S_DIST_10"));
    }

    @Test
    void primaryIndexesFollowTheTablesAndKeysAreTheSpecs() {
        for (TpccTable t : TpccTable.values()) {
            assertEquals(t, TpccIndex.primaryOf(t).table());
            assertTrue(TpccIndex.primaryOf(t).isPrimary());
        }
        assertEquals(List.of("OL_W_ID", "OL_D_ID", "OL_O_ID", "OL_NUMBER"),
                List.of(TpccIndex.ORDER_LINE.sqlColumnNames()));
        assertEquals(List.of("C_W_ID", "C_D_ID", "C_LAST", "C_FIRST"),
                List.of(TpccIndex.CUSTOMER_BY_NAME.sqlColumnNames()));
        assertEquals(11, TpccIndex.values().length);
    }

    @Test
    void ddlIsPlainSqlWithTableLevelPrimaryKeys() {
        List<String> ddl = JdbcDatabase.ddl();
        assertEquals(11, ddl.size());
        assertEquals("CREATE TABLE NEW_ORDER (NO_O_ID INTEGER NOT NULL, NO_D_ID INTEGER NOT NULL,"
                + " NO_W_ID INTEGER NOT NULL, PRIMARY KEY (NO_W_ID, NO_D_ID, NO_O_ID))", ddl.get(4));
        assertTrue(ddl.get(3).startsWith("CREATE TABLE HISTORY (") && !ddl.get(3).contains("PRIMARY KEY"));
        assertTrue(ddl.get(5).contains("O_CARRIER_ID INTEGER,"), "O_CARRIER_ID is nullable: " + ddl.get(5));
        assertTrue(ddl.get(2).contains("C_BALANCE DECIMAL(12,2) NOT NULL"), ddl.get(2));
        assertEquals("CREATE INDEX CUSTOMER_BY_NAME ON CUSTOMER (C_W_ID, C_D_ID, C_LAST, C_FIRST)", ddl.get(9));
    }

    @Test
    void scaleKeepsTheSpecsProportions() {
        assertTrue(TpccScale.SPEC.isSpec());
        assertEquals(2_100, TpccScale.SPEC.deliveredOrders());
        assertEquals(1_000, TpccScale.SPEC.lastNames());
        TpccScale tiny = TpccScale.of(0.001);
        assertEquals(10, tiny.customers());
        assertEquals(3, tiny.newOrders());
        assertEquals(10, tiny.lastNames());
    }
}
