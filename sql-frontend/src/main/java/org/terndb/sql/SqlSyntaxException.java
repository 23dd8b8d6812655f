package org.terndb.sql;

/** A statement that does not parse; the message says where (line and column, 1-based) and what was expected. */
public final class SqlSyntaxException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int line;
    private final int column;

    public SqlSyntaxException(String message, int line, int column, Throwable cause) {
        super(message, cause);
        this.line = line;
        this.column = column;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
