package org.terndb.executor.access;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.ColumnRef;
import org.terndb.executor.expr.Comparison;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Literal;
import org.terndb.executor.expr.Parameter;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.modify.Insert;
import org.terndb.executor.modify.Update;
import org.terndb.executor.relational.Project;
import org.terndb.executor.relational.ValuesScan;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.Schema;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Protocols;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * Point plans (a get by primary key, projections over it, modifications) run without a cursor through
 * {@code fetchOne}, and yield what opening a cursor yields.
 */
class PointFetchTest {
    private static final ExprType INT = ExprType.of(ColumnType.INTEGER, false);
    private static final ExprType BIG = ExprType.of(ColumnType.BIGINT, true);
    private static final ExprType TEXT = ExprType.of(ColumnType.VARCHAR, true);

    private ConcurrencyControl cc;
    private Worker worker;
    private TableMeta table;

    @BeforeEach
    void load() {
        cc = Protocols.create("silo");
        worker = cc.newWorker();
        Schema schema = Schema.of(Column.of("ID", ColumnType.INTEGER).notNull(), Column.of("NAME", ColumnType.VARCHAR, 10),
                Column.of("V", ColumnType.BIGINT));
        Table t = cc.createTable("T");
        IndexMeta pk = new IndexMeta("PRIMARY", t.primary(), new int[] {0}, new boolean[1], true, true,
                KeyCodec.of(schema.select(0)));
        table = new TableMeta("T", schema, new Object[3], t, pk, List.of(), null);
        inTxn(c -> new Insert(table, new ValuesScan(new Expr[][] {
            {new Literal(1L, INT), new Literal("one", TEXT), new Literal(10L, BIG)},
            {new Literal(2L, INT), new Literal(null, TEXT), new Literal(20L, BIG)}})).fetchOne(c));
    }

    @AfterEach
    void close() {
        worker.close();
        cc.close();
    }

    private <T> T inTxn(Function<ExecutionContext, T> work) {
        return inTxn(new ExecutionContext(), new Object[0], work);
    }

    private <T> T inTxn(ExecutionContext context, Object[] params, Function<ExecutionContext, T> work) {
        Transaction txn = worker.begin();
        try {
            T result = work.apply(context.reset(txn, params));
            txn.commit();
            return result;
        } catch (RuntimeException e) {
            txn.abort();
            throw e;
        }
    }

    private IndexGet get(boolean forUpdate) {
        return new IndexGet(table, new Expr[] {new Parameter(0, BIG)}, forUpdate);
    }

    private Object[] viaCursor(PlanNode plan, Object... params) {
        return inTxn(new ExecutionContext(), params, c -> {
            Cursor cursor = plan.open(c);
            Object[] row = cursor.next() ? cursor.row() : null;
            assertFalse(cursor.next());
            return row;
        });
    }

    private Object[] viaFetch(PlanNode plan, Object... params) {
        assertTrue(plan.singleRow(), plan.describe());
        return inTxn(new ExecutionContext(), params, c -> plan.fetchOne(c));
    }

    @Test
    void aPointGetFetchesTheRowACursorWouldYield() {
        for (long id : new long[] {1, 2, 3}) {
            assertArrayEquals(viaCursor(get(false), id), viaFetch(get(false), id), "id " + id);
        }
        assertArrayEquals(new Object[] {1L, "one", 10L}, viaFetch(get(false), 1L));
        assertNull(viaFetch(get(false), 3L), "no such row");
        assertNull(viaFetch(get(false), (Object) null), "pk = NULL matches nothing");
        assertNull(viaFetch(get(false), 5_000_000_000L), "a key an INTEGER cannot hold matches nothing");
    }

    @Test
    void aFetchLeavesTheBaseRowInTheContext() {
        ExecutionContext context = new ExecutionContext();
        inTxn(context, new Object[] {2L}, c -> get(true).fetchOne(c));
        assertEquals(20L, table.rowCodec().getLong(context.fetchedBaseRow(), 2));
        assertArrayEquals(table.primaryKeyOf(context.fetchedBaseRow(), table.primaryIndex().codec().newBuilder()),
                context.fetchedPrimaryKey());
        inTxn(context, new Object[] {9L}, c -> get(true).fetchOne(c));
        assertNull(context.fetchedBaseRow(), "a miss clears what an earlier fetch left");
    }

    @Test
    void aProjectionOfColumnsDecodesOnlyThose() {
        Project picked = new Project(get(false), new Expr[] {new ColumnRef(2, "V", BIG), new ColumnRef(1, "NAME", TEXT)});
        assertArrayEquals(new Object[] {10L, "one"}, viaFetch(picked, 1L));
        assertArrayEquals(new Object[] {20L, null}, viaFetch(picked, 2L));
        assertArrayEquals(viaCursor(picked, 2L), viaFetch(picked, 2L));
        assertNull(viaFetch(picked, 7L));
    }

    @Test
    void aResidualFilterStillAppliesToAFetch() {
        // WHERE id = ? AND v > 15, projected to NAME
        Expr vAbove15 = new Comparison(Comparison.Op.GT, new ColumnRef(2, "V", BIG), new Literal(15L, BIG));
        IndexGet filtered = get(false).withResidual(vAbove15, new boolean[] {false, false, true});
        Project name = new Project(filtered, new Expr[] {new ColumnRef(1, "NAME", TEXT)});
        assertNull(viaFetch(name, 1L), "v = 10 fails the filter");
        assertArrayEquals(new Object[] {null}, viaFetch(name, 2L));
        assertNull(viaFetch(filtered, 1L));
        assertArrayEquals(new Object[] {2L, null, 20L}, viaFetch(filtered, 2L));
    }

    @Test
    void anExpressionProjectionEvaluatesOverTheFetchedRow() {
        Project plus = new Project(get(false), new Expr[] {new ColumnRef(0, "ID", INT), new Parameter(1, BIG)});
        assertArrayEquals(new Object[] {1L, 99L}, viaFetch(plus, 1L, 99L));
    }

    @Test
    void aPointUpdateWritesThroughTheFetchedRow() {
        // UPDATE t SET v = ?1 WHERE id = ?0: the input is the old row (only what SET reads decoded) and the new value
        IndexGet input = get(true).withDecodedColumns(new boolean[3]);
        Update update = new Update(table, new Project(input, new Expr[] {new ColumnRef(0, "ID", INT),
            new ColumnRef(1, "NAME", TEXT), new ColumnRef(2, "V", BIG), new Parameter(1, BIG)}), new int[] {2}, 3);
        assertTrue(update.singleRow());
        assertArrayEquals(new Object[] {1L}, viaFetch(update, 1L, 11L));
        assertArrayEquals(new Object[] {0L}, viaFetch(update, 5L, 11L), "no such row: nothing changed");
        assertArrayEquals(new Object[] {1L}, viaCursor(update, 2L, 22L));
        assertArrayEquals(new Object[] {1L, "one", 11L}, viaFetch(get(false), 1L), "the other columns are kept");
        assertArrayEquals(new Object[] {2L, null, 22L}, viaFetch(get(false), 2L));
    }

    @Test
    void aPointUpdateStillChecksTheNewValue() {
        // UPDATE t SET name = ?1 WHERE id = ?0 with a value too long for VARCHAR(10)
        Update update = new Update(table, new Project(get(true), new Expr[] {new ColumnRef(0, "ID", INT),
            new ColumnRef(1, "NAME", TEXT), new ColumnRef(2, "V", BIG), new Parameter(1, TEXT)}), new int[] {1}, 3);
        TernSqlException e = assertThrows(TernSqlException.class, () -> viaFetch(update, 1L, "far too long a name"));
        assertEquals("22001", e.sqlState());
    }

    /** The stored row of a fetch, decoded column by column through the plan's stored columns. */
    private Object[] viaStored(PlanNode plan, Object... params) {
        StoredColumns columns = plan.storedColumns();
        byte[] row = inTxn(new ExecutionContext(), params, c -> plan.fetchStored(c));
        if (row == null) {
            return null;
        }
        Object[] out = new Object[columns.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = columns.value(row, i);
            assertEquals(out[i] == null, columns.isNull(row, i));
            if (out[i] != null && columns.isInteger(i)) {
                assertEquals(out[i], columns.getLong(row, i));
            }
        }
        assertArrayEquals(out, columns.decode(row));
        return out;
    }

    @Test
    void aStoredRowDecodesToWhatAFetchYields() {
        Project picked = new Project(get(false), new Expr[] {new ColumnRef(2, "V", BIG), new ColumnRef(1, "NAME", TEXT)});
        for (PlanNode plan : new PlanNode[] {get(false), get(true), picked}) {
            for (long id : new long[] {1, 2, 3}) {
                assertArrayEquals(viaFetch(plan, id), viaStored(plan, id), plan.describe() + " id " + id);
            }
            assertNull(viaStored(plan, (Object) null), "pk = NULL matches nothing");
        }
        assertTrue(get(false).storedColumns().isInteger(0));
        assertFalse(get(false).storedColumns().isInteger(1));
        ExecutionContext context = new ExecutionContext();
        inTxn(context, new Object[] {2L}, c -> get(false).fetchStored(c));
        assertEquals(20L, table.rowCodec().getLong(context.fetchedBaseRow(), 2), "the row is left in the context");
    }

    @Test
    void rowsThatAreFilteredOrComputedAreNotKeptStored() {
        Expr vAbove15 = new Comparison(Comparison.Op.GT, new ColumnRef(2, "V", BIG), new Literal(15L, BIG));
        IndexGet filtered = get(false).withResidual(vAbove15, new boolean[] {false, false, true});
        assertNull(filtered.storedColumns(), "the residual must see the row");
        assertNull(new Project(filtered, new Expr[] {new ColumnRef(1, "NAME", TEXT)}).storedColumns());
        assertThrows(IllegalStateException.class, () -> inTxn(c -> filtered.fetchStored(c)));
        Project plus = new Project(get(false), new Expr[] {new ColumnRef(0, "ID", INT), new Parameter(1, BIG)});
        assertNull(plus.storedColumns(), "a computed column");
        assertThrows(UnsupportedOperationException.class, () -> inTxn(c -> plus.fetchStored(c)));
        assertNull(get(false).withDecodedColumns(new boolean[] {true, false, true}).storedColumns(),
                "a get that leaves columns undecoded feeds an operator, not a result");
    }

    @Test
    void plansOfSeveralRowsAreNotSingleRow() {
        PlanNode scan = new ValuesScan(new Expr[][] {{new Literal(1L, INT)}, {new Literal(2L, INT)}});
        assertFalse(scan.singleRow());
        assertFalse(new Project(scan, new Expr[] {new ColumnRef(0, "X", INT)}).singleRow());
        assertThrows(UnsupportedOperationException.class, () -> scan.fetchOne(new ExecutionContext()));
        assertTrue(new Insert(table, scan).singleRow(), "a modification yields one row, its count");
    }
}
