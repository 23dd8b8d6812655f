package org.terndb.sql;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/**
 * Lets words that Calcite's core parser reserves, but that PostgreSQL and MySQL users routinely name
 * columns with ({@code VALUE}, {@code COUNT}, {@code DATE}, {@code YEAR}, ...), be used unquoted as
 * identifiers. Calcite's reserved-word list is compiled into its generated parser, so instead of
 * regenerating that parser this pre-pass quotes such a word (as {@code "VALUE"}, upper case, which is
 * exactly what the unquoted word would have folded to) wherever it cannot be the keyword:
 * <ul>
 *   <li>function-like words (COUNT, POSITION, RANK, MIN, ...) are keywords only before {@code (};</li>
 *   <li>{@code VALUE} is a keyword only in {@code NEXT/CURRENT VALUE FOR};</li>
 *   <li>time units (YEAR ... SECOND) are keywords after an interval literal, around {@code TO}, and as the
 *       first argument of EXTRACT, TIMESTAMPADD and TIMESTAMPDIFF;</li>
 *   <li>DATE, TIME and TIMESTAMP are keywords before a string literal or {@code (}, as a CAST target, and
 *       in {@code WITH [LOCAL] TIME ZONE}.</li>
 * </ul>
 * Quoting adds two characters per word, so {@link SourcePositions} maps error positions back.
 */
final class KeywordIdentifiers {
    private static final Set<String> FUNCTION_WORDS = Set.of("COUNT", "POSITION", "RANK", "RESULT", "LANGUAGE",
            "CONDITION", "PERCENT", "MIN", "MAX", "SUM", "AVG");
    private static final Set<String> TIME_UNITS = Set.of("YEAR", "MONTH", "DAY", "HOUR", "MINUTE", "SECOND");
    private static final Set<String> DATETIME_TYPES = Set.of("DATE", "TIME", "TIMESTAMP");
    private static final Set<String> UNIT_FUNCTIONS = Set.of("EXTRACT", "TIMESTAMPADD", "TIMESTAMPDIFF");

    /** The rewritten text and where it came from. */
    record Result(String text, SourcePositions positions) {
    }

    private KeywordIdentifiers() {
    }

    static Result rewrite(String sql) {
        List<SqlWords.Word> words = SqlWords.of(sql);
        StringBuilder out = null;
        int copied = 0;
        int[] inserted = new int[4];
        int insertions = 0;
        Deque<String> calls = new ArrayDeque<>();
        for (int i = 0; i < words.size(); i++) {
            SqlWords.Word w = words.get(i);
            String word = w.upper();
            if (word.equals("(")) {
                calls.push(i > 0 ? words.get(i - 1).upper() : "");
                continue;
            }
            if (word.equals(")")) {
                if (!calls.isEmpty()) {
                    calls.pop();
                }
                continue;
            }
            String prev = i > 0 ? words.get(i - 1).upper() : "";
            String next = i + 1 < words.size() ? words.get(i + 1).upper() : "";
            if (!isIdentifier(word, prev, next, calls.isEmpty() ? "" : calls.peek())) {
                continue;
            }
            if (out == null) {
                out = new StringBuilder(sql.length() + 16);
            }
            out.append(sql, copied, w.start()).append('"').append(word).append('"');
            copied = w.end();
            if (insertions + 2 > inserted.length) {
                inserted = Arrays.copyOf(inserted, inserted.length * 2);
            }
            inserted[insertions++] = w.start();
            inserted[insertions++] = w.end();
        }
        if (out == null) {
            return new Result(sql, SourcePositions.IDENTITY);
        }
        out.append(sql, copied, sql.length());
        return new Result(out.toString(), SourcePositions.of(sql, Arrays.copyOf(inserted, insertions)));
    }

    private static boolean isIdentifier(String word, String prev, String next, String call) {
        if (prev.equals(".")) {
            return isCandidate(word); // t.value: always a name
        }
        if (FUNCTION_WORDS.contains(word)) {
            return !next.equals("(");
        }
        if (word.equals("VALUE")) {
            return !prev.equals("NEXT") && !prev.equals("CURRENT") && !call.startsWith("JSON_");
        }
        if (TIME_UNITS.contains(word)) {
            return !next.equals("(") && !prev.equals("'") && !prev.equals("TO") && !next.equals("TO")
                    && !(prev.equals("(") && UNIT_FUNCTIONS.contains(call));
        }
        if (DATETIME_TYPES.contains(word)) {
            return !next.equals("'") && !next.equals("(") && !(prev.equals("AS") && call.equals("CAST"))
                    && !next.equals("WITH") && !next.equals("WITHOUT") && !next.equals("ZONE");
        }
        return false;
    }

    private static boolean isCandidate(String word) {
        return FUNCTION_WORDS.contains(word) || TIME_UNITS.contains(word) || DATETIME_TYPES.contains(word)
                || word.equals("VALUE");
    }
}
