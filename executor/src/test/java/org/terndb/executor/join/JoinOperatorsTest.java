package org.terndb.executor.join;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.access.IndexGet;
import org.terndb.executor.access.IndexRangeScan;
import org.terndb.executor.expr.ColumnRef;
import org.terndb.executor.expr.Comparison;
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

/** The three join operators agree, pad unmatched LEFT rows with NULLs, and never match NULL keys. */
class JoinOperatorsTest {
    private static final ExprType INT = ExprType.of(ColumnType.INTEGER, true);
    private static final ExprType DEC = new ExprType(ColumnType.DECIMAL, 6, 2, true);

    private ConcurrencyControl cc;
    private Worker worker;
    private TableMeta parent;
    private TableMeta child;

    @BeforeEach
    void load() {
        cc = Protocols.create("silo");
        worker = cc.newWorker();
        // PARENT(ID pk, NAME); CHILD(ID pk, PARENT_ID, PRICE DECIMAL(6,2))
        parent = table("PARENT", Schema.of(Column.of("ID", ColumnType.INTEGER).notNull(), Column.of("NAME", ColumnType.VARCHAR, 5)));
        child = table("CHILD", Schema.of(Column.of("ID", ColumnType.INTEGER).notNull(), Column.of("PARENT_ID", ColumnType.INTEGER),
                Column.of("PRICE", ColumnType.DECIMAL, 6, 2)));
        insert(parent, row(1, "a"), row(2, "b"), row(3, "c"));
        insert(child, row(10, 1, "1.50"), row(11, 1, "2.00"), row(12, 3, "1.5"), row(13, null, "0.00"), row(14, 9, null));
    }

    @AfterEach
    void close() {
        worker.close();
        cc.close();
    }

    private TableMeta table(String name, Schema schema) {
        Table t = cc.createTable(name);
        IndexMeta pk = new IndexMeta("PRIMARY", t.primary(), new int[] {0}, new boolean[1], true, true,
                KeyCodec.of(schema.select(0)));
        return new TableMeta(name, schema, new Object[schema.size()], t, pk, List.of(), null);
    }

    private static Expr[] row(Object... values) {
        Expr[] out = new Expr[values.length];
        for (int i = 0; i < values.length; i++) {
            Object v = values[i] instanceof Integer n ? (Object) n.longValue()
                    : values[i] instanceof String s && s.matches("[0-9.]+") ? new BigDecimal(s) : values[i];
            out[i] = new Literal(v, v instanceof String ? ExprType.of(ColumnType.VARCHAR, true) : INT);
        }
        return out;
    }

    private void insert(TableMeta table, Expr[]... rows) {
        run(new Insert(table, new ValuesScan(rows)));
    }

    private List<String> run(PlanNode plan) {
        Transaction txn = worker.begin();
        Cursor c = plan.open(new ExecutionContext().reset(txn, new Object[0]));
        List<String> out = new ArrayList<>();
        while (c.next()) {
            out.add(java.util.Arrays.toString(c.row()));
        }
        txn.commit();
        return out;
    }

    private IndexRangeScan fullScan(TableMeta t) {
        return new IndexRangeScan(t, t.primaryIndex(), new Expr[0], null, null, false, null);
    }

    @Test
    void indexNestedLoopLooksUpTheInnerTablePerOuterRow() {
        // child JOIN parent ON parent.id = child.parent_id: the key reads the outer (child) row's column 1.
        IndexGet lookup = new IndexGet(parent, new Expr[] {new ColumnRef(1, "PARENT_ID", INT)}, false);
        List<String> inner = run(new IndexNestedLoopJoin(fullScan(child), 3, lookup, null, JoinType.INNER, false));
        assertEquals(List.of("[10, 1, 1.50, 1, a]", "[11, 1, 2.00, 1, a]", "[12, 3, 1.50, 3, c]"), inner);
        List<String> left = run(new IndexNestedLoopJoin(fullScan(child), 3, lookup, null, JoinType.LEFT, false));
        assertEquals(List.of("[10, 1, 1.50, 1, a]", "[11, 1, 2.00, 1, a]", "[12, 3, 1.50, 3, c]",
                "[13, null, 0.00, null, null]", "[14, 9, null, null, null]"), left);
        // The same join with the looked-up table on the left of the statement: its columns come first.
        List<String> swapped = run(new IndexNestedLoopJoin(fullScan(child), 3, lookup, null, JoinType.INNER, true));
        assertEquals("[1, a, 10, 1, 1.50]", swapped.get(0));
    }

    @Test
    void hashAndNestedLoopJoinsAgreeWithTheIndexJoin() {
        Expr childParent = new ColumnRef(1, "PARENT_ID", INT);
        Expr parentId = new ColumnRef(0, "ID", INT);
        List<String> hash = run(new HashJoin(fullScan(child), 3, fullScan(parent), 2, new Expr[] {childParent},
                new Expr[] {parentId}, null, JoinType.LEFT));
        Expr condition = new Comparison(Comparison.Op.EQ, new ColumnRef(1, "PARENT_ID", INT), new ColumnRef(3, "ID", INT));
        List<String> loop = run(new NestedLoopJoin(fullScan(child), 3, fullScan(parent), 2, condition, JoinType.LEFT));
        IndexGet lookup = new IndexGet(parent, new Expr[] {childParent}, false);
        List<String> index = run(new IndexNestedLoopJoin(fullScan(child), 3, lookup, null, JoinType.LEFT, false));
        assertEquals(index, hash);
        assertEquals(index, loop);
    }

    @Test
    void hashKeysCompareAsSqlValues() {
        // 1.50 (DECIMAL(6,2)) and 1.5 are one value; a NULL key matches nothing, not even NULL.
        Expr[][] keys = {{new Literal(new BigDecimal("1.5"), DEC)}, {new Literal(null, DEC)}};
        List<String> joined = run(new HashJoin(fullScan(child), 3, new ValuesScan(keys), 1,
                new Expr[] {new ColumnRef(2, "PRICE", DEC)}, new Expr[] {new ColumnRef(0, "K", DEC)}, null, JoinType.INNER));
        assertEquals(List.of("[10, 1, 1.50, 1.5]", "[12, 3, 1.50, 1.5]"), joined);
    }
}
