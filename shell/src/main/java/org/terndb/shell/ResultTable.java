package org.terndb.shell;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Rows to print: a query's result set read to the end, or rows the shell made itself (meta-commands).
 * Values are what {@link ResultSet#getObject} returned; {@link #text} renders one for people.
 *
 * @param columns column labels
 * @param numeric per column, whether it holds numbers (printed right-aligned)
 * @param rows    the values, one array per row, {@code null} for SQL NULL
 */
record ResultTable(List<String> columns, List<Boolean> numeric, List<Object[]> rows) {

    ResultTable {
        columns = List.copyOf(columns);
        numeric = List.copyOf(numeric);
        for (Object[] row : rows) {
            if (row.length != columns.size()) {
                throw new IllegalArgumentException("a row has " + row.length + " values for " + columns.size() + " columns");
            }
        }
    }

    /** Reads {@code rs} to the end (it is not closed). */
    static ResultTable read(ResultSet rs) throws SQLException {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<String> columns = new ArrayList<>(n);
        List<Boolean> numeric = new ArrayList<>(n);
        for (int c = 1; c <= n; c++) {
            columns.add(md.getColumnLabel(c));
            numeric.add(isNumeric(md.getColumnType(c)));
        }
        List<Object[]> rows = new ArrayList<>();
        while (rs.next()) {
            Object[] row = new Object[n];
            for (int c = 1; c <= n; c++) {
                row[c - 1] = rs.getObject(c);
            }
            rows.add(row);
        }
        return new ResultTable(columns, numeric, rows);
    }

    /** A table of text columns, for meta-commands. */
    static ResultTable ofText(List<String> columns, List<Object[]> rows) {
        Boolean[] numeric = new Boolean[columns.size()];
        Arrays.fill(numeric, Boolean.FALSE);
        return new ResultTable(columns, Arrays.asList(numeric), rows);
    }

    /** Settings shown as two columns, name and value. */
    static ResultTable ofPairs(String nameColumn, String valueColumn, List<String[]> pairs) {
        List<Object[]> rows = new ArrayList<>(pairs.size());
        for (String[] pair : pairs) {
            rows.add(new Object[] {pair[0], pair[1]});
        }
        return ofText(List.of(nameColumn, valueColumn), rows);
    }

    private static boolean isNumeric(int sqlType) {
        return switch (sqlType) {
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.DECIMAL, Types.NUMERIC, Types.REAL,
                    Types.FLOAT, Types.DOUBLE -> true;
            default -> false;
        };
    }

    /** A non-null value as people read it: decimals in plain notation, bytes in hex. */
    static String text(Object value) {
        Objects.requireNonNull(value);
        if (value instanceof BigDecimal d) {
            return d.toPlainString();
        }
        if (value instanceof byte[] bytes) {
            StringBuilder sb = new StringBuilder(2 + 2 * bytes.length).append("\\x");
            for (byte b : bytes) {
                sb.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
            }
            return sb.toString();
        }
        return value.toString();
    }
}
