package org.terndb.sql.proc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.sql.SqlFrontend;
import org.terndb.sql.SqlSyntaxException;
import org.terndb.sql.ddl.DataType;
import org.terndb.sql.ddl.TypeName;

class ProcParserTest {
    private final SqlFrontend frontend = new SqlFrontend();

    @Test
    void theFrontEndRoutesProcedureStatements() {
        assertTrue(SqlFrontend.isProcedureStatement("call p()"));
        assertTrue(SqlFrontend.isProcedureStatement("  Create Or Replace Procedure p () begin end"));
        assertTrue(SqlFrontend.isProcedureStatement("DROP PROCEDURE p"));
        assertTrue(SqlFrontend.isProcedureStatement("EXPLAIN CALL p()"));
        assertFalse(SqlFrontend.isProcedureStatement("CREATE TABLE procedure (id INT)"));
        assertFalse(SqlFrontend.isProcedureStatement("SELECT * FROM call"));
        assertThrows(SqlSyntaxException.class, () -> frontend.parse("CALL p()"), "parse() leaves them to parseProcedure");
        assertThrows(SqlSyntaxException.class, () -> frontend.parseProcedure("EXPLAIN CALL p()"));
    }

    @Test
    void createProcedureWithParametersOfEveryModeAndArrays() {
        CreateProcedure p = (CreateProcedure) frontend.parseProcedure("""
                create or replace procedure "NewOrder" (w int, in items integer array[15], out total decimal(12,2),
                                                       inout note varchar(10), out qty smallint array)
                begin
                end;""");
        assertEquals("NewOrder", p.name());
        assertTrue(p.orReplace());
        List<ProcParameter> ps = p.parameters();
        assertEquals(ProcParameter.Mode.IN, ps.get(0).mode(), "IN is the default");
        assertEquals("W", ps.get(0).name());
        assertEquals(new ProcType(new DataType(TypeName.INTEGER, 0, 0), true, 15), ps.get(1).type());
        assertEquals(new DataType(TypeName.DECIMAL, 12, 2), ps.get(2).type().element());
        assertEquals(ProcParameter.Mode.INOUT, ps.get(3).mode());
        assertEquals(new ProcType(new DataType(TypeName.SMALLINT, 0, 0), true, 0), ps.get(4).type());
        assertTrue(p.text().startsWith("create or replace"), "the CREATE text is kept");
    }

    @Test
    void statementsOfEveryKind() {
        CreateProcedure p = (CreateProcedure) frontend.parseProcedure("""
                CREATE PROCEDURE p (IN a INT)
                BEGIN
                  DECLARE x, y INT DEFAULT 1;
                  SET x = a + 1;
                  IF x > 1 THEN SET y = 2; ELSEIF x < 0 THEN SET y = 3; ELSE SET y = 4; END IF;
                  w: WHILE x < 10 DO SET x = x + 1; ITERATE w; END WHILE w;
                  REPEAT SET x = x - 1; UNTIL x = 0 END REPEAT;
                  l: LOOP LEAVE l; END LOOP;
                  FOR r AS SELECT id FROM t DO DELETE FROM t WHERE id = r.id; END FOR;
                  BEGIN RETURN; END;
                  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'x';
                  SELECT c INTO x FROM t WHERE id = a;
                END""");
        List<Class<?>> kinds = p.body().statements().stream().<Class<?>>map(Object::getClass).toList();
        assertEquals(List.of(ProcStmt.Set.class, ProcStmt.If.class, ProcStmt.While.class, ProcStmt.Repeat.class,
                ProcStmt.Loop.class, ProcStmt.For.class, ProcStmt.Block.class, ProcStmt.Signal.class, ProcStmt.Sql.class),
                kinds);
        assertEquals(List.of("X", "Y"), p.body().declarations().get(0).names());
        ProcStmt.If branch = (ProcStmt.If) p.body().statements().get(1);
        assertEquals(2, branch.conditions().size());
        assertEquals(1, branch.otherwise().size());
        assertEquals("W", ((ProcStmt.While) p.body().statements().get(2)).label());
    }

    @Test
    void embeddedSqlMarksTheNamesThatMayBeVariables() {
        String text = "CREATE PROCEDURE p (IN a INT) BEGIN "
                + "SELECT t.c, COUNT(*) AS n, f(b) INTO x, arr[i + 1] FROM t WHERE t.k = a AND r.col = items[a]; END";
        CreateProcedure p = (CreateProcedure) frontend.parseProcedure(text);
        EmbeddedSql sql = ((ProcStmt.Sql) p.body().statements().get(0)).sql();
        assertEquals(EmbeddedSql.Kind.SELECT, sql.kind());
        assertEquals(List.of("X", "ARR"), sql.into().stream().map(ProcStmt.Target::name).toList());
        assertTrue(text.substring(sql.intoStart(), sql.intoEnd()).matches("INTO x, arr\\[i \\+ 1]"));
        List<String> names = sql.references().stream().map(r -> r.name() + (r.field() == null ? "" : "." + r.field())
                + (r.index() == null ? "" : "[]")).toList();
        // t.c and t.k are qualified names (candidates as a whole), n is an alias, f a function; SQL words the
        // procedure grammar does not know (WHERE) are candidates too, which no variable can match.
        assertEquals(List.of("T.C", "B", "T", "WHERE", "T.K", "A", "R.COL", "ITEMS[]"), names);
        EmbeddedSql.Reference a = sql.references().get(5);
        assertEquals("a", text.substring(a.start(), a.end()));
        assertTrue(sql.words().contains("T"));
    }

    @Test
    void callArgumentsAreMarkersOrConstants() {
        CallProcedure c = (CallProcedure) frontend.parseProcedure("CALL p(?, 5, 'x', ?, ARRAY[1, 2], -1.5)");
        assertEquals(2, c.markerCount());
        assertEquals(1, ((ProcExpr.Marker) c.arguments().get(3)).index());
        assertInstanceOf(ProcExpr.ArrayOf.class, c.arguments().get(4));
        assertTrue(((CallProcedure) frontend.parseProcedure("call p")).arguments().isEmpty(), "JDBC's {call p}");
        DropProcedure d = (DropProcedure) frontend.parseProcedure("DROP PROCEDURE IF EXISTS p");
        assertTrue(d.ifExists());
    }

    @Test
    void syntaxErrorsSayWhere() {
        SqlSyntaxException e = assertThrows(SqlSyntaxException.class, () -> frontend.parseProcedure(
                "CREATE PROCEDURE p ()\nBEGIN\n  SET x = ;\nEND"));
        assertEquals(3, e.line());
        assertEquals(11, e.column());
        assertTrue(e.getMessage().contains("line 3, column 11"), e.getMessage());
        SqlSyntaxException marker = assertThrows(SqlSyntaxException.class, () -> frontend.parseProcedure(
                "CREATE PROCEDURE p () BEGIN DELETE FROM t WHERE id = ?; END"));
        assertTrue(marker.getMessage().contains("parameter markers"), marker.getMessage());
        SqlSyntaxException state = assertThrows(SqlSyntaxException.class, () -> frontend.parseProcedure(
                "CREATE PROCEDURE p () BEGIN SIGNAL SQLSTATE '4500'; END"));
        assertTrue(state.getMessage().contains("SQLSTATE"), state.getMessage());
        SqlSyntaxException twice = assertThrows(SqlSyntaxException.class, () -> frontend.parseProcedure(
                "CREATE PROCEDURE p (a INT, A BIGINT) BEGIN END"));
        assertTrue(twice.getMessage().contains("declared twice"), twice.getMessage());
        SqlSyntaxException type = assertThrows(SqlSyntaxException.class, () -> frontend.parseProcedure(
                "CREATE PROCEDURE p (a VARCHAR) BEGIN END"));
        assertTrue(type.getMessage().contains("VARCHAR needs a maximum length") && type.getMessage().contains(
                "column 23"), type.getMessage());
    }

    @Test
    void javaProceduresNameTheirClass() {
        CreateProcedure p = (CreateProcedure) frontend.parseProcedure(
                "CREATE PROCEDURE p (IN a INT) LANGUAGE JAVA EXTERNAL NAME 'com.acme.MyProc'");
        assertTrue(p.isJava());
        assertEquals("com.acme.MyProc", p.javaClass());
        assertNull(p.body());
    }
}
