package org.terndb.sql;

import java.util.List;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.terndb.sql.ddl.DdlParser;

/**
 * Parses TernDB's SQL dialect. Statements Calcite's core parser does not know (CREATE TABLE, DROP TABLE,
 * CREATE INDEX) go to TernDB's ANTLR4 grammar ({@code TernDdl.g4}); everything else goes to Calcite's
 * parser. Before that, an {@code EXPLAIN [PLAN FOR]} prefix and a trailing {@code FOR UPDATE} (which
 * Calcite rejects) are taken off and recorded. Both parsers share the lexical rules of
 * {@link #PARSER_CONFIG}: unquoted identifiers fold to upper case, double quotes keep case.
 *
 * <p>Immutable and thread-safe.
 */
public final class SqlFrontend {
    /** Calcite's parser settings: the one dialect of TernDB (the DDL grammar follows the same rules). */
    public static final SqlParser.Config PARSER_CONFIG = SqlParser.config()
            .withQuoting(Quoting.DOUBLE_QUOTE)
            .withUnquotedCasing(Casing.TO_UPPER)
            .withQuotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(true)
            .withConformance(SqlConformanceEnum.LENIENT);

    /**
     * Parses one statement (a trailing semicolon is allowed).
     *
     * @throws SqlSyntaxException if it does not parse
     */
    public ParsedStatement parse(String sql) {
        if (sql == null || sql.isBlank()) {
            throw new SqlSyntaxException("empty statement", 1, 1, null);
        }
        List<SqlWords.Word> words = SqlWords.of(sql);
        int first = 0;
        boolean explain = false;
        if (!words.isEmpty() && words.get(0).upper().equals("EXPLAIN")) {
            explain = true;
            first = 1;
            if (words.size() > 2 && words.get(1).upper().equals("PLAN") && words.get(2).upper().equals("FOR")) {
                first = 3;
            }
        }
        int end = sql.length();
        int last = words.size() - 1;
        if (last >= first && words.get(last).upper().equals(";")) {
            end = words.get(last).start();
            last--;
        }
        boolean forUpdate = false;
        if (last - 1 > first && words.get(last).upper().equals("UPDATE") && words.get(last - 1).upper().equals("FOR")) {
            forUpdate = true;
            end = words.get(last - 1).start();
            last -= 2;
        }
        if (last < first) {
            throw new SqlSyntaxException("empty statement" + (explain ? " after EXPLAIN" : ""), 1, 1, null);
        }
        int start = words.get(first).start();
        // Keep positions meaningful: blank out the prefix instead of cutting it off.
        String body = " ".repeat(start) + sql.substring(start, end);
        String head = words.get(first).upper();
        if (head.equals("CREATE") || head.equals("DROP")) {
            if (forUpdate) {
                throw new SqlSyntaxException("FOR UPDATE only follows a query", 1, 1, null);
            }
            return new ParsedStatement(sql, explain, false, DdlParser.parse(body), null);
        }
        return new ParsedStatement(sql, explain, forUpdate, null, parseWithCalcite(body));
    }

    private static SqlNode parseWithCalcite(String sql) {
        try {
            return SqlParser.create(sql, PARSER_CONFIG).parseStmt();
        } catch (SqlParseException e) {
            int line = e.getPos() == null ? 0 : e.getPos().getLineNum();
            int column = e.getPos() == null ? 0 : e.getPos().getColumnNum();
            throw new SqlSyntaxException(firstLine(e.getMessage()), line, column, e);
        }
    }

    /** Calcite lists every expected token after the first line; the first line says what and where. */
    private static String firstLine(String message) {
        if (message == null) {
            return "syntax error";
        }
        int nl = message.indexOf('\n');
        String head = nl < 0 ? message : message.substring(0, nl);
        return head.endsWith(".") || nl < 0 ? head : head + " ...";
    }
}
