package org.terndb.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Cuts shell input into SQL statements and meta-commands. It is the one lexer behind both ways in: the
 * REPL asks it whether Enter ends the input ({@link #isComplete}), scripts and {@code -c} ask it for the
 * pieces to run ({@link #split}).
 *
 * <p>A statement ends at a {@code ;} outside string literals ({@code '...'}, with {@code ''} inside),
 * quoted identifiers ({@code "..."}) and comments ({@code --} to the end of the line, and block comments). A line
 * whose first non-blank character starts a new item with {@code \} is a meta-command, ended by the end of
 * its line. In {@code CREATE [OR REPLACE] PROCEDURE|FUNCTION|TRIGGER} the body's own {@code ;} do not end
 * the statement while a {@code BEGIN} or {@code CASE} block is open ({@code END}, {@code END CASE} close
 * one; {@code END IF/LOOP/WHILE/REPEAT/FOR} close constructs that are not counted).
 */
final class InputSplitter {
    /** A statement (text without its {@code ;}) or a meta-command (the line, starting with {@code \}). */
    record Item(Kind kind, String text, int line) {
    }

    enum Kind { STATEMENT, META }

    /**
     * @param items the complete statements and meta-commands, in order
     * @param rest           the unfinished statement at the end (empty when there is none)
     * @param restHasContent whether there is one (comments and blanks alone do not count)
     * @param restLine       the line where it starts
     */
    record Split(List<Item> items, String rest, boolean restHasContent, int restLine) {
    }

    private static final Set<String> ROUTINES = Set.of("PROCEDURE", "FUNCTION", "TRIGGER");
    private static final Set<String> END_OF_UNCOUNTED = Set.of("IF", "LOOP", "WHILE", "REPEAT", "FOR");

    private InputSplitter() {
    }

    /** Whether {@code text} holds nothing unfinished: every statement has its {@code ;}. */
    static boolean isComplete(String text) {
        return !split(text).restHasContent();
    }

    /**
     * Splits {@code text}; line numbers count from {@code firstLine}.
     */
    static Split split(String text, int firstLine) {
        return new Scan(text, firstLine).run();
    }

    static Split split(String text) {
        return split(text, 1);
    }

    /** One pass over the text; the state of the statement being read lives in the fields. */
    private static final class Scan {
        private final String text;
        private final List<Item> items = new ArrayList<>();
        private int line;
        private int contentStart = -1;   // first character of the current statement that is not blank or comment
        private int contentLine;
        private final List<String> leadingWords = new ArrayList<>(4);
        private boolean routine;         // inside CREATE PROCEDURE/FUNCTION/TRIGGER
        private int depth;               // open BEGIN/CASE blocks of a routine body
        private boolean endPending;      // saw END; the next word decides what it closes

        Scan(String text, int firstLine) {
            this.text = text;
            this.line = firstLine;
        }

        Split run() {
            int n = text.length();
            int i = 0;
            while (i < n) {
                char c = text.charAt(i);
                if (c == '\n') {
                    line++;
                    i++;
                } else if (Character.isWhitespace(c)) {
                    i++;
                } else if (c == '-' && i + 1 < n && text.charAt(i + 1) == '-') {
                    i = endOfLine(i);
                } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                    i = skipBlockComment(i);
                } else if (c == '\\' && contentStart < 0) {
                    int end = endOfLine(i);
                    items.add(new Item(Kind.META, text.substring(i, end).trim(), line));
                    i = end;
                } else if (c == '\'' || c == '"') {
                    markContent(i);
                    closePendingEnd();
                    i = skipQuoted(i, c);
                } else if (c == ';') {
                    closePendingEnd();
                    if (depth == 0) {
                        endStatement(i);
                    }
                    i++;
                } else if (isWordStart(c)) {
                    markContent(i);
                    int end = i + 1;
                    while (end < n && isWordPart(text.charAt(end))) {
                        end++;
                    }
                    word(text.substring(i, end).toUpperCase(Locale.ROOT));
                    i = end;
                } else {
                    markContent(i);
                    closePendingEnd();
                    i++;
                }
            }
            String rest = contentStart < 0 ? "" : text.substring(contentStart).strip();
            return new Split(List.copyOf(items), rest, contentStart >= 0, contentLine);
        }

        private void markContent(int i) {
            if (contentStart < 0) {
                contentStart = i;
                contentLine = line;
            }
        }

        private void endStatement(int semicolon) {
            if (contentStart >= 0) {
                items.add(new Item(Kind.STATEMENT, text.substring(contentStart, semicolon).strip(), contentLine));
            }
            contentStart = -1;
            leadingWords.clear();
            routine = false;
            depth = 0;
            endPending = false;
        }

        private void word(String word) {
            if (leadingWords.size() < 4) {
                leadingWords.add(word);
                routine = routine || startsRoutine();
            }
            if (!routine) {
                return;
            }
            if (endPending) {
                endPending = false;
                if (END_OF_UNCOUNTED.contains(word)) {
                    return;
                }
                depth = Math.max(0, depth - 1);
                if (word.equals("CASE")) {
                    return;   // END CASE closes the CASE block
                }
            }
            switch (word) {
                case "BEGIN", "CASE" -> depth++;
                case "END" -> endPending = true;
                default -> {
                }
            }
        }

        private void closePendingEnd() {
            if (endPending) {
                endPending = false;
                depth = Math.max(0, depth - 1);
            }
        }

        private boolean startsRoutine() {
            List<String> w = leadingWords;
            if (w.size() < 2 || !w.get(0).equals("CREATE")) {
                return false;
            }
            if (ROUTINES.contains(w.get(1))) {
                return true;
            }
            return w.size() >= 4 && w.get(1).equals("OR") && w.get(2).equals("REPLACE") && ROUTINES.contains(w.get(3));
        }

        private int endOfLine(int i) {
            int nl = text.indexOf('\n', i);
            return nl < 0 ? text.length() : nl;
        }

        private int skipBlockComment(int i) {
            int end = text.indexOf("*/", i + 2);
            int stop = end < 0 ? text.length() : end + 2;
            countLines(i, stop);
            if (end < 0) {
                markContent(i);   // an unclosed comment keeps the input unfinished
            }
            return stop;
        }

        /** Skips a quoted literal or identifier; a doubled quote character stays inside. */
        private int skipQuoted(int i, char quote) {
            int n = text.length();
            int j = i + 1;
            while (j < n) {
                char c = text.charAt(j);
                if (c == quote) {
                    if (j + 1 < n && text.charAt(j + 1) == quote) {
                        j += 2;
                        continue;
                    }
                    countLines(i, j + 1);
                    return j + 1;
                }
                j++;
            }
            countLines(i, n);
            return n;
        }

        private void countLines(int from, int to) {
            for (int k = from; k < to; k++) {
                if (text.charAt(k) == '\n') {
                    line++;
                }
            }
        }

        private static boolean isWordStart(char c) {
            return Character.isLetter(c) || c == '_';
        }

        private static boolean isWordPart(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '$';
        }
    }
}
