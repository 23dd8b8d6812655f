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
import org.terndb.sql.ddl.AddForeignKey;
import org.terndb.sql.ddl.ColumnDefinition;
import org.terndb.sql.ddl.CreateIndex;
import org.terndb.sql.ddl.CreateTable;
import org.terndb.sql.ddl.DataType;
import org.terndb.sql.ddl.DropIndex;
import org.terndb.sql.ddl.DropTable;
import org.terndb.sql.ddl.ForeignKeyDefinition;
import org.terndb.sql.ddl.LiteralValue;
import org.terndb.sql.ddl.TypeName;
import org.terndb.sql.ddl.UniqueDefinition;

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

    @Test
    void wordsCalciteReservesWorkAsColumnNames() {
        ParsedStatement p = frontend.parse("SELECT value, count, date, year FROM t WHERE value = ? AND t.count > 1 "
                + "AND date > DATE '2024-01-01' AND CAST(year AS DATE) IS NULL ORDER BY count");
        String sql = p.query().toString();
        assertTrue(sql.contains("`VALUE`") && sql.contains("`T`.`COUNT`") && sql.contains("`DATE`"), sql);
        assertTrue(sql.contains("DATE '2024-01-01'"), "the literal keeps its keyword: " + sql);
        ParsedStatement functions = frontend.parse("SELECT COUNT(*), MAX(count), EXTRACT(YEAR FROM date), "
                + "INTERVAL '1' DAY FROM t");
        String f = functions.query().toString();
        assertTrue(f.contains("COUNT(*)") && f.contains("MAX(`COUNT`)") && f.contains("EXTRACT(YEAR FROM `DATE`)"), f);
        assertEquals(SqlKind.UPDATE, frontend.parse("UPDATE t SET value = value + 1, position = 2").query().getKind());
        assertEquals(SqlKind.INSERT, frontend.parse("INSERT INTO t (key, value, data, type, timestamp) VALUES "
                + "(1, 2, 3, 4, TIMESTAMP '2024-01-01 00:00:00')").query().getKind());
    }

    @Test
    void quotingForCalciteDoesNotMovePositionsInErrors() {
        // "value" and "count" are quoted before Calcite parses; the error must still point at the user's column.
        SqlSyntaxException e = assertThrows(SqlSyntaxException.class,
                () -> frontend.parse("SELECT value, count FROM t WHERE WHERE"));
        assertEquals(34, e.column(), e.getMessage());
        assertTrue(e.getMessage().contains("column 34"), e.getMessage());
        assertEquals(10, KeywordIdentifiers.rewrite("SELECT\n  value, x FROM t").positions().column(2, 12), "x");
    }

    @Test
    void commentsAndRemainder() {
        ParsedStatement p = frontend.parse("/* lead */ SELECT a % 2 -- tail\n FROM t /* mid */ WHERE b = 1");
        assertTrue(p.query().toString().contains("MOD(`A`, 2)") || p.query().toString().contains("% 2"),
                p.query().toString());
    }

    @Test
    void foreignKeysUniqueConstraintsAndIndexDdl() {
        CreateTable t = (CreateTable) frontend.parse("""
                CREATE TABLE c (
                  w INT REFERENCES wh (w_id) ON DELETE CASCADE,
                  d INT NOT NULL UNIQUE,
                  code CHAR(2) DEFAULT NULL,
                  date DATE,
                  PRIMARY KEY (w, d),
                  CONSTRAINT c_code UNIQUE (w, code),
                  CONSTRAINT fk_d FOREIGN KEY (w, d) REFERENCES dist)""").ddl();
        assertEquals(List.of(new ForeignKeyDefinition(null, List.of("W"), "WH", List.of("W_ID"), "CASCADE", null),
                new ForeignKeyDefinition("FK_D", List.of("W", "D"), "DIST", List.of(), null, null)), t.foreignKeys());
        assertEquals(List.of(new UniqueDefinition(null, List.of("D")), new UniqueDefinition("C_CODE", List.of("W", "CODE"))),
                t.uniques());
        assertEquals(new LiteralValue(LiteralValue.Kind.NULL, "NULL"), t.columns().get(2).defaultValue());
        assertEquals("DATE", t.columns().get(3).name(), "DATE may name a column");
        assertEquals(new DropIndex("IX", true, "T"), frontend.parse("drop index if exists ix on t").ddl());
        AddForeignKey a = (AddForeignKey) frontend.parse(
                "ALTER TABLE c ADD CONSTRAINT x FOREIGN KEY (w) REFERENCES wh ON UPDATE SET NULL").ddl();
        assertEquals("C", a.table());
        assertEquals("SET NULL", a.foreignKey().onUpdate());
        assertThrows(SqlSyntaxException.class, () -> frontend.parse("CREATE TABLE x (a INT REFERENCES y (b, c))"));
    }
}
