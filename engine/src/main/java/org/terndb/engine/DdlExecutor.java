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
import org.terndb.executor.meta.ForeignKeyMeta;
import org.terndb.sql.ddl.AddForeignKey;
import org.terndb.durability.Durability;
import org.terndb.sql.ddl.ColumnDefinition;
import org.terndb.sql.ddl.DropIndex;
import org.terndb.sql.ddl.ForeignKeyDefinition;
import org.terndb.sql.ddl.UniqueDefinition;
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
import org.terndb.txn.RowPatch;
import org.terndb.txn.SecondaryKey;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * Runs DDL against the catalog and the protocol's tables. DDL is not transactional: it takes effect at once,
 * also inside an explicit transaction, and statements are serialised database-wide. Each DDL statement bumps
 * the catalog version, which retires every cached plan.
 *
 * <p>CREATE INDEX and DROP INDEX run while other sessions read and write the table. CREATE INDEX: the protocol
 * starts maintaining the new index; once every transaction that began before has ended (so every writer left
 * maintains it), the existing rows are back-filled in chunks, each a transaction of the database's protocol that
 * reads the rows and writes their missing entries (a writer changing a row whose entry is not there yet aborts
 * and is retried); once the transactions older than the back-fill have ended too (their snapshots lack the
 * entries), the index is published to plans. DROP INDEX: the index leaves the catalog and the protocol makes its
 * readers abort; once older transactions have ended, writers stop maintaining it (and enforcing its uniqueness).
 */
final class DdlExecutor {
    /** How long index DDL waits for transactions that began before it. */
    static final long WAIT_MILLIS = 30_000;
    /** SQLState of a DDL statement that gave up waiting (the SQL/CLI "timeout expired"). */
    static final String TIMEOUT = "HYT00";
    /**
     * Rows back-filled per transaction: at most this many, halved after a conflict, doubled back after a commit
     * (large chunks for protocols whose commit waits for an epoch, small ones when writers keep conflicting).
     */
    private static final int BACKFILL_CHUNK = 4096;
    private static final int BACKFILL_MIN_CHUNK = 32;
    /** Attempts of one back-fill chunk that conflicts with writers before CREATE INDEX gives up. */
    private static final int BACKFILL_ATTEMPTS = 200;

    private final Catalog catalog;
    private final ConcurrencyControl cc;
    private final Durability durability; // null in memory: a file database records each schema change
    private String sql;                  // the statement being executed, for the durable catalog

    DdlExecutor(Catalog catalog, ConcurrencyControl cc, Durability durability) {
        this.catalog = catalog;
        this.cc = cc;
        this.durability = durability;
    }

    /** Runs a DDL statement; {@code sql} is its text, which a file database keeps in its catalog history. */
    synchronized void execute(DdlStatement ddl, String sql) {
        this.sql = sql;
        long version = catalog.version();
        execute(ddl);
        if (durability != null && catalog.version() != version && !(ddl instanceof CreateTable)
                && !(ddl instanceof DropTable) && !(ddl instanceof CreateIndex) && !(ddl instanceof DropIndex)) {
            // CREATE/DROP TABLE record themselves (ids of durable tables), CREATE/DROP INDEX at the moment when
            // the recorded schema and the rows a recovery would find agree
            durability.schemaChanged(sql);
        }
    }

    private void execute(DdlStatement ddl) {
        if (ddl instanceof CreateTable c) {
            createTable(c);
        } else if (ddl instanceof DropTable d) {
            dropTable(d);
        } else if (ddl instanceof DropIndex d) {
            dropIndex(d);
        } else if (ddl instanceof AddForeignKey a) {
            addForeignKey(a);
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
        // Check the constraints before anything is created, so a bad one leaves no table behind.
        List<ForeignKeyMeta> foreignKeys = new ArrayList<>();
        for (ForeignKeyDefinition fk : ddl.foreignKeys()) {
            foreignKeys.add(foreignKey(ddl.name(), schema, pk.length > 0 ? ddl.primaryKey() : List.of(), fk,
                    foreignKeys.size() + 1));
        }
        List<CreateIndex> uniques = new ArrayList<>();
        for (UniqueDefinition u : ddl.uniques()) {
            if (u.columns().equals(ddl.primaryKey())) {
                continue; // the primary key is unique already
            }
            String name = u.name() != null ? u.name() : ddl.name() + "_UNIQUE_" + (uniques.size() + 1);
            if (catalog.index(name) != null || uniques.stream().anyMatch(i -> i.name().equals(name))) {
                throw new TernSqlException(SqlState.INDEX_EXISTS, "index " + name + " already exists; name the "
                        + "UNIQUE constraint with CONSTRAINT name UNIQUE (...)");
            }
            for (String c : u.columns()) {
                if (schema.indexOf(c) < 0) {
                    throw new TernSqlException(SqlState.UNKNOWN_COLUMN, "UNIQUE column " + c + " is not a column of "
                            + ddl.name());
                }
            }
            uniques.add(new CreateIndex(name, ddl.name(), true, false,
                    u.columns().stream().map(c -> new CreateIndex.Key(c, false)).toList()));
        }
        Table table = cc.createTable(ddl.name());
        if (durability != null) {
            try {
                durability.tableCreated(sql, table); // recorded before any session can write to the table
            } catch (RuntimeException e) {
                cc.dropTable(table);
                throw e;
            }
        }
        IndexMeta primary = pk.length == 0
                ? new IndexMeta("PRIMARY", table.primary(), new int[0], new boolean[0], true, true, TableMeta.rowIdCodec())
                : new IndexMeta("PRIMARY", table.primary(), pk, new boolean[pk.length], true, true,
                KeyCodec.of(schema.select(pk)));
        TableMeta meta = new TableMeta(ddl.name(), schema, defaults, table, primary, List.of(),
                pk.length == 0 ? new AtomicLong() : null, foreignKeys);
        for (CreateIndex unique : uniques) {
            // a UNIQUE constraint is a unique index; the table is empty and not published yet: nothing to back-fill
            meta = meta.withIndex(addIndex(meta, unique));
        }
        catalog.publish(ddl.name(), meta);
    }

    /**
     * Resolves a FOREIGN KEY of table {@code name} (columns {@code schema}, primary key {@code primaryKey}).
     * Recorded only: foreign keys are not enforced yet.
     */
    private ForeignKeyMeta foreignKey(String name, Schema schema, List<String> primaryKey, ForeignKeyDefinition fk,
                                      int ordinal) {
        for (String c : fk.columns()) {
            if (schema.indexOf(c) < 0) {
                throw new TernSqlException(SqlState.UNKNOWN_COLUMN, "FOREIGN KEY column " + c + " is not a column of "
                        + name);
            }
        }
        boolean self = fk.referencedTable().equals(name);
        TableMeta referenced = self ? null : catalog.table(fk.referencedTable());
        if (!self && referenced == null) {
            throw new TernSqlException(SqlState.UNKNOWN_TABLE, "FOREIGN KEY references table " + fk.referencedTable()
                    + ", which does not exist; create it first or add the key later with ALTER TABLE " + name
                    + " ADD FOREIGN KEY");
        }
        Schema target = self ? schema : referenced.schema();
        List<String> columns = fk.referencedColumns();
        if (columns.isEmpty()) {
            columns = self ? primaryKey : referenced.primaryIndex().columnCount() == 0 ? List.of()
                    : java.util.Arrays.stream(referenced.primaryIndex().columns())
                    .mapToObj(i -> referenced.column(i).name()).toList();
            if (columns.isEmpty()) {
                throw new TernSqlException(SqlState.SYNTAX_ERROR, "table " + fk.referencedTable() + " has no PRIMARY "
                        + "KEY; name the referenced columns: REFERENCES " + fk.referencedTable() + " (col, ...)");
            }
        }
        for (String c : columns) {
            if (target.indexOf(c) < 0) {
                throw new TernSqlException(SqlState.UNKNOWN_COLUMN, "FOREIGN KEY references column " + c
                        + ", which is not a column of " + fk.referencedTable());
            }
        }
        if (columns.size() != fk.columns().size()) {
            throw new TernSqlException(SqlState.SYNTAX_ERROR, "FOREIGN KEY has " + fk.columns().size()
                    + " column(s) but the key it references has " + columns.size());
        }
        return new ForeignKeyMeta(fk.name() != null ? fk.name() : "FK_" + name + "_" + ordinal, fk.columns(),
                fk.referencedTable(), columns, fk.onDelete() == null ? "NO ACTION" : fk.onDelete(),
                fk.onUpdate() == null ? "NO ACTION" : fk.onUpdate());
    }

    // ---- ALTER TABLE ... ADD FOREIGN KEY ----------------------------------------------------------

    private void addForeignKey(AddForeignKey ddl) {
        TableMeta table = catalog.table(ddl.table());
        if (table == null) {
            throw new TernSqlException(SqlState.UNKNOWN_TABLE, "table " + ddl.table() + " does not exist");
        }
        List<String> primaryKey = java.util.Arrays.stream(table.primaryIndex().columns())
                .mapToObj(i -> table.column(i).name()).toList();
        if (table.hasRowId()) {
            primaryKey = List.of();
        }
        catalog.publish(table.name(), table.withForeignKey(foreignKey(table.name(), table.schema(), primaryKey,
                ddl.foreignKey(), table.foreignKeys().size() + 1)));
    }

    // ---- DROP INDEX ------------------------------------------------------------------------------

    /**
     * Drops a secondary index (and the UNIQUE constraint it backs): the catalog first, so no new plan uses it; then
     * its readers abort; once every older transaction has ended (none can still be reading it), a file database
     * records the drop and writers stop maintaining the index. A PRIMARY KEY is part of its table and stays.
     */
    private void dropIndex(DropIndex ddl) {
        if (ddl.name().equals("PRIMARY")) {
            throw new TernSqlException(SqlState.SYNTAX_ERROR, "PRIMARY names a table's PRIMARY KEY, which cannot be "
                    + "dropped (it is how the table stores its rows); drop and re-create the table to change it");
        }
        for (TableMeta table : catalog.snapshot().tables()) {
            for (IndexMeta index : table.secondaryIndexes()) {
                if (!index.name().equals(ddl.name())) {
                    continue;
                }
                if (ddl.table() != null && !ddl.table().equals(table.name())) {
                    throw new TernSqlException(SqlState.UNKNOWN_INDEX, "index " + ddl.name() + " is on table "
                            + table.name() + ", not " + ddl.table());
                }
                dropIndex(table, index);
                return;
            }
        }
        if (!ddl.ifExists()) {
            throw new TernSqlException(SqlState.UNKNOWN_INDEX, "index " + ddl.name() + " does not exist");
        }
    }

    private void dropIndex(TableMeta table, IndexMeta index) {
        catalog.publish(table.name(), table.withoutIndex(index.name()));
        cc.retireIndex(index.index());
        try {
            awaitOlderTransactions("DROP INDEX " + index.name());
            if (durability != null) {
                durability.schemaChanged(sql); // before uniqueness stops: a recovery never sees rows it forbids
            }
        } catch (RuntimeException e) {
            cc.restoreIndex(index.index());
            catalog.publish(table.name(), table);
            throw e;
        }
        cc.dropIndex(index.index());
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
        if (type == ColumnType.DECIMAL && def.type().precision() > Column.MAX_DECIMAL_PRECISION) {
            throw new TernSqlException(SqlState.FEATURE_NOT_SUPPORTED, "column '" + def.name() + "': DECIMAL precision "
                    + def.type().precision() + " is not supported yet; use 1.." + Column.MAX_DECIMAL_PRECISION);
        }
        try {
            return new Column(def.name(), type, def.type().precision(), def.type().scale(),
                    !(def.notNull() || inPrimaryKey));
        } catch (IllegalArgumentException e) {
            throw new TernSqlException(SqlState.SYNTAX_ERROR, e.getMessage(), e);
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
        if (durability != null) {
            durability.tableDropped(sql, table.table());
        }
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
        IndexMeta meta = addIndex(table, ddl);
        try {
            awaitOlderTransactions("CREATE INDEX " + ddl.name()); // every writer left maintains the index
            backfill(table, meta);
            awaitOlderTransactions("CREATE INDEX " + ddl.name()); // no snapshot older than the back-fill is left
            if (durability != null) {
                if (meta.unique()) {
                    awaitDurable(); // a recovery must not find rows the back-fill saw deleted
                }
                durability.schemaChanged(sql);
            }
        } catch (RuntimeException e) {
            cc.dropIndex(meta.index()); // nothing read it: it was not published
            throw e;
        }
        catalog.publish(table.name(), table.withIndex(meta));
    }

    /** Checks the key columns and adds the index to the protocol (which maintains it from now on). */
    private IndexMeta addIndex(TableMeta table, CreateIndex ddl) {
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
        KeyCodec codec = KeyCodec.of(table.schema().select(columns), descending);
        Index index = cc.createIndex(table.table(), ddl.name(), ddl.unique(),
                secondaryKey(table.rowCodec(), codec, columns, ddl.unique()));
        return new IndexMeta(ddl.name(), index, columns, descending, ddl.unique(), false, codec);
    }

    /**
     * Writes the entries of the table's rows into the new index, in chunks of primary-key order, each chunk one
     * transaction of the database's protocol (retried with the worker's backoff when it conflicts with writers).
     */
    private void backfill(TableMeta table, IndexMeta index) {
        List<byte[]> keys = new ArrayList<>();
        List<byte[]> rows = new ArrayList<>();
        int chunk = BACKFILL_CHUNK;
        try (Worker worker = cc.newWorker()) {
            byte[] after = null;
            while (true) {
                int limit;
                for (int attempt = 1; ; attempt++) {
                    keys.clear();
                    rows.clear();
                    limit = chunk;
                    Transaction txn = worker.begin();
                    try {
                        txn.scan(table.table().primary(), after, false, null, true, false, limit, (k, r) -> {
                            keys.add(k);
                            rows.add(r);
                            return true;
                        });
                        for (int i = 0; i < keys.size(); i++) {
                            if (!txn.backfill(index.index(), keys.get(i), rows.get(i))) {
                                txn.abort();
                                throw duplicate(table, index, rows.get(i));
                            }
                        }
                        txn.commit();
                        chunk = Math.min(BACKFILL_CHUNK, chunk * 2);
                        break;
                    } catch (TransactionAbortedException e) {
                        if (attempt == BACKFILL_ATTEMPTS) {
                            throw new TernSqlException(SqlState.SERIALIZATION_FAILURE, "CREATE INDEX " + index.name()
                                    + " gave up filling the index after " + attempt + " conflicts with concurrent "
                                    + "writes to " + table.name() + " (" + e.getMessage() + "); retry it when the "
                                    + "table is less busy", e);
                        }
                        chunk = Math.max(BACKFILL_MIN_CHUNK, chunk / 2);
                        worker.backoff();
                    } finally {
                        if (txn.isActive()) {
                            txn.abort();
                        }
                    }
                }
                if (keys.size() < limit) {
                    return;
                }
                after = keys.get(keys.size() - 1);
            }
        }
    }

    private static TernSqlException duplicate(TableMeta table, IndexMeta index, byte[] row) {
        StringBuilder names = new StringBuilder();
        StringBuilder values = new StringBuilder();
        for (int c : index.columns()) {
            names.append(names.length() == 0 ? "" : ", ").append(table.column(c).name());
            Object v = table.rowCodec().get(row, c);
            values.append(values.length() == 0 ? "" : ", ").append(v instanceof String ? "'" + v + "'" : v);
        }
        return new TernSqlException(SqlState.UNIQUE_VIOLATION, "cannot create UNIQUE index " + index.name() + " on "
                + table.name() + ": more than one row has (" + names + ") = (" + values + "); remove the duplicates "
                + "or create a non-unique index");
    }

    /** Waits for the transactions that began before now ({@link ConcurrencyControl#awaitActiveTransactions}). */
    private void awaitOlderTransactions(String statement) {
        try {
            if (!cc.awaitActiveTransactions(WAIT_MILLIS)) {
                throw new TernSqlException(TIMEOUT, statement + " waited " + WAIT_MILLIS / 1000 + " s for transactions "
                        + "that began before it to end, and gave up; commit or roll back long-running transactions "
                        + "and retry");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TernSqlException(TIMEOUT, statement + " was interrupted while waiting for older transactions",
                    e);
        }
    }

    /**
     * Waits until every commit the back-fill may have seen is on disk. A UNIQUE index is recorded in the catalog
     * file only then: a recovery replays the catalog first and loads the durable rows afterwards, which must not
     * include duplicates that were deleted before the back-fill but were not yet durable.
     */
    private void awaitDurable() {
        durability.awaitDurable(cc.epochs().current());
    }

    /**
     * The stored key of a secondary index: the indexed columns, then the primary key when the entry must be
     * made unique (non-unique indexes always; unique indexes when a key column is NULL, as NULLs never
     * collide in SQL).
     */
    private static SecondaryKey secondaryKey(RowCodec rows, KeyCodec codec, int[] columns, boolean unique) {
        ThreadLocal<KeyBuilder> builders = ThreadLocal.withInitial(codec::newBuilder);
        long mask = 0; // the key's columns, so that partial blind writes of other columns skip the key check
        for (int c : columns) {
            mask |= c < Long.SIZE ? 1L << c : RowPatch.ALL_COLUMNS;
        }
        long columnMask = mask;
        return new SecondaryKey() {
            @Override
            public byte[] of(byte[] primaryKey, byte[] row) {
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
            }

            @Override
            public long columnMask() {
                return columnMask;
            }
        };
    }
}
