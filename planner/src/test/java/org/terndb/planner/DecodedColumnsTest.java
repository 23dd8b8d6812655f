package org.terndb.planner;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.executor.PlanNode;
import org.terndb.executor.access.TableAccess;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.Schema;

/** Table accesses decode only the columns their plan reads: SELECT's projection, UPDATE's SET list, DELETE none. */
class DecodedColumnsTest {
    private static final CatalogView CATALOG = catalog();

    private static CatalogView catalog() {
        Schema schema = Schema.of(Column.of("ID", ColumnType.BIGINT).notNull(), Column.of("NAME", ColumnType.VARCHAR, 20),
                Column.of("BAL", ColumnType.DECIMAL, 12, 2).notNull(), Column.of("NOTE", ColumnType.VARCHAR, 100));
        IndexMeta pk = new IndexMeta("PRIMARY", null, new int[] {0}, new boolean[1], true, true,
                KeyCodec.of(schema.select(0)));
        TableMeta t = new TableMeta("ACC", schema, new Object[4], null, pk, List.of(), null);
        Schema entries = Schema.of(Column.of("ACC_ID", ColumnType.BIGINT).notNull(),
                Column.of("SEQ", ColumnType.INTEGER).notNull(), Column.of("AMOUNT", ColumnType.DECIMAL, 12, 2),
                Column.of("MEMO", ColumnType.VARCHAR, 40), Column.of("PEER", ColumnType.BIGINT));
        IndexMeta entryKey = new IndexMeta("PRIMARY", null, new int[] {0, 1}, new boolean[2], true, true,
                KeyCodec.of(entries.select(0, 1)));
        TableMeta e = new TableMeta("ENTRY", entries, new Object[5], null, entryKey, List.of(), null);
        return new CatalogView() {
            @Override
            public long version() {
                return 1;
            }

            @Override
            public TableMeta table(String name) {
                return name.equals("ACC") ? t : name.equals("ENTRY") ? e : null;
            }

            @Override
            public Collection<TableMeta> tables() {
                return List.of(t, e);
            }
        };
    }

    private static TableAccess access(PlanNode plan) {
        if (plan instanceof TableAccess a) {
            return a;
        }
        assertEquals(1, plan.inputs().size(), plan.explain());
        return access(plan.inputs().get(0));
    }

    /** The table accesses of a plan, depth first, left to right. */
    private static List<TableAccess> accesses(PlanNode plan) {
        List<TableAccess> out = new ArrayList<>();
        if (plan instanceof TableAccess a) {
            out.add(a);
        }
        for (PlanNode input : plan.inputs()) {
            out.addAll(accesses(input));
        }
        return out;
    }

    /** What each table access of a join reads, outer first, with the plan's text (it must join by index). */
    private static List<String> joinDecoded(String sql) {
        PlanNode root = new Planner(8).prepare(sql, CATALOG).root();
        String plan = root.explain();
        assertTrue(plan.contains("IndexNestedLoopJoin"), plan);
        List<String> out = new ArrayList<>();
        for (TableAccess a : accesses(root)) {
            out.add(a.table().name() + " " + Arrays.toString(a.decodedColumns()));
        }
        return out;
    }

    private static boolean[] decoded(String sql) {
        return access(new Planner(8).prepare(sql, CATALOG).root()).decodedColumns();
    }

    @Test
    void aPointSelectDecodesItsProjection() {
        assertArrayEquals(new boolean[] {false, false, true, false}, decoded("SELECT bal FROM acc WHERE id = ?"));
    }

    @Test
    void anUpdateDecodesOnlyWhatItsSetListReads() {
        assertArrayEquals(new boolean[] {false, false, true, false},
                decoded("UPDATE acc SET bal = bal + ? WHERE id = ?"));
        assertArrayEquals(new boolean[] {false, false, false, false}, decoded("UPDATE acc SET bal = ? WHERE id > ?"),
                "the stored row is written back with the new value; no old column is read");
        assertArrayEquals(new boolean[] {false, true, true, false},
                decoded("UPDATE acc SET note = name WHERE id = ? AND bal > 0"), "SET and the filter read");
        assertArrayEquals(new boolean[] {false, false, true, false},
                decoded("UPDATE acc SET bal = bal * 2 WHERE id > ?"), "a range update too");
    }

    @Test
    void anUpdatePlanStillShowsTheOldRowPassingThrough() {
        String plan = new Planner(8).prepare("UPDATE acc SET bal = bal + ? WHERE id = ?", CATALOG).explainText();
        assertEquals("Update(table=ACC, set=[BAL = $4])\n"
                + "  Project(ID, NAME, BAL, NOTE, CAST((BAL + ?0) AS DECIMAL(12,2)))\n"
                + "    IndexGet(table=ACC, index=PRIMARY, key=[ID = ?1], for update)\n", plan);
    }

    @Test
    void anIndexJoinDecodesWhatItsProjectionItsKeysAndItsFiltersRead() {
        // ACC: ID for the lookup's key, BAL for its filter; ENTRY: MEMO for the projection (its key columns
        // are matched in the index, not read from the row).
        assertEquals(List.of("ACC [true, false, true, false]", "ENTRY [false, false, false, true, false]"),
                joinDecoded("SELECT e.memo FROM acc a, entry e WHERE a.id = ? AND a.bal > 0 AND e.acc_id = a.id"));
        // A condition over both rows reads both sides.
        assertEquals(List.of("ENTRY [true, true, true, false, false]", "ACC [false, true, true, false]"),
                joinDecoded("SELECT a.name, e.seq FROM entry e JOIN acc a ON a.id = e.acc_id"
                        + " WHERE e.acc_id = ? AND e.amount < a.bal"));
        // The statement's left table looked up per row of the right one: its columns come first in the joined row.
        assertEquals(List.of("ENTRY [false, false, true, true, true]", "ACC [false, true, true, false]"),
                joinDecoded("SELECT a.name, e.memo FROM acc a JOIN entry e ON a.id = e.peer"
                        + " WHERE e.acc_id = ? AND e.amount < a.bal"));
        assertEquals(List.of("ACC [true, false, false, false]", "ENTRY [false, false, false, true, false]"),
                joinDecoded("SELECT e.memo FROM acc a LEFT JOIN entry e ON e.acc_id = a.id WHERE a.id = ?"));
    }

    @Test
    void aDeleteDecodesOnlyWhatItsFilterReads() {
        assertArrayEquals(new boolean[4], decoded("DELETE FROM acc WHERE id = ?"));
        boolean[] filtered = decoded("DELETE FROM acc WHERE id > ? AND note IS NULL");
        assertTrue(filtered[3] && !filtered[1] && !filtered[2], java.util.Arrays.toString(filtered));
    }
}
