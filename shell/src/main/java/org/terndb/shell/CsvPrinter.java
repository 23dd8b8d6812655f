package org.terndb.shell;

import java.io.PrintWriter;

/**
 * {@code --csv}: a header line of column labels, then one line per row (RFC 4180 quoting: a field with a
 * comma, quote or line break is quoted, quotes doubled). NULL is an empty field and the empty string a
 * quoted empty field ({@code ""}), so the two stay apart. Lines end with {@code \n}.
 */
final class CsvPrinter {
    private CsvPrinter() {
    }

    static void print(ResultTable table, PrintWriter out) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < table.columns().size(); c++) {
            line.append(c == 0 ? "" : ",");
            field(line, table.columns().get(c));
        }
        out.print(line.append('\n'));
        for (Object[] row : table.rows()) {
            line.setLength(0);
            for (int c = 0; c < row.length; c++) {
                line.append(c == 0 ? "" : ",");
                if (row[c] != null) {
                    field(line, ResultTable.text(row[c]));
                }
            }
            out.print(line.append('\n'));
        }
    }

    private static void field(StringBuilder line, String text) {
        boolean quote = text.isEmpty();
        for (int i = 0; i < text.length() && !quote; i++) {
            char ch = text.charAt(i);
            quote = ch == ',' || ch == '"' || ch == '\n' || ch == '\r';
        }
        if (!quote) {
            line.append(text);
            return;
        }
        line.append('"').append(text.replace("\"", "\"\"")).append('"');
    }
}
