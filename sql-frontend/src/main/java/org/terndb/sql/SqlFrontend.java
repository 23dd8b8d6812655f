package org.terndb.sql;

import java.util.List;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.avatica.util.Quoting;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.validate.SqlConformanceEnum;
import org.terndb.sql.ddl.DdlParser;
import org.terndb.sql.proc.ProcParser;
import org.terndb.sql.proc.ProcStatement;

/**
 * Parses TernDB's SQL dialect. Statements Calcite's core parser does not know (CREATE TABLE, DROP TABLE,
 * CREATE INDEX) go to TernDB's ANTLR4 grammar ({@code TernDdl.g4}); everything else goes to Calcite's
 * parser. Before that, an {@code EXPLAIN [PLAN FOR]} prefix and a trailing {@code FOR UPDATE} (which
 * Calcite rejects) are taken off and recorded. Both parsers share the lexical rules of
 * {@link #PARSER_CONFIG}: unquoted identifiers fold to upper case, double quotes keep case. Words Calcite
 * reserves but users name columns with (VALUE, COUNT, DATE, YEAR, ...) are quoted where they cannot be the
 * keyword before Calcite sees the text ({@link KeywordIdentifiers}); {@code %} is the remainder operator
 * beside {@code MOD()} (LENIENT conformance), and {@code --} and {@code /* *}{@code /} comments are skipped.
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
        if (isProcedureStatement(words)) {
            throw new SqlSyntaxException("CALL and CREATE/DROP PROCEDURE are parsed by parseProcedure", 1, 1, null);
        }
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
        if (head.equals("CREATE") || head.equals("DROP") || head.equals("ALTER") || head.equals("CHECKPOINT")) {
            if (forUpdate) {
                throw new SqlSyntaxException("FOR UPDATE only follows a query", 1, 1, null);
            }
            return new ParsedStatement(sql, explain, false, DdlParser.parse(body), null);
        }
        KeywordIdentifiers.Result rewritten = KeywordIdentifiers.rewrite(body);
        return new ParsedStatement(sql, explain, forUpdate, null, parseWithCalcite(rewritten), rewritten.positions());
    }

    /**
     * Whether {@code sql} is a statement of the procedure language: {@code CALL}, {@code CREATE [OR REPLACE]
     * PROCEDURE} or {@code DROP PROCEDURE} (also after EXPLAIN, which they reject). Looks at the first words only.
     */
    public static boolean isProcedureStatement(String sql) {
        return sql != null && isProcedureStatement(SqlWords.of(sql));
    }

    /** Parses CALL, CREATE [OR REPLACE] PROCEDURE or DROP PROCEDURE with the procedure grammar ({@code TernProc.g4}). */
    public ProcStatement parseProcedure(String sql) {
        List<SqlWords.Word> words = SqlWords.of(sql);
        if (!words.isEmpty() && words.get(0).upper().equals("EXPLAIN")) {
            throw new SqlSyntaxException("EXPLAIN shows plans of queries and DML; CALL and CREATE/DROP PROCEDURE have "
                    + "none", 1, 1, null);
        }
        return ProcParser.parse(sql);
    }

    private static boolean isProcedureStatement(List<SqlWords.Word> words) {
        int i = !words.isEmpty() && words.get(0).upper().equals("EXPLAIN") ? 1 : 0;
        if (i < words.size() && words.get(i).upper().equals("PLAN")) {
            i += 2;
        }
        String head = i < words.size() ? words.get(i).upper() : "";
        if (head.equals("CALL")) {
            return true;
        }
        if (!head.equals("CREATE") && !head.equals("DROP")) {
            return false;
        }
        int next = i + 1;
        if (head.equals("CREATE") && next + 1 < words.size() && words.get(next).upper().equals("OR")
                && words.get(next + 1).upper().equals("REPLACE")) {
            next += 2;
        }
        return next < words.size() && words.get(next).upper().equals("PROCEDURE");
    }

    private static SqlNode parseWithCalcite(KeywordIdentifiers.Result sql) {
        try {
            return SqlParser.create(sql.text(), PARSER_CONFIG).parseStmt();
        } catch (SqlParseException e) {
            int line = e.getPos() == null ? 0 : e.getPos().getLineNum();
            int column = e.getPos() == null ? 0 : sql.positions().column(line, e.getPos().getColumnNum());
            throw new SqlSyntaxException(sql.positions().fix(firstLine(e.getMessage())), line, column, e);
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
