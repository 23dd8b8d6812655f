package org.terndb.sql.proc;

/** Where a construct starts in the statement text: 1-based line and column (as error messages give them). */
public record Pos(int line, int column) {

    @Override
    public String toString() {
        return "line " + line + ", column " + column;
    }
}
