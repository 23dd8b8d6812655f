package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.BatchUpdateException;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.JDBCType;
import java.sql.ParameterMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.sql.Time;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Statements and prepared statements: setters, execution results, batches, parameter metadata. */
class StatementTest {
    private static final AtomicInteger NAMES = new AtomicInteger();
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = DriverManager.getConnection("jdbc:tern:mem:statement" + NAMES.incrementAndGet());
        c.createStatement().executeUpdate("CREATE TABLE v (id INT PRIMARY KEY, t TINYINT, s SMALLINT, b BIGINT, "
                + "d DECIMAL(10,2), r REAL, f DOUBLE, ok BOOLEAN, ch CHAR(3), name VARCHAR(20), dt DATE, ts TIMESTAMP)");
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    private Object one(String column, int id) throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT " + column + " FROM v WHERE id = " + id)) {
            assertTrue(rs.next(), "row " + id);
            return rs.getObject(1);
        }
    }

    @Test
    void everyNumericSetterStoresIntoADecimalColumn() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO v (id, d) VALUES (?, ?)")) {
            int id = 0;
            ps.setInt(1, ++id);
            ps.setByte(2, (byte) 7);
            ps.executeUpdate();
            ps.setInt(1, ++id);
            ps.setShort(2, (short) 300);
            ps.executeUpdate();
            ps.setInt(1, ++id);
            ps.setInt(2, 70_000);
            ps.executeUpdate();
            ps.setInt(1, ++id);
            ps.setLong(2, 12_345_678L);
            ps.executeUpdate();
            ps.setInt(1, ++id);
            ps.setFloat(2, 0.1f);
            ps.executeUpdate();
            ps.setInt(1, ++id);
            ps.setDouble(2, 2.675);
            ps.executeUpdate();
            ps.setInt(1, ++id);
            ps.setBigDecimal(2, new BigDecimal("-3.14159"));
            ps.executeUpdate();
            ps.setInt(1, ++id);
            ps.setString(2, " 42.5 ");
            ps.executeUpdate();
            ps.setInt(1, ++id);
            ps.setObject(2, BigInteger.valueOf(99));
            ps.executeUpdate();
        }
        String[] expected = {"7.00", "300.00", "70000.00", "12345678.00", "0.10", "2.68", "-3.14", "42.50", "99.00"};
        for (int i = 0; i < expected.length; i++) {
            assertEquals(new BigDecimal(expected[i]), one("d", i + 1), "row " + (i + 1));
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO v (id, d) VALUES (?, ?)")) {
            ps.setInt(1, 100);
            ps.setLong(2, 123_456_789_012L);
            assertEquals("22003", assertThrows(SQLException.class, ps::executeUpdate).getSQLState(),
                    "DECIMAL(10,2) holds 8 integer digits");
            ps.setString(2, "lots");
            assertEquals("22018", assertThrows(SQLException.class, ps::executeUpdate).getSQLState());
        }
    }

    @Test
    void everySetterRoundTripsThroughItsColumnType() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO v VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            ps.setInt(1, 1);
            ps.setByte(2, (byte) -5);
            ps.setShort(3, (short) 1234);
            ps.setLong(4, Long.MAX_VALUE);
            ps.setBigDecimal(5, new BigDecimal("12.34"));
            ps.setFloat(6, 1.5f);
            ps.setDouble(7, -0.25);
            ps.setBoolean(8, true);
            ps.setString(9, "ab");
            ps.setNString(10, "hello");
            ps.setDate(11, Date.valueOf("2024-02-29"));
            ps.setTimestamp(12, Timestamp.valueOf("2024-02-29 13:14:15.123456"));
            assertEquals(1, ps.executeUpdate());
        }
        assertEquals((byte) -5, one("t", 1));
        assertEquals((short) 1234, one("s", 1));
        assertEquals(Long.MAX_VALUE, one("b", 1));
        assertEquals(new BigDecimal("12.34"), one("d", 1));
        assertEquals(1.5f, one("r", 1));
        assertEquals(-0.25, one("f", 1));
        assertEquals(true, one("ok", 1));
        assertEquals("ab", one("ch", 1));
        assertEquals("hello", one("name", 1));
        assertEquals(Date.valueOf("2024-02-29"), one("dt", 1));
        assertEquals(Timestamp.valueOf("2024-02-29 13:14:15.123456"), one("ts", 1));
    }

    @Test
    void setNullTakesAnyTypeCodeIncludingNull() throws SQLException {
        int[] codes = {Types.NULL, Types.TINYINT, Types.SMALLINT, Types.BIGINT, Types.DECIMAL, Types.REAL, Types.DOUBLE,
            Types.BOOLEAN, Types.CHAR, Types.VARCHAR, Types.DATE, Types.TIMESTAMP, Types.OTHER, Types.BLOB};
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO v VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (int row = 0; row < codes.length; row++) {
                ps.setInt(1, row + 1);
                for (int p = 2; p <= 12; p++) {
                    if (p % 2 == 0) {
                        ps.setNull(p, codes[row]);
                    } else {
                        ps.setNull(p, codes[row], "ANY");
                    }
                }
                assertEquals(1, ps.executeUpdate());
            }
        }
        try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM v WHERE t IS NULL AND s IS NULL "
                + "AND b IS NULL AND d IS NULL AND r IS NULL AND f IS NULL AND ok IS NULL AND ch IS NULL "
                + "AND name IS NULL AND dt IS NULL AND ts IS NULL")) {
            assertTrue(rs.next());
            assertEquals(codes.length, rs.getInt(1));
        }
        try (PreparedStatement q = c.prepareStatement("SELECT id FROM v WHERE name = ?")) {
            q.setNull(1, Types.NULL);
            try (ResultSet rs = q.executeQuery()) {
                assertFalse(rs.next(), "= NULL matches nothing");
            }
        }
    }

    @Test
    void setObjectWithAndWithoutATargetType() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO v (id, d, ok, name, dt, ts, b) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?)")) {
            ps.setObject(1, 1);
            ps.setObject(2, 5L);
            ps.setObject(3, Boolean.FALSE);
            ps.setObject(4, 'x');
            ps.setObject(5, LocalDate.of(2000, 1, 2));
            ps.setObject(6, LocalDateTime.of(2000, 1, 2, 3, 4, 5));
            ps.setObject(7, (short) 9);
            ps.executeUpdate();

            ps.setObject(1, "2", Types.INTEGER);
            ps.setObject(2, "1.005", Types.DECIMAL, 2);
            ps.setObject(3, "true", Types.BOOLEAN);
            ps.setObject(4, 12.5, Types.VARCHAR);
            ps.setObject(5, "2001-02-03", Types.DATE);
            ps.setObject(6, new java.util.Date(Timestamp.valueOf("2001-02-03 04:05:06").getTime()), Types.TIMESTAMP);
            ps.setObject(7, 10, JDBCType.BIGINT);
            ps.executeUpdate();

            ps.setObject(1, 3, Types.NULL);
            ps.setObject(2, null, Types.DECIMAL);
            ps.setObject(3, null);
            ps.setObject(4, "z", Types.OTHER);
            ps.setObject(5, Date.valueOf("2002-03-04"), JDBCType.DATE);
            ps.setObject(6, Timestamp.valueOf("2002-03-04 05:06:07"));
            ps.setObject(7, new BigDecimal("11"), Types.JAVA_OBJECT);
            ps.executeUpdate();

            assertThrows(SQLFeatureNotSupportedException.class, () -> ps.setObject(4, UUID.randomUUID()));
            assertThrows(SQLFeatureNotSupportedException.class, () -> ps.setObject(4, "x", Types.ARRAY));
            assertThrows(SQLFeatureNotSupportedException.class, () -> ps.setTime(6, Time.valueOf("10:00:00")));
            assertThrows(SQLFeatureNotSupportedException.class, () -> ps.setBytes(4, new byte[1]));
            assertEquals("22018", assertThrows(SQLException.class, () -> ps.setObject(1, "two", Types.INTEGER))
                    .getSQLState(), "converted to the target type when set");
        }
        assertEquals(new BigDecimal("5.00"), one("d", 1));
        assertEquals("x", one("name", 1));
        assertEquals(Date.valueOf("2000-01-02"), one("dt", 1));
        assertEquals(Timestamp.valueOf("2000-01-02 03:04:05"), one("ts", 1));
        assertEquals(new BigDecimal("1.01"), one("d", 2), "scale 2, rounded half up when set");
        assertEquals(true, one("ok", 2));
        assertEquals("12.5", one("name", 2));
        assertEquals(Date.valueOf("2001-02-03"), one("dt", 2));
        assertEquals(Timestamp.valueOf("2001-02-03 04:05:06"), one("ts", 2));
        assertEquals(10L, one("b", 2));
        assertNull(one("d", 3));
        assertEquals("z", one("name", 3));
        assertEquals(11L, one("b", 3));
    }

    @Test
    void characterStreamsAndCalendarsAreAccepted() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO v (id, name, ts) VALUES (?, ?, ?)")) {
            ps.setInt(1, 1);
            ps.setCharacterStream(2, new StringReader("from a reader"));
            ps.setTimestamp(3, Timestamp.valueOf("2020-06-01 12:00:00"), java.util.Calendar.getInstance());
            ps.executeUpdate();
            ps.setInt(1, 2);
            ps.setCharacterStream(2, new StringReader("abcdef"), 3);
            java.util.Calendar utc = java.util.Calendar.getInstance(java.util.TimeZone.getTimeZone("UTC"));
            Timestamp instant = Timestamp.from(java.time.Instant.parse("2020-06-01T12:00:00Z"));
            ps.setTimestamp(3, instant, utc);
            ps.executeUpdate();
        }
        assertEquals("from a reader", one("name", 1));
        assertEquals(Timestamp.valueOf("2020-06-01 12:00:00"), one("ts", 1));
        assertEquals("abc", one("name", 2));
        assertEquals(Timestamp.valueOf("2020-06-01 12:00:00"), one("ts", 2), "UTC wall clock of the instant");
    }

    @Test
    void executeReportsRowsOrCountsAndMoreResultsEndsThem() throws SQLException {
        Statement s = c.createStatement();
        assertFalse(s.execute("INSERT INTO v (id) VALUES (1), (2), (3)"));
        assertEquals(3, s.getUpdateCount());
        assertEquals(3L, s.getLargeUpdateCount());
        assertNull(s.getResultSet());
        assertFalse(s.getMoreResults());
        assertEquals(-1, s.getUpdateCount(), "no more results");
        assertTrue(s.execute("SELECT id FROM v"));
        ResultSet rs = s.getResultSet();
        assertSame(s, rs.getStatement());
        assertEquals(-1, s.getUpdateCount());
        assertFalse(s.getMoreResults());
        assertTrue(rs.isClosed(), "getMoreResults closes the current result");
        assertNull(s.getResultSet());
        assertEquals(2, s.executeUpdate("UPDATE v SET name = 'x' WHERE id >= 2"));
        assertEquals(1L, s.executeLargeUpdate("DELETE FROM v WHERE id = 3"));
        assertEquals(0, s.executeUpdate("CREATE TABLE w (x INT PRIMARY KEY)"), "DDL counts 0");
        SQLException keys = assertThrows(SQLFeatureNotSupportedException.class, s::getGeneratedKeys);
        assertEquals("0A000", keys.getSQLState());
        assertThrows(SQLFeatureNotSupportedException.class,
                () -> s.executeUpdate("INSERT INTO v (id) VALUES (9)", Statement.RETURN_GENERATED_KEYS));
        assertEquals(1, s.executeUpdate("INSERT INTO v (id) VALUES (9)", Statement.NO_GENERATED_KEYS));
        s.setLargeMaxRows(1);
        try (ResultSet limited = s.executeQuery("SELECT id FROM v ORDER BY id")) {
            assertTrue(limited.next());
            assertFalse(limited.next());
        }
        assertEquals(1, s.getMaxRows());
    }

    @Test
    void statementBatchesRunInOrderAndReportCounts() throws SQLException {
        Statement s = c.createStatement();
        s.addBatch("INSERT INTO v (id) VALUES (1)");
        s.addBatch("INSERT INTO v (id) VALUES (2), (3)");
        s.addBatch("UPDATE v SET name = 'n'");
        assertArrayEquals(new int[] {1, 2, 3}, s.executeBatch());
        assertArrayEquals(new int[0], s.executeBatch(), "the batch is cleared after running");
        s.addBatch("DELETE FROM v");
        s.clearBatch();
        assertArrayEquals(new int[0], s.executeBatch());
        assertEquals(3, count());
    }

    @Test
    void aFailingBatchInAutocommitKeepsWhatRanAndReportsIt() throws SQLException {
        Statement s = c.createStatement();
        s.addBatch("INSERT INTO v (id) VALUES (1)");
        s.addBatch("INSERT INTO v (id) VALUES (2)");
        s.addBatch("INSERT INTO v (id) VALUES (1)");
        s.addBatch("INSERT INTO v (id) VALUES (4)");
        BatchUpdateException e = assertThrows(BatchUpdateException.class, s::executeBatch);
        assertEquals("23505", e.getSQLState());
        assertArrayEquals(new int[] {1, 1}, e.getUpdateCounts());
        assertArrayEquals(new long[] {1, 1}, e.getLargeUpdateCounts());
        assertTrue(e.getMessage().contains("batch entry 3 of 4"), e.getMessage());
        assertEquals(2, count(), "autocommit: the statements before the failure committed");

        s.addBatch("INSERT INTO v (id) VALUES (5)");
        s.addBatch("SELECT id FROM v");
        BatchUpdateException query = assertThrows(BatchUpdateException.class, s::executeBatch);
        assertArrayEquals(new int[] {1}, query.getUpdateCounts());
        assertEquals(3, count());
    }

    @Test
    void preparedBatchesWorkWithAutocommitOnAndOff() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO v (id, name) VALUES (?, ?)")) {
            for (int i = 1; i <= 3; i++) {
                ps.setInt(1, i);
                ps.setString(2, "n" + i);
                ps.addBatch();
            }
            assertArrayEquals(new int[] {1, 1, 1}, ps.executeBatch());
            assertEquals(3, count());

            c.setAutoCommit(false);
            ps.setInt(1, 4);
            ps.setString(2, "four");
            ps.addBatch();
            ps.setInt(1, 5);
            ps.addBatch();
            assertArrayEquals(new long[] {1, 1}, ps.executeLargeBatch());
            c.rollback();
            assertEquals(3, count(), "a batch in a transaction is rolled back with it");

            ps.setInt(1, 6);
            ps.addBatch();
            ps.setInt(1, 1);
            ps.addBatch();
            BatchUpdateException e = assertThrows(BatchUpdateException.class, ps::executeBatch);
            assertArrayEquals(new int[] {1}, e.getUpdateCounts());
            assertTrue(e.getMessage().contains("rolled back"), e.getMessage());
            c.commit();
            assertEquals(3, count(), "a failing write rolls the explicit transaction back");
            c.setAutoCommit(true);

            ps.clearParameters();
            ps.setInt(1, 7);
            assertEquals("07001", assertThrows(SQLException.class, ps::addBatch).getSQLState());
        }
        try (PreparedStatement q = c.prepareStatement("SELECT id FROM v WHERE id = ?")) {
            q.setInt(1, 1);
            q.addBatch();
            assertThrows(BatchUpdateException.class, q::executeBatch);
        }
    }

    @Test
    void parameterMetaDataHasThePlannersTypes() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM v WHERE d > ? AND name = ? AND dt < ? "
                + "AND id = ?")) {
            ParameterMetaData md = ps.getParameterMetaData();
            assertEquals(4, md.getParameterCount());
            assertEquals(Types.DECIMAL, md.getParameterType(1));
            assertEquals(10, md.getPrecision(1));
            assertEquals(2, md.getScale(1));
            assertEquals("java.math.BigDecimal", md.getParameterClassName(1));
            assertEquals(Types.VARCHAR, md.getParameterType(2));
            assertEquals("VARCHAR", md.getParameterTypeName(2));
            assertEquals(Types.DATE, md.getParameterType(3));
            assertEquals(Types.INTEGER, md.getParameterType(4));
            assertTrue(md.isSigned(4));
            assertFalse(md.isSigned(2));
            assertEquals(ParameterMetaData.parameterModeIn, md.getParameterMode(1));
            assertEquals(ParameterMetaData.parameterNullableUnknown, md.isNullable(1));
            assertEquals("07001", assertThrows(SQLException.class, () -> md.getParameterType(5)).getSQLState());
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO v (id, ts) VALUES (?, ?)")) {
            ParameterMetaData md = ps.getParameterMetaData();
            assertEquals(Types.INTEGER, md.getParameterType(1));
            assertEquals(Types.TIMESTAMP, md.getParameterType(2));
            assertNull(ps.getMetaData(), "no result columns for an INSERT");
        }
        try (PreparedStatement ps = c.prepareStatement("SELECT name AS n FROM v WHERE id = ?")) {
            assertEquals("N", ps.getMetaData().getColumnLabel(1), "result metadata before execution");
        }
    }

    @Test
    void preparedStatementRejectsTextMethodsAndBadIndexes() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT id FROM v WHERE id = ?")) {
            assertThrows(SQLException.class, () -> ps.executeQuery("SELECT 1"));
            assertThrows(SQLException.class, () -> ps.addBatch("SELECT 1"));
            assertEquals("07001", assertThrows(SQLException.class, () -> ps.setInt(2, 1)).getSQLState());
            assertEquals("07001", assertThrows(SQLException.class, () -> ps.setInt(0, 1)).getSQLState());
            assertEquals("07001", assertThrows(SQLException.class, ps::executeQuery).getSQLState());
        }
        SQLException syntax = assertThrows(SQLException.class, () -> c.prepareStatement("SELEC id FROM v"));
        assertEquals("42000", syntax.getSQLState(), "errors surface when preparing");
    }

    @Test
    void preparedStatementsSurviveDdlOnTheirTable() throws SQLException {
        try (PreparedStatement ps = c.prepareStatement("SELECT name FROM v WHERE id = ?")) {
            c.createStatement().executeUpdate("INSERT INTO v (id, name) VALUES (1, 'a')");
            c.createStatement().executeUpdate("CREATE TABLE other (x INT PRIMARY KEY)");
            ps.setInt(1, 1);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals("a", rs.getString(1));
            }
            c.createStatement().executeUpdate("DROP TABLE v");
            assertEquals("42S02", assertThrows(SQLException.class, ps::executeQuery).getSQLState());
        }
    }

    private long count() throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT COUNT(*) FROM v")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void errorsCarryAStateAndAMessage() throws SQLException {
        Statement s = c.createStatement();
        List<SQLException> errors = new ArrayList<>();
        for (String bad : new String[] {"SELECT * FROM nowhere", "SELECT nosuch FROM v", "INSERT INTO v (id) VALUES "
            + "(NULL)", "CREATE TABLE v (id INT PRIMARY KEY)", "SELECT 1/0 FROM v", "SELECT", ""}) {
            if (bad.contains("1/0")) {
                s.executeUpdate("INSERT INTO v (id) VALUES (77)");
            }
            errors.add(assertThrows(SQLException.class, () -> s.execute(bad), bad));
        }
        List<String> states = errors.stream().map(SQLException::getSQLState).toList();
        assertEquals(List.of("42S02", "42S22", "23502", "42S01", "22012", "42000", "42000"), states);
        for (SQLException e : errors) {
            assertTrue(e.getMessage() != null && !e.getMessage().isBlank(), e.toString());
            assertEquals(0, e.getErrorCode());
        }
    }

    @Test
    void aDuplicatePrimaryKeyInATransactionRollsBackWithTheCallersStackOnly() throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO v (id, name) VALUES (?, ?)")) {
            insert.setInt(1, 1);
            insert.setString(2, "first");
            insert.executeUpdate();
            c.commit();
            insert.setString(2, "second");
            SQLException e = assertThrows(SQLException.class, insert::executeUpdate);
            assertEquals("23505", e.getSQLState());
            assertTrue(e.getMessage().contains("duplicate primary key") && e.getMessage().contains("rolled back"),
                    e.getMessage());
            assertTrue(e.getStackTrace().length > 0, "the application's stack is on the JDBC exception");
            for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
                assertEquals(0, cause.getStackTrace().length, "an expected outcome walks no engine stack: " + cause);
            }
            insert.setInt(1, 2);
            assertEquals(1, insert.executeUpdate(), "the connection goes on in a new transaction");
            c.commit();
        } finally {
            c.setAutoCommit(true);
        }
        assertEquals("first", one("name", 1));
        assertEquals("second", one("name", 2));
    }
}
