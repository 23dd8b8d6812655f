package org.terndb.sql;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps positions in the text a parser saw back to the statement as the user wrote it, when the front end
 * had to rewrite it (see {@link KeywordIdentifiers}, which inserts quote characters). Lines never change;
 * only columns shift on lines that were rewritten. Immutable.
 */
public final class SourcePositions {
    /** No rewrite: positions are already the user's. */
    public static final SourcePositions IDENTITY = new SourcePositions(null, new int[0]);

    private static final Pattern LINE_COLUMN = Pattern.compile("line (\\d+), column (\\d+)");

    private final String original;
    /** Offsets in the original text before which one character was inserted, ascending. */
    private final int[] inserted;

    private SourcePositions(String original, int[] inserted) {
        this.original = original;
        this.inserted = inserted;
    }

    static SourcePositions of(String original, int[] inserted) {
        return new SourcePositions(original, inserted.clone());
    }

    /** The user's column (1-based) of a position the parser reported on {@code line} (1-based). */
    public int column(int line, int column) {
        if (original == null || line < 1 || column < 1) {
            return column;
        }
        int lineStart = 0;
        for (int l = 1; l < line; l++) {
            int nl = original.indexOf('\n', lineStart);
            if (nl < 0) {
                return column;
            }
            lineStart = nl + 1;
        }
        // The i-th inserted character sits at rewritten offset inserted[i] + i.
        int before = 0;
        while (before < inserted.length && inserted[before] < lineStart) {
            before++;
        }
        int rewritten = lineStart + before + column - 1;
        int shift = 0;
        while (shift < inserted.length && inserted[shift] + shift < rewritten) {
            shift++;
        }
        return Math.max(1, rewritten - shift - lineStart + 1);
    }

    /** {@code message} with every "line L, column C" mapped to the user's text. */
    public String fix(String message) {
        if (original == null || message == null) {
            return message;
        }
        Matcher m = LINE_COLUMN.matcher(message);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            int line = Integer.parseInt(m.group(1));
            int column = column(line, Integer.parseInt(m.group(2)));
            m.appendReplacement(out, "line " + line + ", column " + column);
        }
        m.appendTail(out);
        return out.toString();
    }
}
