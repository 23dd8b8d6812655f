package org.terndb.sql.ddl;

/**
 * A literal as written in DDL (a DEFAULT): its kind and its text (numbers as written with sign, strings
 * without quotes, dates and timestamps as the quoted text). The engine converts it to the column's type.
 */
public record LiteralValue(Kind kind, String text) {
    /** Literal kinds. */
    public enum Kind { NULL, NUMBER, STRING, BOOLEAN, DATE, TIMESTAMP }

    @Override
    public String toString() {
        return switch (kind) {
            case NULL -> "NULL";
            case STRING -> "'" + text.replace("'", "''") + "'";
            case DATE, TIMESTAMP -> kind + " '" + text + "'";
            default -> text;
        };
    }
}
