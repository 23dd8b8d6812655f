package org.terndb.planner.calcite;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.runtime.CalciteContextException;
import org.apache.calcite.sql.validate.SqlValidatorException;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.sql.SourcePositions;
import org.terndb.sql.SqlSyntaxException;

/**
 * Maps what Calcite throws while validating and converting a statement to a {@link TernSqlException}
 * with a standard SQLState. Calcite's validation errors carry no SQLState, so the kind of error is read from
 * the message of its resource (e.g. "Object 'X' not found").
 */
public final class CalciteErrors {
    private static final Pattern POSITION = Pattern.compile("^From line (\\d+), column (\\d+) to line \\d+, column \\d+: ");
    private static final Pattern UNKNOWN_TABLE = Pattern.compile("^(?:Object|Table) '([^']*)' not found.*");
    private static final Pattern UNKNOWN_COLUMN =
            Pattern.compile("^Column '([^']*)' not found in (?:any table|table '([^']*)').*");

    /** SQLState 22021: a character the literal's character set cannot hold. */
    static final String CHARACTER_NOT_IN_REPERTOIRE = "22021";

    private CalciteErrors() {
    }

    public static TernSqlException translate(RuntimeException e) {
        return translate(e, SourcePositions.IDENTITY);
    }

    /** As {@link #translate(RuntimeException)}, with positions mapped back to the statement as written. */
    public static TernSqlException translate(RuntimeException e, SourcePositions positions) {
        if (e instanceof TernSqlException t) {
            return t;
        }
        if (e.getMessage() != null && e.getMessage().startsWith("Failed to encode '")) {
            // a literal with an explicit, narrower character set (found by the parser or the validator)
            return new TernSqlException(CHARACTER_NOT_IN_REPERTOIRE, e.getMessage() + "; a national (N'...') or "
                    + "_charset'...' literal holds only that character set's characters: write a plain '...' "
                    + "literal, which takes any Unicode text", e);
        }
        if (e instanceof SqlSyntaxException s) {
            return new TernSqlException(SqlState.SYNTAX_ERROR, s.getMessage(), s);
        }
        if (e instanceof CalciteContextException c) {
            String detail = c.getCause() instanceof SqlValidatorException v ? v.getMessage() : c.getMessage();
            String where = " (line " + c.getPosLine() + ", column "
                    + positions.column(c.getPosLine(), c.getPosColumn()) + ")";
            return new TernSqlException(stateOf(detail), rephrase(detail) + where, c);
        }
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        Matcher m = POSITION.matcher(message);
        if (m.find()) {
            int line = Integer.parseInt(m.group(1));
            message = message.substring(m.end()) + " (line " + line + ", column "
                    + positions.column(line, Integer.parseInt(m.group(2))) + ")";
        }
        return new TernSqlException(SqlState.GENERAL_ERROR, "could not plan the statement: " + message, e);
    }

    /** Calcite's wording for unknown names, said the way our other errors say it. */
    private static String rephrase(String detail) {
        if (detail == null) {
            return "the statement is not valid";
        }
        Matcher t = UNKNOWN_TABLE.matcher(detail);
        if (t.matches()) {
            return "table \"" + t.group(1) + "\" does not exist";
        }
        Matcher c = UNKNOWN_COLUMN.matcher(detail);
        if (c.matches()) {
            return "column \"" + c.group(1) + "\" does not exist"
                    + (c.group(2) == null ? "" : " in table \"" + c.group(2) + "\"");
        }
        return detail;
    }

    private static String stateOf(String detail) {
        if (detail == null) {
            return SqlState.SYNTAX_ERROR;
        }
        if (detail.startsWith("Object '") || detail.startsWith("Table '")) {
            return SqlState.UNKNOWN_TABLE;
        }
        if (detail.startsWith("Column '") && detail.contains("not found")
                || detail.startsWith("Unknown target column") || detail.startsWith("Unknown field")) {
            return SqlState.UNKNOWN_COLUMN;
        }
        if (detail.contains("has no default value and does not allow NULLs")) {
            return SqlState.NOT_NULL_VIOLATION;
        }
        return SqlState.SYNTAX_ERROR;
    }
}
