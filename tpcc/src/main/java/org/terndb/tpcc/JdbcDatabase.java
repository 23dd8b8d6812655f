package org.terndb.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.terndb.cli.CommandFailedException;
import org.terndb.harness.JdbcBatchInserts;
import org.terndb.harness.JdbcConnections;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;

/**
 * The TPC-C schema and initial population over JDBC ({@code --mode jdbc}): DDL in standard SQL generated from
 * {@link TpccTable} and {@link TpccIndex}, and the loader's rows in batched INSERTs. The same statements run on
 * TernDB, H2 and HSQLDB (HISTORY, without a primary key, gets TernDB's hidden row id); the only database-specific
 * step is switching HSQLDB to MVCC ({@link JdbcConnections#configure}).
 */
final class JdbcDatabase {
    private JdbcDatabase() {
    }

    /** Creates the nine tables and the two secondary indexes; fails if a TPC-C table already exists. */
    static void createSchema(Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        for (TpccTable t : TpccTable.values()) {
            for (String name : new String[] {t.sqlName(), t.sqlName().toLowerCase(java.util.Locale.ROOT)}) {
                try (ResultSet rs = meta.getTables(null, null, name, new String[] {"TABLE"})) {
                    if (rs.next()) {
                        throw new CommandFailedException("table " + t.sqlName() + " already exists in "
                                + meta.getURL() + "; TPC-C loads into an empty database: use a new database name");
                    }
                }
            }
        }
        try (Statement s = c.createStatement()) {
            for (String ddl : ddl()) {
                s.execute(ddl);
            }
        }
        c.commit();
    }

    /** The CREATE TABLE and CREATE INDEX statements. */
    static List<String> ddl() {
        List<String> statements = new ArrayList<>();
        for (TpccTable t : TpccTable.values()) {
            StringJoiner columns = new StringJoiner(", ", "CREATE TABLE " + t.sqlName() + " (", ")");
            for (Column col : t.schema().columns()) {
                columns.add(col.name() + " " + col.sqlType() + (col.nullable() ? "" : " NOT NULL"));
            }
            if (t.hasPrimaryKey()) {
                StringJoiner key = new StringJoiner(", ", "PRIMARY KEY (", ")");
                for (int k : t.keyColumns()) {
                    key.add(t.schema().column(k).name());
                }
                columns.add(key.toString());
            }
            statements.add(columns.toString());
        }
        for (TpccIndex index : TpccIndex.secondaries()) {
            statements.add("CREATE INDEX " + index.name() + " ON " + index.table().sqlName() + " ("
                    + String.join(", ", index.sqlColumnNames()) + ")");
        }
        return statements;
    }

    static String insertSql(TpccTable t) {
        StringJoiner names = new StringJoiner(", ");
        StringJoiner marks = new StringJoiner(", ");
        for (Column col : t.schema().columns()) {
            names.add(col.name());
            marks.add("?");
        }
        return "INSERT INTO " + t.sqlName() + " (" + names + ") VALUES (" + marks + ")";
    }

    /** Sets a generated value (see {@link TpccLoader}) as parameter {@code index} of column type {@code col}. */
    static void bind(PreparedStatement ps, int index, Column col, Object value) throws SQLException {
        ColumnType type = col.type();
        if (value == null) {
            ps.setNull(index, type == ColumnType.TIMESTAMP ? Types.TIMESTAMP : Types.INTEGER);
            return;
        }
        switch (type) {
            case INTEGER -> ps.setInt(index, (Integer) value);
            case DECIMAL -> ps.setBigDecimal(index, BigDecimal.valueOf((Long) value, col.scale()));
            case TIMESTAMP -> ps.setTimestamp(index, timestamp((Long) value));
            case CHAR, VARCHAR -> ps.setString(index, (String) value);
            default -> throw new IllegalArgumentException("TPC-C uses no " + type + " column");
        }
    }

    static Timestamp timestamp(long micros) {
        Timestamp t = new Timestamp(micros / 1000);
        t.setNanos((int) (micros % 1_000_000) * 1000);
        return t;
    }

    /** A BigDecimal money value in cents (exact; scale 2). */
    static long cents(BigDecimal value) {
        return value.setScale(2).unscaledValue().longValueExact();
    }

    /** The loader's rows as batched INSERTs on a connection of its own. */
    static final class LoadSink implements TpccLoader.Sink {
        private static final TpccTable[] TABLES = TpccTable.values();
        private final JdbcBatchInserts inserts;

        LoadSink(String url) throws SQLException {
            this.inserts = new JdbcBatchInserts(JdbcConnections.connect(url, "tpcc"), TABLES.length,
                    t -> insertSql(TABLES[t]));
        }

        @Override
        public void row(TpccTable table, long historySeq, Object[] values) throws SQLException {
            inserts.insert(table.ordinal(), values, (ps, parameter, column, value) ->
                    bind(ps, parameter, table.schema().column(column), value));
        }

        @Override
        public void close() throws SQLException {
            inserts.close();
        }
    }
}
