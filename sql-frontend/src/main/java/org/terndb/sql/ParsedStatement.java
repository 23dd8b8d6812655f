package org.terndb.sql;

import org.apache.calcite.sql.SqlNode;
import org.terndb.sql.ddl.DdlStatement;

/**
 * One parsed statement: either DDL (our grammar) or a query/DML statement (Calcite's parse tree), possibly
 * under EXPLAIN and possibly with a trailing FOR UPDATE.
 *
 * @param text      the statement text as given
 * @param explain   the statement was {@code EXPLAIN [PLAN FOR] ...}: show the plan instead of running it
 * @param forUpdate the query ended in {@code FOR UPDATE}: rows it reads will be written (locking protocols
 *                  lock them while reading)
 * @param ddl       the DDL statement, or null
 * @param query     Calcite's parse tree of a query or DML statement, or null
 * @param positions maps positions in {@code query} (and in messages about it) back to {@code text}
 */
public record ParsedStatement(String text, boolean explain, boolean forUpdate, DdlStatement ddl, SqlNode query,
                              SourcePositions positions) {

    public ParsedStatement(String text, boolean explain, boolean forUpdate, DdlStatement ddl, SqlNode query) {
        this(text, explain, forUpdate, ddl, query, SourcePositions.IDENTITY);
    }

    public boolean isDdl() {
        return ddl != null;
    }
}
