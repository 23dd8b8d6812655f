package org.terndb.planner.proc;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps positions in the text handed to the planner back to the CREATE PROCEDURE text: that text starts at the
 * statement's line (so its line 1 is line {@code 1 + lineOffset} of the procedure), and on some lines the
 * compiler replaced a variable by a longer or shorter parameter expression, which shifts the columns after it.
 */
final class PositionMap {
    private static final Pattern LINE_COLUMN = Pattern.compile("line (\\d+), column (\\d+)");

    /** One replacement: on {@code line}, rewritten columns {@code [from, to)} stand for original column {@code original}. */
    private record Replacement(int line, int from, int to, int original, int originalLength) {
    }

    private final List<Replacement> replacements = new ArrayList<>();
    private final int lineOffset;

    PositionMap(int lineOffset) {
        this.lineOffset = lineOffset;
    }

    void add(int line, int rewrittenColumn, int rewrittenLength, int originalColumn, int originalLength) {
        replacements.add(new Replacement(line, rewrittenColumn, rewrittenColumn + rewrittenLength, originalColumn,
                originalLength));
    }

    /** The original column of a rewritten (line, column); {@code line} is a line of the rewritten text. */
    int column(int line, int column) {
        int shift = 0;
        for (Replacement r : replacements) {
            if (r.line() != line || r.from() > column) {
                continue;
            }
            if (column < r.to()) {
                return r.original();
            }
            shift += (r.to() - r.from()) - r.originalLength();
        }
        return column - shift;
    }

    /** The message with every "line L, column C" mapped back. */
    String fix(String message) {
        if (message == null) {
            return null;
        }
        Matcher m = LINE_COLUMN.matcher(message);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            int line = Integer.parseInt(m.group(1));
            m.appendReplacement(out, "line " + (line + lineOffset) + ", column "
                    + column(line, Integer.parseInt(m.group(2))));
        }
        m.appendTail(out);
        return out.toString();
    }
}
