package org.terndb.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words of a statement outside string literals, quoted identifiers and comments, with their positions.
 * The front end only looks at the first and last few to route a statement; it never parses with this.
 */
final class SqlWords {
    /** One word: its upper-cased text and where it starts and ends in the statement. */
    record Word(String upper, int start, int end) {
    }

    private SqlWords() {
    }

    static List<Word> of(String sql) {
        List<Word> words = new ArrayList<>();
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                while (i < n && sql.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int close = sql.indexOf("*/", i + 2);
                i = close < 0 ? n : close + 2;
            } else if (c == '\'' || c == '"') {
                i = skipQuoted(sql, i, c);
                words.add(new Word(String.valueOf(c), i - 1, i));
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_' || sql.charAt(i) == '$')) {
                    i++;
                }
                words.add(new Word(sql.substring(start, i).toUpperCase(Locale.ROOT), start, i));
            } else {
                if (!Character.isWhitespace(c)) {
                    words.add(new Word(String.valueOf(c), i, i + 1));
                }
                i++;
            }
        }
        return words;
    }

    private static int skipQuoted(String sql, int i, char quote) {
        i++;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return i;
    }
}
