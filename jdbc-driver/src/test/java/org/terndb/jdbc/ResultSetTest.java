package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Result sets: getters by index and by label for every type, conversions, wasNull, metadata, cursor state. */
class ResultSetTest {
    private static final AtomicInteger NAMES = new AtomicInteger();
    private static final String COLUMNS = "id, t, s, b, d, r, f, ok, ch, name, dt, ts";
    private Connection c;

    @BeforeEach
    void open() throws SQLException {
        c = DriverManager.getConnection("jdbc:tern:mem:resultset" + NAMES.incrementAndGet());
        c.createStatement().executeUpdate("CREATE TABLE v (id INT PRIMARY KEY, t TINYINT, s SMALLINT, b BIGINT NOT NULL, "
                + "d DECIMAL(10,2), r REAL, f DOUBLE, ok BOOLEAN, ch CHAR(3), name VARCHAR(20), dt DATE, ts TIMESTAMP)");
        c.createStatement().executeUpdate("INSERT INTO v VALUES (1, -8, 300, 9000000000, 12.50, 1.5, 2.25, TRUE, 'ab', "
                + "'Tern', DATE '2024-02-29', TIMESTAMP '2024-02-29 10:11:12.345678')");
        c.createStatement().executeUpdate("INSERT INTO v (id, b) VALUES (2, 0)");
    }

    @AfterEach
    void close() throws SQLException {
        c.close();
    }

    private ResultSet row(int id) throws SQLException {
        ResultSet rs = c.createStatement().executeQuery("SELECT " + COLUMNS + " FROM v WHERE id = " + id);
        assertTrue(rs.next());
        return rs;
    }

    @Test
    void gettersByIndexAndByCaseInsensitiveLabelAgree() throws SQLException {
        try (ResultSet rs = row(1)) {
            assertEquals(1, rs.getInt(1));
            assertEquals(1, rs.getInt("Id"));
            assertEquals(-8, rs.getByte("T"));
            assertEquals((short) 300, rs.getShort("s"));
            assertEquals(9_000_000_000L, rs.getLong("B"));
            assertEquals(new BigDecimal("12.50"), rs.getBigDecimal("d"));
            assertEquals(1.5f, rs.getFloat("r"));
            assertEquals(2.25, rs.getDouble("F"));
            assertTrue(rs.getBoolean("ok"));
            assertEquals("ab", rs.getString("CH"));
            assertEquals("Tern", rs.getString("name"));
            assertEquals("Tern", rs.getNString("name"));
            assertEquals(Date.valueOf("2024-02-29"), rs.getDate("dt"));
            assertEquals(Timestamp.valueOf("2024-02-29 10:11:12.345678"), rs.getTimestamp("ts"));
            assertEquals(Timestamp.valueOf("2024-02-29 10:11:12.345678"), rs.getTimestamp(12, null));
            assertFalse(rs.wasNull());
            assertEquals(rs.findColumn("NAME"), rs.findColumn("name"));
            assertEquals("42S22", assertThrows(SQLException.class, () -> rs.getInt("nope")).getSQLState());
            assertEquals("42S22", assertThrows(SQLException.class, () -> rs.getInt(13)).getSQLState());
        }
    }

    @Test
    void getObjectReturnsTheClassMetadataNames() throws SQLException {
        try (ResultSet rs = row(1)) {
            ResultSetMetaData md = rs.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                Object v = rs.getObject(i);
                assertEquals(md.getColumnClassName(i), v.getClass().getName(), md.getColumnLabel(i));
                assertEquals(v, rs.getObject(md.getColumnLabel(i).toLowerCase(java.util.Locale.ROOT)));
            }
            assertEquals(LocalDate.of(2024, 2, 29), rs.getObject("dt", LocalDate.class));
            assertEquals(LocalDateTime.of(2024, 2, 29, 10, 11, 12, 345_678_000), rs.getObject("ts", LocalDateTime.class));
            assertEquals(BigInteger.valueOf(9_000_000_000L), rs.getObject("b", BigInteger.class));
            assertEquals(Long.valueOf(300), rs.getObject("s", Long.class));
            assertEquals("12.50", rs.getObject("d", String.class));
            assertThrows(SQLException.class, () -> rs.getObject("d", StringBuilder.class));
        }
    }

    @Test
    void nullsReadAsNullOrZeroAndSetWasNull() throws SQLException {
        try (ResultSet rs = row(2)) {
            assertEquals(0, rs.getInt("t"));
            assertTrue(rs.wasNull());
            assertEquals(0L, rs.getLong("b"));
            assertFalse(rs.wasNull(), "0 is not NULL");
            assertNull(rs.getBigDecimal("d"));
            assertTrue(rs.wasNull());
            assertEquals(0.0, rs.getDouble("f"));
            assertTrue(rs.wasNull());
            assertFalse(rs.getBoolean("ok"));
            assertTrue(rs.wasNull());
            assertNull(rs.getString("name"));
            assertNull(rs.getDate("dt"));
            assertNull(rs.getTimestamp("ts"));
            assertNull(rs.getObject("ch"));
            assertNull(rs.getObject("dt", LocalDate.class));
            assertTrue(rs.wasNull());
        }
    }

    @Test
    void conversionsFollowJdbcAndFailWithDataStates() throws SQLException {
        try (ResultSet rs = row(1)) {
            assertEquals("9000000000", rs.getString("b"));
            assertEquals("12.50", rs.getString("d"));
            assertEquals("2024-02-29", rs.getString("dt"));
            assertEquals(12, rs.getInt("d"), "truncates toward zero");
            assertEquals(new BigDecimal("300"), rs.getBigDecimal("s"));
            assertEquals(2.25, rs.getBigDecimal("f").doubleValue());
            SQLException range = assertThrows(SQLDataException.class, () -> rs.getInt("b"));
            assertEquals("22003", range.getSQLState());
            assertEquals("22003", assertThrows(SQLException.class, () -> rs.getByte("s")).getSQLState());
            assertEquals("22018", assertThrows(SQLException.class, () -> rs.getInt("name")).getSQLState());
            assertEquals("22018", assertThrows(SQLException.class, () -> rs.getDate("ok")).getSQLState());
            assertEquals("0A000", assertThrows(SQLException.class, () -> rs.getTime("ts")).getSQLState());
        }
    }

    @Test
    void metadataDescribesNamesTypesPrecisionAndNullability() throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT id, b AS big, d, name, ts, d * 2 AS twice FROM v")) {
            ResultSetMetaData md = rs.getMetaData();
            assertEquals(6, md.getColumnCount());
            assertEquals("ID", md.getColumnName(1));
            assertEquals("BIG", md.getColumnLabel(2));
            assertEquals("B", md.getColumnName(2), "the underlying column, while the label is the alias");
            assertEquals("V", md.getTableName(2));
            assertEquals(Types.INTEGER, md.getColumnType(1));
            assertEquals("INTEGER", md.getColumnTypeName(1));
            assertEquals(10, md.getPrecision(1));
            assertEquals(Types.BIGINT, md.getColumnType(2));
            assertEquals(ResultSetMetaData.columnNoNulls, md.isNullable(2));
            assertEquals(Types.DECIMAL, md.getColumnType(3));
            assertEquals(10, md.getPrecision(3));
            assertEquals(2, md.getScale(3));
            assertEquals(ResultSetMetaData.columnNullable, md.isNullable(3));
            assertEquals(Types.VARCHAR, md.getColumnType(4));
            assertEquals(20, md.getPrecision(4));
            assertTrue(md.isCaseSensitive(4));
            assertFalse(md.isSigned(4));
            assertTrue(md.isSigned(3));
            assertEquals(Types.TIMESTAMP, md.getColumnType(5));
            assertEquals("java.sql.Timestamp", md.getColumnClassName(5));
            assertEquals(Types.DECIMAL, md.getColumnType(6));
            assertTrue(md.getColumnDisplaySize(6) >= md.getPrecision(6));
            assertFalse(md.isReadOnly(1), "a table column could be updated");
            assertTrue(md.isReadOnly(6), "an expression cannot");
            assertEquals("42S22", assertThrows(SQLException.class, () -> md.getColumnType(7)).getSQLState());
        }
    }

    @Test
    void cursorMovesForwardOnlyAndReportsItsPosition() throws SQLException {
        try (ResultSet rs = c.createStatement().executeQuery("SELECT id FROM v ORDER BY id")) {
            assertTrue(rs.isBeforeFirst());
            assertEquals("24000", assertThrows(SQLException.class, () -> rs.getInt(1)).getSQLState());
            assertTrue(rs.next());
            assertTrue(rs.isFirst());
            assertEquals(1, rs.getRow());
            assertTrue(rs.next());
            assertTrue(rs.isLast());
            assertFalse(rs.next());
            assertTrue(rs.isAfterLast());
            assertFalse(rs.next());
            assertEquals("24000", assertThrows(SQLException.class, () -> rs.getInt(1)).getSQLState());
            assertEquals(ResultSet.TYPE_FORWARD_ONLY, rs.getType());
            assertEquals(ResultSet.CONCUR_READ_ONLY, rs.getConcurrency());
            assertEquals("0A000", assertThrows(SQLException.class, rs::previous).getSQLState());
            assertEquals("0A000", assertThrows(SQLException.class, () -> rs.updateInt(1, 2)).getSQLState());
        }
    }

    @Test
    void resultsStayReadableAfterTheirTransactionEnds() throws SQLException {
        c.setAutoCommit(false);
        ResultSet rs = c.createStatement().executeQuery("SELECT id FROM v ORDER BY id");
        c.commit();
        assertTrue(rs.next(), "rows are materialised before the transaction ends");
        assertEquals(1, rs.getInt(1));
        c.setAutoCommit(true);
    }

    @Test
    void aPointQueryRowReadsAsItWasWhileItsTransactionRewritesIt() throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement projected = c.prepareStatement("SELECT b, name, t FROM v WHERE id = ?");
             PreparedStatement all = c.prepareStatement("SELECT * FROM v WHERE id = ?")) {
            projected.setInt(1, 1);
            all.setInt(1, 1);
            ResultSet picked = projected.executeQuery();
            ResultSet whole = all.executeQuery();
            assertEquals(1, c.createStatement().executeUpdate("UPDATE v SET b = 7, name = 'x', t = NULL WHERE id = 1"));
            assertTrue(picked.isBeforeFirst());
            assertTrue(picked.next());
            assertTrue(picked.isFirst() && picked.isLast());
            assertEquals(1, picked.getRow());
            assertEquals(9_000_000_000L, picked.getLong("B"), "the row as the query read it");
            assertEquals("Tern", picked.getString(2));
            assertEquals(-8, picked.getByte(3));
            assertEquals("-8", picked.getString(3));
            assertEquals(-8, picked.getObject(3, Integer.class));
            assertFalse(picked.wasNull());
            assertEquals("22003", assertThrows(SQLDataException.class, () -> picked.getInt(1)).getSQLState());
            assertEquals("42S22", assertThrows(SQLException.class, () -> picked.getLong(4)).getSQLState());
            assertFalse(picked.next());
            assertTrue(picked.isAfterLast());
            assertEquals("24000", assertThrows(SQLException.class, () -> picked.getLong(1)).getSQLState());
            assertTrue(whole.next());
            assertEquals(new BigDecimal("12.50"), whole.getBigDecimal("d"));
            assertEquals(LocalDate.of(2024, 2, 29), whole.getObject("dt", LocalDate.class));
            assertEquals(9_000_000_000L, whole.getObject("b"));

            projected.setInt(1, 1);
            try (ResultSet after = projected.executeQuery()) {
                assertTrue(after.next());
                assertEquals(7, after.getInt(1), "a new execution sees the transaction's write");
                assertEquals(0, after.getShort(3));
                assertTrue(after.wasNull());
                assertNull(after.getObject(3));
            }
            projected.setInt(1, 3);
            try (ResultSet none = projected.executeQuery()) {
                assertFalse(none.isBeforeFirst(), "no row");
                assertFalse(none.next());
            }
        } finally {
            c.rollback();
            c.setAutoCommit(true);
        }
    }
}
