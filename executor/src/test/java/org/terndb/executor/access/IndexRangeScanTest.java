package org.terndb.executor.access;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Literal;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.modify.Insert;
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

/** Range scans over a composite primary key: bounds, directions, limits and chunked resumption. */
class IndexRangeScanTest {
    private static final ExprType INT = ExprType.of(ColumnType.INTEGER, false);

    private ConcurrencyControl cc;
    private Worker worker;
    private TableMeta table;

    @BeforeEach
    void load() {
        cc = Protocols.create("silo");
        worker = cc.newWorker();
        Schema schema = Schema.of(Column.of("A", ColumnType.INTEGER).notNull(), Column.of("B", ColumnType.INTEGER).notNull(),
                Column.of("V", ColumnType.VARCHAR, 10));
        Table t = cc.createTable("T");
        IndexMeta pk = new IndexMeta("PRIMARY", t.primary(), new int[] {0, 1}, new boolean[2], true, true,
                KeyCodec.of(schema.select(0, 1)));
        table = new TableMeta("T", schema, new Object[3], t, pk, List.of(), null);
        List<Expr[]> rows = new ArrayList<>();
        for (int a = 0; a < 3; a++) {
            for (int b = 0; b < 100; b++) {
                rows.add(new Expr[] {lit(a), lit(b), new Literal("v" + b, ExprType.of(ColumnType.VARCHAR, true))});
            }
        }
        run(new Insert(table, new ValuesScan(rows.toArray(new Expr[0][]))));
    }

    @AfterEach
    void close() {
        worker.close();
        cc.close();
    }

    private static Literal lit(long v) {
        return new Literal(v, INT);
    }

    private List<Object[]> run(PlanNode plan) {
        Transaction txn = worker.begin();
        Cursor c = plan.open(new ExecutionContext().reset(txn, new Object[0]));
        List<Object[]> out = new ArrayList<>();
        while (c.next()) {
            out.add(c.row());
        }
        txn.commit();
        return out;
    }

    private IndexRangeScan scan(Expr[] prefix, IndexRangeScan.Bound lo, IndexRangeScan.Bound hi, boolean reverse,
                                Expr limit) {
        return new IndexRangeScan(table, table.primaryIndex(), prefix, lo, hi, reverse, limit);
    }

    @Test
    void fullScanCrossesManyChunksInKeyOrder() {
        List<Object[]> rows = run(scan(new Expr[0], null, null, false, null));
        assertEquals(300, rows.size());
        for (int i = 0; i < 300; i++) {
            assertEquals((long) (i / 100), rows.get(i)[0]);
            assertEquals((long) (i % 100), rows.get(i)[1]);
        }
    }

    @Test
    void prefixAndBoundsInBothDirections() {
        Expr[] a1 = {lit(1)};
        List<Object[]> forward = run(scan(a1, new IndexRangeScan.Bound(lit(10), false),
                new IndexRangeScan.Bound(lit(60), true), false, null));
        assertEquals(50, forward.size());
        assertEquals(11L, forward.get(0)[1]);
        assertEquals(60L, forward.get(49)[1]);
        List<Object[]> backward = run(scan(a1, new IndexRangeScan.Bound(lit(10), true),
                new IndexRangeScan.Bound(lit(60), false), true, null));
        assertEquals(50, backward.size());
        assertEquals(59L, backward.get(0)[1]);
        assertEquals(10L, backward.get(49)[1]);
        assertEquals(100, run(scan(a1, null, null, true, null)).size());
        assertEquals(0, run(scan(a1, new IndexRangeScan.Bound(lit(70), true),
                new IndexRangeScan.Bound(lit(60), true), false, null)).size(), "empty range");
    }

    @Test
    void limitStopsTheScan() {
        List<Object[]> rows = run(scan(new Expr[] {lit(2)}, null, null, true, lit(3)));
        assertEquals(3, rows.size());
        assertEquals(99L, rows.get(0)[1]);
    }

    @Test
    void pointGetFindsOneRow() {
        List<Object[]> rows = run(new IndexGet(table, new Expr[] {lit(2), lit(42)}, false));
        assertEquals(1, rows.size());
        assertEquals("v42", rows.get(0)[2]);
        assertEquals(0, run(new IndexGet(table, new Expr[] {lit(3), lit(42)}, false)).size());
    }
}
