package org.terndb.tatp;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.function.Consumer;
import org.terndb.cli.CommandFailedException;
import org.terndb.harness.JdbcBatchInserts;
import org.terndb.harness.JdbcConnections;
import org.terndb.storage.codec.Column;

/**
 * The TATP schema, population and consistency reads over JDBC ({@code --mode jdbc}): DDL in standard SQL generated
 * from {@link TatpTable} (primary keys and the unique index on SUB_NBR; the specification's foreign keys are left
 * out, as no transaction could violate them: the harness checks them instead), the loader's rows in batched
 * INSERTs, and ordered SELECTs for {@link TatpCheck}. The same statements run on H2, HSQLDB and TernDB.
 */
final class JdbcDatabase {
    static final String NUMBER_INDEX = "SUBSCRIBER_BY_NUMBER";

    private JdbcDatabase() {
    }

    /** Creates the four tables and the SUB_NBR index; fails if a TATP table already exists. */
    static void createSchema(Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        for (TatpTable t : TatpTable.values()) {
            for (String name : new String[] {t.sqlName(), t.sqlName().toLowerCase(Locale.ROOT)}) {
                try (ResultSet rs = meta.getTables(null, null, name, new String[] {"TABLE"})) {
                    if (rs.next()) {
                        throw new CommandFailedException("table " + t.sqlName() + " already exists in "
                                + meta.getURL() + "; TATP loads into an empty database: use a new database name");
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
        for (TatpTable t : TatpTable.values()) {
            StringJoiner columns = new StringJoiner(", ", "CREATE TABLE " + t.sqlName() + " (", ")");
            for (Column col : t.schema().columns()) {
                columns.add(col.name() + " " + col.sqlType() + (col.nullable() ? "" : " NOT NULL"));
            }
            columns.add("PRIMARY KEY (" + String.join(", ", keyNames(t)) + ")");
            statements.add(columns.toString());
        }
        statements.add("CREATE UNIQUE INDEX " + NUMBER_INDEX + " ON SUBSCRIBER (SUB_NBR)");
        return statements;
    }

    private static List<String> keyNames(TatpTable t) {
        List<String> names = new ArrayList<>();
        for (int k : t.keyColumns()) {
            names.add(t.schema().column(k).name());
        }
        return names;
    }

    static String insertSql(TatpTable t) {
        StringJoiner names = new StringJoiner(", ");
        StringJoiner marks = new StringJoiner(", ");
        for (Column col : t.schema().columns()) {
            names.add(col.name());
            marks.add("?");
        }
        return "INSERT INTO " + t.sqlName() + " (" + names + ") VALUES (" + marks + ")";
    }

    /** Binds a generated value ({@link Integer}, {@link Long} or {@link String}). */
    static void bind(PreparedStatement ps, int index, Object value) throws SQLException {
        if (value instanceof Integer i) {
            ps.setInt(index, i);
        } else if (value instanceof Long l) {
            ps.setLong(index, l);
        } else {
            ps.setString(index, (String) value);
        }
    }

    /** The loader's rows as batched INSERTs on a connection of its own. */
    static final class LoadSink implements TatpLoader.Sink {
        private static final TatpTable[] TABLES = TatpTable.values();
        private final JdbcBatchInserts inserts;

        LoadSink(String url) throws SQLException {
            this.inserts = new JdbcBatchInserts(JdbcConnections.connect(url, "tatp"), TABLES.length,
                    t -> insertSql(TABLES[t]));
        }

        @Override
        public void row(TatpTable table, Object[] values) throws SQLException {
            inserts.insert(table.ordinal(), values, (ps, parameter, column, value) -> bind(ps, parameter, value));
        }

        @Override
        public void close() throws SQLException {
            inserts.close();
        }
    }

    /** {@link TatpSource} as plain SELECTs on one connection (the database is quiescent). */
    static final class Source implements TatpSource, AutoCloseable {
        private final Connection c;

        Source(Connection c) {
            this.c = c;
        }

        @Override
        public void rows(TatpTable table, Consumer<Object[]> sink) throws SQLException {
            Object[] values = new Object[table.schema().size()];
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT * FROM " + table.sqlName() + " ORDER BY "
                         + String.join(", ", keyNames(table)))) {
                while (rs.next()) {
                    for (int i = 0; i < values.length; i++) {
                        values[i] = table.canonical(i, rs.getObject(table.schema().column(i).name()));
                    }
                    sink.accept(values);
                }
            }
            c.commit();
        }

        @Override
        public void numberIndex(NumberSink sink) throws SQLException {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT SUB_NBR, S_ID FROM SUBSCRIBER ORDER BY SUB_NBR")) {
                while (rs.next()) {
                    sink.entry(rs.getString(1), rs.getInt(2));
                }
            }
            c.commit();
        }

        private PreparedStatement lookup;

        @Override
        public int subscriberOf(String number) throws SQLException {
            if (lookup == null) {
                lookup = c.prepareStatement("SELECT S_ID FROM SUBSCRIBER WHERE SUB_NBR = ?");
            }
            lookup.setString(1, number);
            try (ResultSet rs = lookup.executeQuery()) {
                return rs.next() ? rs.getInt(1) : -1;
            }
        }

        @Override
        public void close() throws SQLException {
            if (lookup != null) {
                lookup.close();
            }
            c.commit();
        }
    }
}
