package org.terndb.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.calcite.sql.SqlKind;
import org.junit.jupiter.api.Test;
import org.terndb.sql.ddl.ColumnDefinition;
import org.terndb.sql.ddl.CreateIndex;
import org.terndb.sql.ddl.CreateTable;
import org.terndb.sql.ddl.DataType;
import org.terndb.sql.ddl.DropTable;
import org.terndb.sql.ddl.LiteralValue;
import org.terndb.sql.ddl.TypeName;

class SqlFrontendTest {
    private final SqlFrontend frontend = new SqlFrontend();

    @Test
    void createTableWithEveryTypeAndConstraint() {
        ParsedStatement p = frontend.parse("""
                create table Orders (
                  id int primary key,
                  "Note" varchar(20) not null default 'it''s',
                  qty smallint default -3, price decimal(9,2) default 1.50, ok boolean default true,
                  t tinyint, b bigint, r real, f float, d double precision, c char(3), v character varying(4),
                  day date default date '2024-01-02', at timestamp, n numeric(5)
                );""");
        CreateTable t = (CreateTable) p.ddl();
        assertEquals("ORDERS", t.name());
        assertEquals(List.of("ID"), t.primaryKey());
        ColumnDefinition note = t.columns().get(1);
        assertEquals("Note", note.name(), "quoted identifiers keep their case");
        assertTrue(note.notNull());
        assertEquals(new LiteralValue(LiteralValue.Kind.STRING, "it's"), note.defaultValue());
        assertEquals(new LiteralValue(LiteralValue.Kind.NUMBER, "-3"), t.columns().get(2).defaultValue());
        assertEquals(new DataType(TypeName.DECIMAL, 9, 2), t.columns().get(3).type());
        assertEquals(TypeName.DOUBLE, t.columns().get(8).type().name(), "FLOAT is DOUBLE");
        assertEquals(TypeName.DOUBLE, t.columns().get(9).type().name());
        assertEquals(new DataType(TypeName.CHAR, 3, 0), t.columns().get(10).type());
        assertEquals(new DataType(TypeName.VARCHAR, 4, 0), t.columns().get(11).type());
        assertEquals(new LiteralValue(LiteralValue.Kind.DATE, "2024-01-02"), t.columns().get(12).defaultValue());
        assertEquals(new DataType(TypeName.DECIMAL, 5, 0), t.columns().get(14).type());
        assertTrue(t.columns().get(0).notNull(), "primary key columns are NOT NULL");
    }

    @Test
    void tableLevelPrimaryKeyAndIndexes() {
        CreateTable t = (CreateTable) frontend.parse(
                "CREATE TABLE IF NOT EXISTS t (a INT, b VARCHAR(5), CONSTRAINT pk PRIMARY KEY (b, a))").ddl();
        assertTrue(t.ifNotExists());
        assertEquals(List.of("B", "A"), t.primaryKey());
        CreateIndex i = (CreateIndex) frontend.parse("create unique index ix on t (b desc, a)").ddl();
        assertEquals("IX", i.name());
        assertEquals("T", i.table());
        assertTrue(i.unique());
        assertEquals(List.of(new CreateIndex.Key("B", true), new CreateIndex.Key("A", false)), i.columns());
        DropTable d = (DropTable) frontend.parse("DROP TABLE IF EXISTS t;").ddl();
        assertEquals(new DropTable("T", true), d);
    }

    @Test
    void queriesGoToCalcite() {
        ParsedStatement p = frontend.parse("select a from t where b = ? limit ?");
        assertNull(p.ddl());
        assertEquals(SqlKind.ORDER_BY, p.query().getKind(), "LIMIT wraps the SELECT");
        assertFalse(p.explain());
        assertEquals(SqlKind.INSERT, frontend.parse("INSERT INTO t VALUES (1, 'x'), (?, ?);").query().getKind());
    }

    @Test
    void explainAndForUpdateAreTakenOff() {
        ParsedStatement e = frontend.parse("EXPLAIN PLAN FOR SELECT * FROM t");
        assertTrue(e.explain());
        assertNotNull(e.query());
        ParsedStatement e2 = frontend.parse("explain create table x (a int)");
        assertTrue(e2.explain());
        assertNotNull(e2.ddl());
        ParsedStatement f = frontend.parse("SELECT * FROM t WHERE id = 1 FOR UPDATE;");
        assertTrue(f.forUpdate());
        assertEquals(SqlKind.SELECT, f.query().getKind());
        assertFalse(frontend.parse("SELECT 'for update' FROM t").forUpdate(), "words in strings do not count");
    }

    @Test
    void syntaxErrorsSayWhere() {
        SqlSyntaxException ddl = assertThrows(SqlSyntaxException.class,
                () -> frontend.parse("CREATE TABLE t (a INT,\n b VARCHAR(3) NOT)"));
        assertEquals(2, ddl.line());
        assertTrue(ddl.getMessage().contains("line 2"), ddl.getMessage());
        SqlSyntaxException query = assertThrows(SqlSyntaxException.class, () -> frontend.parse("SELECT FROM WHERE"));
        assertTrue(query.line() >= 1);
        assertThrows(SqlSyntaxException.class, () -> frontend.parse("   "));
        assertThrows(SqlSyntaxException.class, () -> frontend.parse("CREATE TABLE t (a VARCHAR)"));
        assertThrows(SqlSyntaxException.class, () -> frontend.parse("CREATE TABLE t (a INT(3))"));
        assertThrows(SqlSyntaxException.class, () -> frontend.parse("CREATE TABLE t (a INT PRIMARY KEY, PRIMARY KEY (a))"));
    }
}
