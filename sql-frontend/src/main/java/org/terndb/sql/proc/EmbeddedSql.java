package org.terndb.sql.proc;

import java.util.List;

/**
 * An SQL statement inside a procedure body, located in the procedure's text ({@code [start, end)} character
 * offsets) so that the compiler can hand Calcite the very text, with variables replaced by parameters, and
 * Calcite's error positions stay positions in the procedure.
 *
 * @param kind       the statement's first keyword
 * @param references names that may be procedure variables, in text order (the compiler decides which are)
 * @param into       the targets of {@code SELECT ... INTO a, b}, empty if there is no INTO clause
 * @param intoStart  offset of the INTO clause (INTO and its targets), -1 without one
 * @param intoEnd    offset just after the INTO clause, -1 without one
 * @param words      every identifier in the statement, normalised (to find the tables it names)
 */
public record EmbeddedSql(Kind kind, int start, int end, List<Reference> references, List<ProcStmt.Target> into,
                          int intoStart, int intoEnd, List<String> words, Pos pos) {
    /** The embedded statement kinds. */
    public enum Kind { SELECT, INSERT, UPDATE, DELETE }

    public EmbeddedSql {
        references = List.copyOf(references);
        into = List.copyOf(into);
        words = List.copyOf(words);
    }

    /**
     * A name in the statement that may be a procedure variable: {@code name}, {@code name.field} (a FOR
     * record's column, or a qualified column) or {@code name[index]} (an array element), at {@code [start, end)}.
     */
    public record Reference(String name, String field, ProcExpr index, int start, int end, Pos pos) {
    }
}
