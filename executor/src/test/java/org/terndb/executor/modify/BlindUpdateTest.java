package org.terndb.executor.modify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.terndb.executor.Cursor;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.ExprType;
import org.terndb.executor.PlanNode;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.access.IndexGet;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Literal;
import org.terndb.executor.expr.Parameter;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.relational.ValuesScan;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowCodec;
import org.terndb.storage.codec.Schema;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.Protocols;
import org.terndb.txn.RowPatch;
import org.terndb.txn.RowVisitor;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * A blind update writes through {@code updateBlind} and never reads the row it replaces; the partial form hands the
 * protocol a patch of the columns it sets.
 */
class BlindUpdateTest {
    private static final ExprType INT = ExprType.of(ColumnType.INTEGER, false);
    private static final ExprType TEXT = ExprType.of(ColumnType.VARCHAR, true);

    private ConcurrencyControl cc;
    private Worker worker;
    private TableMeta table;
    private IndexMeta byName; // unique, on NAME

    /** Passes calls to a real transaction and records which ones were made. */
    private static final class Recording implements Transaction {
        final Transaction inner;
        final List<String> calls = new ArrayList<>();

        Recording(Transaction inner) {
            this.inner = inner;
        }

        @Override
        public byte[] read(Table t, byte[] pk) {
            calls.add("read");
            return inner.read(t, pk);
        }

        @Override
        public byte[] readForUpdate(Table t, byte[] pk) {
            calls.add("readForUpdate");
            return inner.readForUpdate(t, pk);
        }

        @Override
        public byte[] read(Index index, byte[] key) {
            calls.add("read");
            return inner.read(index, key);
        }

        @Override
        public int scan(Index index, byte[] lo, boolean loInclusive, byte[] hi, boolean hiInclusive, boolean reverse,
                        int limit, RowVisitor visitor) {
            calls.add("scan");
            return inner.scan(index, lo, loInclusive, hi, hiInclusive, reverse, limit, visitor);
        }

        @Override
        public boolean insert(Table t, byte[] pk, byte[] row) {
            calls.add("insert");
            return inner.insert(t, pk, row);
        }

        @Override
        public boolean update(Table t, byte[] pk, byte[] row) {
            calls.add("update");
            return inner.update(t, pk, row);
        }

        @Override
        public boolean updateBlind(Table t, byte[] pk, byte[] row) {
            calls.add("updateBlind");
            return inner.updateBlind(t, pk, row);
        }

        @Override
        public boolean updateBlind(Table t, byte[] pk, RowPatch patch) {
            calls.add("updateBlind patch " + Long.toBinaryString(patch.columnMask()));
            return inner.updateBlind(t, pk, patch);
        }

        @Override
        public byte[] readPrimaryKey(Index index, byte[] key) {
            calls.add("readPrimaryKey");
            return inner.readPrimaryKey(index, key);
        }

        @Override
        public boolean delete(Table t, byte[] pk) {
            calls.add("delete");
            return inner.delete(t, pk);
        }

        @Override
        public void commit() {
            inner.commit();
        }

        @Override
        public void abort() {
            inner.abort();
        }

        @Override
        public boolean isActive() {
            return inner.isActive();
        }
    }

    @BeforeEach
    void load() {
        cc = Protocols.create("silo");
        worker = cc.newWorker();
        Schema schema = Schema.of(Column.of("ID", ColumnType.INTEGER).notNull(), Column.of("NAME", ColumnType.VARCHAR, 5).notNull(),
                Column.of("N", ColumnType.INTEGER));
        Table t = cc.createTable("T");
        IndexMeta pk = new IndexMeta("PRIMARY", t.primary(), new int[] {0}, new boolean[1], true, true,
                KeyCodec.of(schema.select(0)));
        KeyCodec nameCodec = KeyCodec.of(schema.select(1));
        RowCodec rows = RowCodec.of(schema);
        Index names = cc.createIndex(t, "BY_NAME", true,
                (key, row) -> nameCodec.newBuilder().reset().addFromRow(rows, row, 1).toKey());
        byName = new IndexMeta("BY_NAME", names, new int[] {1}, new boolean[1], true, false, nameCodec);
        table = new TableMeta("T", schema, new Object[3], t, pk, List.of(byName), null);
        run(new Insert(table, new ValuesScan(new Expr[][] {
            {new Literal(1L, INT), new Literal("one", TEXT), new Literal(1L, INT)}})), new Object[0]);
    }

    @AfterEach
    void close() {
        worker.close();
        cc.close();
    }

    private Recording run(PlanNode plan, Object[] params) {
        Recording txn = new Recording(worker.begin());
        try {
            Cursor c = plan.open(new ExecutionContext().reset(txn, params));
            while (c.next()) {
                txn.calls.add("row " + java.util.Arrays.toString(c.row()));
            }
            txn.commit();
        } catch (RuntimeException e) {
            txn.abort();
            throw e;
        }
        return txn;
    }

    private BlindUpdate update() {
        // UPDATE t SET name = ?0, n = ?1 WHERE id = ?2
        return new BlindUpdate(table, new Expr[] {new Parameter(2, INT)}, new int[] {1, 2},
                new Expr[] {new Parameter(0, TEXT), new Parameter(1, INT)});
    }

    /** UPDATE t SET n = ?0 WHERE id = ?1 */
    private BlindUpdate setNById() {
        return BlindUpdate.partial(table, table.primaryIndex(), new Expr[] {new Parameter(1, INT)}, new int[] {2},
                new Expr[] {new Parameter(0, INT)});
    }

    /** UPDATE t SET n = ?0 WHERE name = ?1 */
    private BlindUpdate setNByName() {
        return BlindUpdate.partial(table, byName, new Expr[] {new Parameter(1, TEXT)}, new int[] {2},
                new Expr[] {new Parameter(0, INT)});
    }

    private String stored(long id) {
        return run(new IndexGet(table, new Expr[] {new Literal(id, INT)}, false), new Object[0]).calls.get(1);
    }

    @Test
    void partialUpdatePatchesTheColumnsItSetsWithoutReadingTheRow() {
        assertEquals(List.of("updateBlind patch 100", "row [1]"), run(setNById(), new Object[] {7L, 1L}).calls);
        assertEquals("row [1, one, 7]", stored(1));
        assertEquals(List.of("readPrimaryKey", "updateBlind patch 100", "row [1]"),
                run(setNByName(), new Object[] {8L, "one"}).calls, "the index entry is read, not the row");
        assertEquals("row [1, one, 8]", stored(1));
    }

    @Test
    void partialUpdateOfAMissingRowCountsZeroAndCreatesNothing() {
        assertEquals(List.of("updateBlind patch 100", "row [0]"), run(setNById(), new Object[] {7L, 2L}).calls);
        assertEquals(List.of("row [0]"), run(setNById(), new Object[] {7L, 5_000_000_000L}).calls);
        assertEquals(List.of("readPrimaryKey", "row [0]"), run(setNByName(), new Object[] {7L, "two"}).calls);
        assertEquals(List.of("row [0]"), run(setNByName(), new Object[] {7L, null}).calls, "NULL matches no key");
        Recording check = run(new IndexGet(table, new Expr[] {new Literal(2L, INT)}, false), new Object[0]);
        assertEquals(List.of("read"), check.calls);
    }

    @Test
    void partialUpdateWithABadValueIsAnErrorOnlyWhenTheRowExists() {
        BlindUpdate setName = BlindUpdate.partial(table, table.primaryIndex(), new Expr[] {new Parameter(1, INT)},
                new int[] {2}, new Expr[] {new Parameter(0, INT)});
        assertEquals(List.of("read", "row [0]"), run(setName, new Object[] {5_000_000_000L, 2L}).calls);
        TernSqlException e = assertThrows(TernSqlException.class,
                () -> run(setName, new Object[] {5_000_000_000L, 1L}));
        assertEquals("22003", e.sqlState());
        assertEquals("row [1, one, 1]", stored(1));
    }

    @Test
    void partialUpdateRefusesKeyAndIndexedColumns() {
        assertThrows(IllegalArgumentException.class, () -> BlindUpdate.partial(table, table.primaryIndex(),
                new Expr[] {new Parameter(1, INT)}, new int[] {1}, new Expr[] {new Parameter(0, TEXT)}));
        assertThrows(IllegalArgumentException.class, () -> BlindUpdate.partial(table, table.primaryIndex(),
                new Expr[] {new Parameter(1, INT)}, new int[] {0}, new Expr[] {new Parameter(0, INT)}));
    }

    @Test
    void writesTheWholeRowWithoutReadingIt() {
        Recording txn = run(update(), new Object[] {"uno", 7L, 1L});
        assertEquals(List.of("updateBlind", "row [1]"), txn.calls);
        Recording check = run(new IndexGet(table, new Expr[] {new Literal(1L, INT)}, false), new Object[0]);
        assertEquals("row [1, uno, 7]", check.calls.get(1));
    }

    @Test
    void aMissingKeyCountsZero() {
        assertEquals(List.of("updateBlind", "row [0]"), run(update(), new Object[] {"x", 1L, 2L}).calls);
        assertEquals(List.of("row [0]"), run(update(), new Object[] {"x", 1L, 5_000_000_000L}).calls,
                "a key the column cannot hold matches nothing and writes nothing");
    }

    @Test
    void aBadValueIsAnErrorOnlyWhenTheRowExists() {
        assertEquals(List.of("read", "row [0]"), run(update(), new Object[] {null, 1L, 2L}).calls);
        TernSqlException e = assertThrows(TernSqlException.class, () -> run(update(), new Object[] {null, 1L, 1L}));
        assertEquals("23502", e.sqlState());
    }
}
