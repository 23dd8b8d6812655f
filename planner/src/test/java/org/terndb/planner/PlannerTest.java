package org.terndb.planner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.Schema;

/** Planning against a catalog without data: plan shapes, parameter types, errors and the plan cache. */
class PlannerTest {
    private static CatalogView catalog(long version) {
        Schema schema = Schema.of(Column.of("ID", ColumnType.BIGINT).notNull(), Column.of("NAME", ColumnType.VARCHAR, 20),
                Column.of("BAL", ColumnType.DECIMAL, 12, 2).notNull());
        IndexMeta pk = new IndexMeta("PRIMARY", null, new int[] {0}, new boolean[1], true, true,
                KeyCodec.of(schema.select(0)));
        IndexMeta byName = new IndexMeta("BY_NAME", null, new int[] {1}, new boolean[1], false, false,
                KeyCodec.of(schema.select(1)));
        TableMeta t = new TableMeta("ACC", schema, new Object[3], null, pk, List.of(byName), null);
        return new CatalogView() {
            @Override
            public long version() {
                return version;
            }

            @Override
            public TableMeta table(String name) {
                return name.equals("ACC") ? t : null;
            }

            @Override
            public Collection<TableMeta> tables() {
                return List.of(t);
            }
        };
    }

    @Test
    void aSecondPrepareOfTheSameTextIsACacheHitWithTheSamePlan() {
        Planner planner = new Planner(8);
        CatalogView v1 = catalog(1);
        PreparedPlan first = planner.prepare("SELECT name FROM acc WHERE id = ?", v1);
        PreparedPlan second = planner.prepare("SELECT name FROM acc WHERE id = ?", v1);
        assertSame(first, second);
        assertEquals(1, planner.cache().hits());
        assertEquals(1, planner.cache().misses());
        PreparedPlan replanned = planner.prepare("SELECT name FROM acc WHERE id = ?", catalog(2));
        assertNotSame(first, replanned, "a new catalog version plans again");
        planner.cache().evictOlderThan(2);
        assertEquals(1, planner.cache().size());
    }

    @Test
    void aCacheHitNeverEntersThePlanner() {
        Planner planner = new Planner(8);
        CatalogView v1 = catalog(1);
        String sql = "SELECT name, bal FROM acc WHERE id = ?";
        planner.prepare(sql, v1);
        assertEquals(1, planner.plansMade());
        for (int i = 0; i < 100; i++) {
            planner.prepare(sql, v1);
        }
        assertEquals(1, planner.plansMade(), "hits must not parse, validate or convert");
        assertEquals(100, planner.cache().hits());
    }

    @Test
    void aNewCatalogVersionPlansAgain() {
        Planner planner = new Planner(8);
        String sql = "SELECT name FROM acc WHERE id = ?";
        PreparedPlan before = planner.prepare(sql, catalog(1));
        PreparedPlan after = planner.prepare(sql, catalog(2)); // what DDL does: bump the version
        assertEquals(2, planner.plansMade());
        assertEquals(2, after.catalogVersion());
        assertNotSame(before, after);
    }

    @Test
    void theCacheStaysBounded() {
        Planner planner = new Planner(10);
        CatalogView v = catalog(1);
        for (int i = 0; i < 50; i++) {
            planner.prepare("SELECT name FROM acc WHERE id = " + i, v);
        }
        assertTrue(planner.cache().size() <= 10, "size " + planner.cache().size());
    }

    @Test
    void parameterTypesComeFromTheValidator() {
        Planner planner = new Planner(8);
        PreparedPlan p = planner.prepare("UPDATE acc SET bal = bal + ? WHERE id = ?", catalog(1));
        assertEquals(PreparedPlan.Kind.UPDATE, p.kind());
        assertEquals(2, p.parameterCount());
        assertEquals(ColumnType.DECIMAL, p.parameterTypes().get(0).type());
        assertEquals(ColumnType.BIGINT, p.parameterTypes().get(1).type());
        assertEquals("Update(table=ACC, set=[BAL = $3])\n"
                + "  Project(ID, NAME, BAL, CAST((BAL + ?0) AS DECIMAL(12,2)))\n"
                + "    IndexGet(table=ACC, index=PRIMARY, key=[ID = ?1], for update)\n", p.explainText());
    }

    @Test
    void accessPathsFollowTheIndexes() {
        Planner planner = new Planner(8);
        CatalogView v = catalog(1);
        assertEquals("IndexRangeScan(table=ACC, index=BY_NAME, prefix=[NAME = ?0], forward)\n",
                planner.prepare("SELECT * FROM acc WHERE name = ?", v).explainText());
        assertEquals("IndexRangeScan(table=ACC, index=PRIMARY, lower=ID >= 5, upper=ID < 9, forward)\n",
                planner.prepare("SELECT * FROM acc WHERE id >= 5 AND id < 9", v).explainText());
        assertEquals("IndexRangeScan(table=ACC, index=PRIMARY, range=all, forward, filter=BAL > 1.00)\n",
                planner.prepare("SELECT * FROM acc WHERE bal > 1", v).explainText());
    }

    @Test
    void onlyAnUpdateOfOneRowByKeyFromValuesIsBlind() {
        Planner planner = new Planner(16);
        CatalogView v = catalog(1);
        assertEquals("Update(table=ACC, blind, key=[ID = ?2], set=[NAME = ?0, BAL = ?1])\n",
                planner.prepare("UPDATE acc SET name = ?, bal = ? WHERE id = ?", v).explainText());
        assertEquals("Update(table=ACC, blind, partial, key=[ID = ?1], set=[BAL = ?0])\n",
                planner.prepare("UPDATE acc SET bal = ? WHERE id = ?", v).explainText(),
                "NAME stays as it is at commit: a patch of BAL");
        for (String notBlind : List.of(
                "UPDATE acc SET name = ? WHERE id = ?",                      // a patch of an indexed column
                "UPDATE acc SET bal = ? WHERE name = ?",                     // BY_NAME is not unique
                "UPDATE acc SET name = ?, bal = bal + 1 WHERE id = ?",       // reads the row
                "UPDATE acc SET name = ?, bal = ? WHERE id = ? AND bal > 0", // the WHERE reads the row
                "UPDATE acc SET name = ?, bal = ? WHERE id > ?",             // not one key
                "UPDATE acc SET id = ?, name = ?, bal = ? WHERE id = ?")) {  // moves the row
            String plan = planner.prepare(notBlind, v).explainText();
            assertTrue(!plan.contains("blind") && plan.contains("for update"), notBlind + "\n" + plan);
        }
    }

    @Test
    void joinsUseAnIndexOnTheJoinKeyElseHash() {
        Planner planner = new Planner(16);
        CatalogView v = catalog(1);
        String lookup = planner.prepare("SELECT a.id, b.bal FROM acc a JOIN acc b ON b.id = a.id + 1 WHERE a.name = ?", v)
                .explainText();
        // The join key a.id + 1 is computed below the join (as $f3) and bound into a point get per outer row.
        assertTrue(lookup.contains("IndexNestedLoopJoin(type=INNER)")
                && lookup.contains("IndexRangeScan(table=ACC, index=BY_NAME, prefix=[NAME = ?0]")
                && lookup.contains("IndexGet(table=ACC, index=PRIMARY, key=[ID = outer.$f3])"), lookup);
        String hash = planner.prepare("SELECT a.id FROM acc a, acc b WHERE a.bal = b.bal", v).explainText();
        assertTrue(hash.contains("HashJoin(type=INNER, keys=[BAL = BAL])"), hash);
    }

    @Test
    void errorsCarrySqlStates() {
        Planner planner = new Planner(8);
        CatalogView v = catalog(1);
        assertEquals("42S02", assertThrows(TernSqlException.class, () -> planner.prepare("SELECT * FROM nope", v)).sqlState());
        assertEquals("42S22", assertThrows(TernSqlException.class, () -> planner.prepare("SELECT nope FROM acc", v)).sqlState());
        assertEquals("42000", assertThrows(TernSqlException.class, () -> planner.prepare("SELEKT 1", v)).sqlState());
        assertEquals("23502", assertThrows(TernSqlException.class,
                () -> planner.prepare("INSERT INTO acc (id) VALUES (1)", v)).sqlState());
        assertEquals(0, planner.cache().size(), "failures are not cached");
    }
}
