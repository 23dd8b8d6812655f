package org.terndb.shell;

import java.io.PrintWriter;
import java.util.List;
import org.jline.utils.WCWidth;

/**
 * Prints rows for people: an aligned table with a header line (numbers right-aligned), or with
 * {@code \x} one block per row with a line per column. NULL prints as {@value #NULL_TEXT}, which no
 * ordinary value looks like; control characters print escaped ({@code \n}) so a value stays on one line;
 * in the aligned table a value wider than {@code maxWidth} terminal columns is cut and ends with
 * {@value #TRUNCATED}. Widths are terminal columns, so wide (CJK) characters stay aligned.
 */
final class TablePrinter {
    static final String NULL_TEXT = "<null>";
    static final String TRUNCATED = "...";

    private final int maxWidth;

    /** @param maxWidth widest a value may print in the aligned table; 0 for no limit */
    TablePrinter(int maxWidth) {
        this.maxWidth = maxWidth;
    }

    void aligned(ResultTable table, PrintWriter out) {
        int n = table.columns().size();
        String[][] cells = new String[table.rows().size()][n];
        int[] widths = new int[n];
        for (int c = 0; c < n; c++) {
            widths[c] = width(table.columns().get(c));
        }
        for (int r = 0; r < cells.length; r++) {
            Object[] row = table.rows().get(r);
            for (int c = 0; c < n; c++) {
                String cell = fit(display(row[c]));
                cells[r][c] = cell;
                widths[c] = Math.max(widths[c], width(cell));
            }
        }
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < n; c++) {
            cell(line, c, table.columns().get(c), widths, false);
        }
        println(out, line);
        for (int c = 0; c < n; c++) {
            line.append(c == 0 ? "-" : "+-").append("-".repeat(widths[c])).append('-');
        }
        println(out, line);
        for (String[] row : cells) {
            for (int c = 0; c < n; c++) {
                cell(line, c, row[c], widths, table.numeric().get(c));
            }
            println(out, line);
        }
    }

    /** One block per row, headed {@code -[ RECORD n ]}, with {@code column | value} lines (psql's {@code \x}). */
    void expanded(ResultTable table, PrintWriter out) {
        List<String> columns = table.columns();
        int nameWidth = 0;
        for (String column : columns) {
            nameWidth = Math.max(nameWidth, width(column));
        }
        int number = 0;
        for (Object[] row : table.rows()) {
            out.println("-[ RECORD " + ++number + " ]" + "-".repeat(Math.max(0, nameWidth - 8)));
            for (int c = 0; c < columns.size(); c++) {
                StringBuilder line = new StringBuilder();
                pad(line, columns.get(c), nameWidth, false);
                line.append(" | ").append(display(row[c]));
                println(out, line);
            }
        }
    }

    private static void cell(StringBuilder line, int column, String text, int[] widths, boolean right) {
        line.append(column == 0 ? " " : " | ");
        pad(line, text, widths[column], right);
    }

    private static void pad(StringBuilder line, String text, int width, boolean right) {
        String fill = " ".repeat(Math.max(0, width - width(text)));
        line.append(right ? fill : "").append(text).append(right ? "" : fill);
    }

    /** Prints without trailing blanks, then empties the buffer. */
    private static void println(PrintWriter out, StringBuilder line) {
        int end = line.length();
        while (end > 0 && line.charAt(end - 1) == ' ') {
            end--;
        }
        out.println(line.substring(0, end));
        line.setLength(0);
    }

    /** A value on one line: NULL marked, control characters escaped. */
    static String display(Object value) {
        if (value == null) {
            return NULL_TEXT;
        }
        String text = ResultTable.text(value);
        StringBuilder sb = null;
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch < 0x20 || ch == 0x7f) {
                if (sb == null) {
                    sb = new StringBuilder(text.length() + 8).append(text, 0, i);
                }
                switch (ch) {
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> sb.append(String.format("\\u%04x", (int) ch));
                }
            } else if (sb != null) {
                sb.append(ch);
            }
        }
        return sb == null ? text : sb.toString();
    }

    /** Cuts {@code text} to {@code maxWidth} terminal columns, the last ones being the marker. */
    String fit(String text) {
        if (maxWidth <= 0 || width(text) <= maxWidth) {
            return text;
        }
        int budget = Math.max(0, maxWidth - TRUNCATED.length());
        int used = 0;
        int i = 0;
        while (i < text.length()) {
            int cp = text.codePointAt(i);
            int w = Math.max(0, WCWidth.wcwidth(cp));
            if (used + w > budget) {
                break;
            }
            used += w;
            i += Character.charCount(cp);
        }
        return text.substring(0, i) + TRUNCATED;
    }

    /** Terminal columns {@code text} takes. */
    static int width(String text) {
        int w = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = text.codePointAt(i);
            w += Math.max(0, WCWidth.wcwidth(cp));
            i += Character.charCount(cp);
        }
        return w;
    }
}
