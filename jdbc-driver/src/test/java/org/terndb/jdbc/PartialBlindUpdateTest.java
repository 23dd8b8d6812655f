package org.terndb.jdbc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.terndb.txn.Protocols;

/**
 * UPDATEs planned as partial blind writes ({@code EXPLAIN}: {@code blind, partial}) on a durable database: the
 * log holds the whole patched rows, so a reopened database has every column as the commits left it.
 */
class PartialBlindUpdateTest {

    static Stream<String> protocols() {
        return Protocols.names().stream();
    }

    @ParameterizedTest
    @MethodSource("protocols")
    void patchedRowsAreRecoveredWhole(String protocol, @TempDir Path dir) throws SQLException {
        String url = "jdbc:tern:file:" + dir.resolve("db") + ";protocol=" + protocol;
        try (Connection c = DriverManager.getConnection(url)) {
            Statement s = c.createStatement();
            s.executeUpdate("CREATE TABLE sub (id INT PRIMARY KEY, nbr VARCHAR(8) NOT NULL, bit1 INT, loc BIGINT)");
            s.executeUpdate("CREATE UNIQUE INDEX sub_nbr ON sub (nbr)");
            s.executeUpdate("INSERT INTO sub VALUES (1, 'n1', 0, 10), (2, 'n2', 0, 20), (3, 'n3', 0, 30)");
            try (ResultSet rs = s.executeQuery("EXPLAIN UPDATE sub SET loc = ? WHERE nbr = ?")) {
                assertTrue(rs.next());
                assertTrue(rs.getString(1).contains("blind, partial"), rs.getString(1));
            }
            try (PreparedStatement byNumber = c.prepareStatement("UPDATE sub SET loc = ? WHERE nbr = ?");
                 PreparedStatement byId = c.prepareStatement("UPDATE sub SET bit1 = ? WHERE id = ?")) {
                byNumber.setLong(1, 11);
                byNumber.setString(2, "n1");
                assertEquals(1, byNumber.executeUpdate());
                byId.setInt(1, 1);
                byId.setInt(2, 1);
                assertEquals(1, byId.executeUpdate());
                byId.setInt(1, 2);
                byId.setInt(2, 4);
                assertEquals(0, byId.executeUpdate(), "no row 4: nothing written");
                byId.setNull(1, Types.INTEGER);
                byId.setInt(2, 2);
                assertEquals(1, byId.executeUpdate(), "a patch sets NULL");
                byNumber.setNull(1, Types.BIGINT);
                byNumber.setString(2, "n3");
                assertEquals(1, byNumber.executeUpdate());
                c.setAutoCommit(false);
                byId.setInt(1, 5);
                byId.setInt(2, 2);
                assertEquals(1, byId.executeUpdate());
                byNumber.setLong(1, 21);
                byNumber.setString(2, "n2");
                assertEquals(1, byNumber.executeUpdate());
                c.commit();
            }
        }
        try (Connection c = DriverManager.getConnection(url);
             ResultSet rs = c.createStatement().executeQuery("SELECT id, nbr, bit1, loc FROM sub ORDER BY id")) {
            StringBuilder rows = new StringBuilder();
            while (rs.next()) {
                rows.append(rs.getInt(1)).append(' ').append(rs.getString(2)).append(' ').append(rs.getInt(3))
                        .append(' ').append(rs.getObject(4)).append('\n');
            }
            assertEquals("1 n1 1 11\n2 n2 5 21\n3 n3 0 null\n", rows.toString(), protocol);
        }
    }
}
