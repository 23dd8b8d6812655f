package org.terndb.engine;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Values;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.sql.ddl.ColumnDefinition;
import org.terndb.sql.ddl.CreateIndex;
import org.terndb.sql.ddl.CreateTable;
import org.terndb.sql.ddl.DdlStatement;
import org.terndb.sql.ddl.DropTable;
import org.terndb.sql.ddl.LiteralValue;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowCodec;
import org.terndb.storage.codec.Schema;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Index;
import org.terndb.txn.SecondaryKey;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.Worker;

/**
 * Runs DDL against the catalog and the protocol's tables. DDL is not transactional: it takes effect at once,
 * also inside an explicit transaction, and statements are serialised database-wide. Each DDL statement bumps
 * the catalog version, which retires every cached plan.
 */
final class DdlExecutor {
    private final Catalog catalog;
    private final ConcurrencyControl cc;

    DdlExecutor(Catalog catalog, ConcurrencyControl cc) {
        this.catalog = catalog;
        this.cc = cc;
    }

    synchronized void execute(DdlStatement ddl) {
        if (ddl instanceof CreateTable c) {
            createTable(c);
        } else if (ddl instanceof DropTable d) {
            dropTable(d);
        } else {
            createIndex((CreateIndex) ddl);
        }
    }

    // ---- CREATE TABLE ----------------------------------------------------------------------------

    private void createTable(CreateTable ddl) {
        if (catalog.table(ddl.name()) != null) {
            if (ddl.ifNotExists()) {
                return;
            }
            throw new TernSqlException(SqlState.TABLE_EXISTS, "table " + ddl.name() + " already exists");
        }
        Set<String> primaryKey = new HashSet<>();
        for (String k : ddl.primaryKey()) {
            if (!primaryKey.add(k)) {
                throw new TernSqlException(SqlState.SYNTAX_ERROR, "column " + k + " appears twice in the PRIMARY KEY");
            }
        }
        List<Column> columns = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (ColumnDefinition def : ddl.columns()) {
            if (!names.add(def.name())) {
                throw new TernSqlException(SqlState.DUPLICATE_COLUMN, "column " + def.name() + " is declared twice");
            }
            columns.add(column(def, primaryKey.contains(def.name())));
        }
        Schema schema = Schema.of(columns);
        Object[] defaults = new Object[columns.size()];
        for (int i = 0; i < columns.size(); i++) {
            defaults[i] = defaultValue(ddl.columns().get(i), columns.get(i));
        }
        int[] pk = new int[ddl.primaryKey().size()];
        for (int i = 0; i < pk.length; i++) {
            pk[i] = schema.indexOf(ddl.primaryKey().get(i));
            if (pk[i] < 0) {
                throw new TernSqlException(SqlState.UNKNOWN_COLUMN, "PRIMARY KEY column " + ddl.primaryKey().get(i)
                        + " is not a column of " + ddl.name());
            }
        }
        Table table = cc.createTable(ddl.name());
        IndexMeta primary = pk.length == 0
                ? new IndexMeta("PRIMARY", table.primary(), new int[0], new boolean[0], true, true, TableMeta.rowIdCodec())
                : new IndexMeta("PRIMARY", table.primary(), pk, new boolean[pk.length], true, true,
                KeyCodec.of(schema.select(pk)));
        catalog.publish(ddl.name(), new TableMeta(ddl.name(), schema, defaults, table, primary, List.of(),
                pk.length == 0 ? new AtomicLong() : null));
    }

    private static Column column(ColumnDefinition def, boolean inPrimaryKey) {
        ColumnType type = switch (def.type().name()) {
            case TINYINT -> ColumnType.TINYINT;
            case SMALLINT -> ColumnType.SMALLINT;
            case INTEGER -> ColumnType.INTEGER;
            case BIGINT -> ColumnType.BIGINT;
            case DECIMAL -> ColumnType.DECIMAL;
            case REAL -> ColumnType.REAL;
            case DOUBLE -> ColumnType.DOUBLE;
            case CHAR -> ColumnType.CHAR;
            case VARCHAR -> ColumnType.VARCHAR;
            case BOOLEAN -> ColumnType.BOOLEAN;
            case DATE -> ColumnType.DATE;
            case TIMESTAMP -> ColumnType.TIMESTAMP;
        };
        try {
            return new Column(def.name(), type, def.type().precision(), def.type().scale(),
                    !(def.notNull() || inPrimaryKey));
        } catch (IllegalArgumentException e) {
            String state = e.getMessage().contains("not implemented yet") ? SqlState.FEATURE_NOT_SUPPORTED
                    : SqlState.SYNTAX_ERROR;
            throw new TernSqlException(state, e.getMessage(), e);
        }
    }

    private static Object defaultValue(ColumnDefinition def, Column column) {
        LiteralValue literal = def.defaultValue();
        if (literal == null || literal.kind() == LiteralValue.Kind.NULL) {
            return null;
        }
        Object raw = switch (literal.kind()) {
            case NUMBER -> new BigDecimal(literal.text());
            case BOOLEAN -> Boolean.valueOf(literal.text());
            case DATE -> Values.convert(literal.text(), ExprType.of(ColumnType.DATE, true));
            case TIMESTAMP -> Values.convert(literal.text(), ExprType.of(ColumnType.TIMESTAMP, true));
            default -> literal.text();
        };
        try {
            return Values.convert(raw, ExprType.of(column));
        } catch (TernSqlException e) {
            throw new TernSqlException(e.sqlState(), "DEFAULT " + literal + " of column " + column.name() + ": "
                    + e.getMessage(), e);
        }
    }

    // ---- DROP TABLE ------------------------------------------------------------------------------

    private void dropTable(DropTable ddl) {
        TableMeta table = catalog.table(ddl.name());
        if (table == null) {
            if (ddl.ifExists()) {
                return;
            }
            throw new TernSqlException(SqlState.UNKNOWN_TABLE, "table " + ddl.name() + " does not exist");
        }
        catalog.publish(ddl.name(), null);
        cc.dropTable(table.table());
    }

    // ---- CREATE INDEX ----------------------------------------------------------------------------

    private void createIndex(CreateIndex ddl) {
        TableMeta table = catalog.table(ddl.table());
        if (table == null) {
            throw new TernSqlException(SqlState.UNKNOWN_TABLE, "table " + ddl.table() + " does not exist");
        }
        if (catalog.index(ddl.name()) != null || ddl.name().equals("PRIMARY")) {
            if (ddl.ifNotExists()) {
                return;
            }
            throw new TernSqlException(SqlState.INDEX_EXISTS, "index " + ddl.name() + " already exists");
        }
        int[] columns = new int[ddl.columns().size()];
        boolean[] descending = new boolean[columns.length];
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < columns.length; i++) {
            CreateIndex.Key key = ddl.columns().get(i);
            columns[i] = table.schema().indexOf(key.column());
            if (columns[i] < 0) {
                throw new TernSqlException(SqlState.UNKNOWN_COLUMN, "column " + key.column() + " is not a column of "
                        + table.name() + "; columns are " + table.schema().columns().stream().map(Column::name).toList());
            }
            if (!seen.add(columns[i])) {
                throw new TernSqlException(SqlState.SYNTAX_ERROR, "column " + key.column() + " appears twice in index "
                        + ddl.name());
            }
            descending[i] = key.descending();
        }
        if (!isEmpty(table)) {
            throw new TernSqlException(SqlState.FEATURE_NOT_SUPPORTED, "CREATE INDEX on a table that has rows is not "
                    + "supported yet (the protocol API has no index backfill); create indexes before loading "
                    + table.name());
        }
        KeyCodec codec = KeyCodec.of(table.schema().select(columns), descending);
        Index index = cc.createIndex(table.table(), ddl.name(), ddl.unique(),
                secondaryKey(table.rowCodec(), codec, columns, ddl.unique()));
        catalog.publish(table.name(), table.withIndex(new IndexMeta(ddl.name(), index, columns, descending,
                ddl.unique(), false, codec)));
    }

    /**
     * The stored key of a secondary index: the indexed columns, then the primary key when the entry must be
     * made unique (non-unique indexes always; unique indexes when a key column is NULL, as NULLs never
     * collide in SQL).
     */
    private static SecondaryKey secondaryKey(RowCodec rows, KeyCodec codec, int[] columns, boolean unique) {
        ThreadLocal<KeyBuilder> builders = ThreadLocal.withInitial(codec::newBuilder);
        return (primaryKey, row) -> {
            KeyBuilder keys = builders.get().reset();
            boolean anyNull = false;
            for (int c : columns) {
                anyNull |= rows.isNull(row, c);
                keys.addFromRow(rows, row, c);
            }
            if (unique && !anyNull) {
                return keys.toKey();
            }
            byte[] key = new byte[keys.length() + primaryKey.length];
            System.arraycopy(keys.buffer(), 0, key, 0, keys.length());
            System.arraycopy(primaryKey, 0, key, keys.length(), primaryKey.length);
            return key;
        };
    }

    private boolean isEmpty(TableMeta table) {
        try (Worker worker = cc.newWorker()) {
            Transaction txn = worker.begin();
            int n = txn.scan(table.table().primary(), null, true, null, true, false, 1, (k, r) -> false);
            txn.abort();
            return n == 0;
        }
    }
}
