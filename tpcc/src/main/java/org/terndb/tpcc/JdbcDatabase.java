package org.terndb.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Driver;
import java.sql.DriverManager;
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
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;

/**
 * The TPC-C schema and initial population over JDBC ({@code --mode jdbc}): DDL in standard SQL generated from
 * {@link TpccTable} and {@link TpccIndex}, and the loader's rows in batched INSERTs. The same statements run on H2,
 * HSQLDB and (once its driver exists) TernDB; the only database-specific step is switching HSQLDB to MVCC.
 */
final class JdbcDatabase {
    private static final int BATCH = 500;
    private static final int COMMIT_EVERY = 10_000;

    private JdbcDatabase() {
    }

    /** Opens a connection with auto-commit off, or fails with a message saying which driver is missing. */
    static Connection connect(String url) throws SQLException {
        Driver driver;
        try {
            driver = DriverManager.getDriver(url);
        } catch (SQLException e) {
            String hint = url.startsWith("jdbc:tern:")
                    ? "; TernDB's JDBC driver is not on the classpath yet (the SQL engine is under construction):"
                    + " use --url jdbc:h2:mem:tpcc or --url jdbc:hsqldb:mem:tpcc meanwhile"
                    : "; the harness ships H2 (jdbc:h2:...) and HSQLDB (jdbc:hsqldb:...)";
            throw new CommandFailedException("no JDBC driver accepts the URL " + url + hint);
        }
        java.util.Properties props = new java.util.Properties();
        if (url.startsWith("jdbc:hsqldb:") && !url.toLowerCase(java.util.Locale.ROOT).contains("user=")) {
            props.setProperty("user", "SA");
            props.setProperty("password", "");
        }
        Connection c = driver.connect(url, props);
        if (c == null) {
            throw new CommandFailedException("the JDBC driver " + driver.getClass().getName() + " refused " + url);
        }
        c.setAutoCommit(false);
        return c;
    }

    /** Database-specific setup before the schema: HSQLDB's multi-version concurrency control. */
    static void configure(Connection c, String url) throws SQLException {
        if (url.startsWith("jdbc:hsqldb:")) {
            try (Statement s = c.createStatement()) {
                s.execute("SET DATABASE TRANSACTION CONTROL MVCC");
            }
            c.commit();
        }
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
        private final Connection connection;
        private final PreparedStatement[] inserts = new PreparedStatement[TpccTable.values().length];
        private final int[] pending = new int[TpccTable.values().length];
        private int uncommitted;

        LoadSink(String url) throws SQLException {
            this.connection = connect(url);
        }

        @Override
        public void row(TpccTable table, long historySeq, Object[] values) throws SQLException {
            int t = table.ordinal();
            PreparedStatement ps = inserts[t];
            if (ps == null) {
                ps = inserts[t] = connection.prepareStatement(insertSql(table));
            }
            for (int i = 0; i < values.length; i++) {
                bind(ps, i + 1, table.schema().column(i), values[i]);
            }
            ps.addBatch();
            if (++pending[t] == BATCH) {
                ps.executeBatch();
                pending[t] = 0;
            }
            if (++uncommitted == COMMIT_EVERY) {
                flush();
            }
        }

        private void flush() throws SQLException {
            for (int t = 0; t < inserts.length; t++) {
                if (pending[t] > 0) {
                    inserts[t].executeBatch();
                    pending[t] = 0;
                }
            }
            connection.commit();
            uncommitted = 0;
        }

        @Override
        public void close() throws SQLException {
            try {
                flush();
            } finally {
                for (PreparedStatement ps : inserts) {
                    if (ps != null) {
                        ps.close();
                    }
                }
                connection.close();
            }
        }
    }
}
