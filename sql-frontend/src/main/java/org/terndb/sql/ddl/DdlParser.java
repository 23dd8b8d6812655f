package org.terndb.sql.ddl;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.terndb.sql.SqlSyntaxException;

/** Parses DDL text with the generated {@code TernDdl} parser and builds the statement records. */
public final class DdlParser {
    private DdlParser() {
    }

    /** Parses one DDL statement; throws {@link SqlSyntaxException} with line and column on errors. */
    public static DdlStatement parse(String sql) {
        TernDdlLexer lexer = new TernDdlLexer(CharStreams.fromString(sql));
        TernDdlParser parser = new TernDdlParser(new CommonTokenStream(lexer));
        ThrowingErrorListener errors = new ThrowingErrorListener();
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        parser.removeErrorListeners();
        parser.addErrorListener(errors);
        TernDdlParser.StatementContext statement = parser.statement();
        if (statement.createTable() != null) {
            return createTable(statement.createTable());
        }
        if (statement.dropTable() != null) {
            TernDdlParser.DropTableContext d = statement.dropTable();
            return new DropTable(name(d.identifier()), d.EXISTS() != null);
        }
        if (statement.dropIndex() != null) {
            TernDdlParser.DropIndexContext d = statement.dropIndex();
            return new DropIndex(name(d.name), d.EXISTS() != null, d.table == null ? null : name(d.table));
        }
        if (statement.checkpoint() != null) {
            return new Checkpoint();
        }
        if (statement.alterTable() != null) {
            TernDdlParser.AlterTableContext a = statement.alterTable();
            return new AddForeignKey(name(a.table), foreignKey(a.name, names(a.columnList()), a.references()));
        }
        return createIndex(statement.createIndex());
    }

    private static CreateTable createTable(TernDdlParser.CreateTableContext ctx) {
        List<ColumnDefinition> columns = new ArrayList<>();
        List<String> primaryKey = new ArrayList<>();
        List<UniqueDefinition> uniques = new ArrayList<>();
        List<ForeignKeyDefinition> foreignKeys = new ArrayList<>();
        for (TernDdlParser.TableElementContext element : ctx.tableElement()) {
            if (element.columnDefinition() != null) {
                TernDdlParser.ColumnDefinitionContext def = element.columnDefinition();
                ColumnDefinition column = column(def);
                String name = column.name();
                for (TernDdlParser.ColumnOptionContext option : def.columnOption()) {
                    if (option instanceof TernDdlParser.PrimaryKeyOptionContext) {
                        if (!primaryKey.isEmpty()) {
                            throw error(option.start, "a table has one PRIMARY KEY; declare a composite key as "
                                    + "PRIMARY KEY (col1, col2) after the columns");
                        }
                        primaryKey.add(name);
                    } else if (option instanceof TernDdlParser.UniqueOptionContext u) {
                        uniques.add(new UniqueDefinition(u.name == null ? null : name(u.name), List.of(name)));
                    } else if (option instanceof TernDdlParser.ReferencesOptionContext r) {
                        foreignKeys.add(foreignKey(r.name, List.of(name), r.references()));
                    }
                }
                columns.add(column);
            } else if (element.tableConstraint() instanceof TernDdlParser.PrimaryKeyConstraintContext pk) {
                if (!primaryKey.isEmpty()) {
                    throw error(element.start, "a table has one PRIMARY KEY");
                }
                primaryKey.addAll(names(pk.columnList()));
            } else if (element.tableConstraint() instanceof TernDdlParser.UniqueConstraintContext u) {
                uniques.add(new UniqueDefinition(u.name == null ? null : name(u.name), names(u.columnList())));
            } else if (element.tableConstraint() instanceof TernDdlParser.ForeignKeyConstraintContext f) {
                foreignKeys.add(foreignKey(f.name, names(f.columnList()), f.references()));
            }
        }
        return new CreateTable(name(ctx.identifier()), ctx.EXISTS() != null, columns, primaryKey, uniques,
                foreignKeys);
    }

    private static ForeignKeyDefinition foreignKey(TernDdlParser.IdentifierContext constraintName, List<String> columns,
                                                   TernDdlParser.ReferencesContext ref) {
        List<String> referenced = ref.columnList() == null ? List.of() : names(ref.columnList());
        if (!referenced.isEmpty() && referenced.size() != columns.size()) {
            throw error(ref.start, "FOREIGN KEY has " + columns.size() + " column(s) but REFERENCES names "
                    + referenced.size());
        }
        String onDelete = null;
        String onUpdate = null;
        for (TernDdlParser.ReferentialActionContext action : ref.referentialAction()) {
            StringBuilder what = new StringBuilder();
            for (int i = 2; i < action.getChildCount(); i++) {
                what.append(i > 2 ? " " : "").append(action.getChild(i).getText().toUpperCase(Locale.ROOT));
            }
            if (action.DELETE() != null) {
                onDelete = what.toString();
            } else {
                onUpdate = what.toString();
            }
        }
        return new ForeignKeyDefinition(constraintName == null ? null : name(constraintName), columns,
                name(ref.table), referenced, onDelete, onUpdate);
    }

    private static List<String> names(TernDdlParser.ColumnListContext ctx) {
        List<String> names = new ArrayList<>();
        for (TernDdlParser.IdentifierContext id : ctx.identifier()) {
            names.add(name(id));
        }
        return names;
    }

    private static ColumnDefinition column(TernDdlParser.ColumnDefinitionContext ctx) {
        boolean notNull = false;
        boolean primaryKey = false;
        LiteralValue defaultValue = null;
        for (TernDdlParser.ColumnOptionContext option : ctx.columnOption()) {
            if (option instanceof TernDdlParser.NotNullOptionContext) {
                notNull = true;
            } else if (option instanceof TernDdlParser.PrimaryKeyOptionContext) {
                primaryKey = true;
            } else if (option instanceof TernDdlParser.DefaultOptionContext d) {
                defaultValue = literal(d.literal());
            }
        }
        return new ColumnDefinition(name(ctx.identifier()), dataType(ctx.dataType()), notNull || primaryKey,
                defaultValue, primaryKey);
    }

    private static DataType dataType(TernDdlParser.DataTypeContext ctx) {
        String first = ctx.typeWord(0).getText().toUpperCase(Locale.ROOT);
        String second = ctx.typeWord().size() > 1 ? ctx.typeWord(1).getText().toUpperCase(Locale.ROOT) : null;
        String spelled = second == null ? first : first + " " + second;
        Integer precision = ctx.precision == null ? null : integer(ctx.precision);
        Integer scale = ctx.scale == null ? null : integer(ctx.scale);
        TypeName name = switch (spelled) {
            case "TINYINT" -> TypeName.TINYINT;
            case "SMALLINT" -> TypeName.SMALLINT;
            case "INT", "INTEGER" -> TypeName.INTEGER;
            case "BIGINT" -> TypeName.BIGINT;
            case "DECIMAL", "NUMERIC", "DEC" -> TypeName.DECIMAL;
            case "REAL" -> TypeName.REAL;
            // SQL's FLOAT(p): binary digits of precision; up to 24 fits a REAL, default is DOUBLE.
            case "FLOAT" -> precision != null && precision <= 24 ? TypeName.REAL : TypeName.DOUBLE;
            case "DOUBLE", "DOUBLE PRECISION" -> TypeName.DOUBLE;
            case "CHAR", "CHARACTER" -> TypeName.CHAR;
            case "VARCHAR", "CHARACTER VARYING", "CHAR VARYING" -> TypeName.VARCHAR;
            case "BOOLEAN" -> TypeName.BOOLEAN;
            case "DATE" -> TypeName.DATE;
            case "TIMESTAMP" -> TypeName.TIMESTAMP;
            default -> throw error(ctx.start, "unknown type " + spelled + "; types are TINYINT, SMALLINT, "
                    + "INT/INTEGER, BIGINT, DECIMAL(p,s), REAL, FLOAT, DOUBLE, CHAR(n), VARCHAR(n), BOOLEAN, DATE, "
                    + "TIMESTAMP");
        };
        return switch (name) {
            case CHAR -> new DataType(name, precision == null ? 1 : precision, noScale(ctx, scale, name));
            case VARCHAR -> {
                if (precision == null) {
                    throw error(ctx.start, "VARCHAR needs a maximum length, e.g. VARCHAR(100)");
                }
                yield new DataType(name, precision, noScale(ctx, scale, name));
            }
            case DECIMAL -> new DataType(name, precision == null ? 18 : precision, scale == null ? 0 : scale);
            case REAL, DOUBLE -> {
                if (scale != null || (precision != null && !first.equals("FLOAT"))) {
                    throw error(ctx.start, spelled + " takes no length or scale");
                }
                yield new DataType(name, 0, 0);
            }
            default -> {
                if (precision != null) {
                    throw error(ctx.start, spelled + " takes no length or scale");
                }
                yield new DataType(name, 0, 0);
            }
        };
    }

    private static int noScale(TernDdlParser.DataTypeContext ctx, Integer scale, TypeName name) {
        if (scale != null) {
            throw error(ctx.start, name + " takes a length but no scale");
        }
        return 0;
    }

    private static CreateIndex createIndex(TernDdlParser.CreateIndexContext ctx) {
        List<CreateIndex.Key> keys = new ArrayList<>();
        for (TernDdlParser.IndexColumnContext c : ctx.indexColumn()) {
            keys.add(new CreateIndex.Key(name(c.identifier()), c.DESC() != null));
        }
        return new CreateIndex(name(ctx.identifier(0)), name(ctx.identifier(1)), ctx.UNIQUE() != null,
                ctx.EXISTS() != null, keys);
    }

    private static LiteralValue literal(TernDdlParser.LiteralContext ctx) {
        if (ctx instanceof TernDdlParser.NumberLiteralContext n) {
            String digits = (n.INTEGER_LITERAL() != null ? n.INTEGER_LITERAL() : n.DECIMAL_LITERAL()).getText();
            return new LiteralValue(LiteralValue.Kind.NUMBER, (n.MINUS() != null ? "-" : "") + digits);
        }
        if (ctx instanceof TernDdlParser.StringLiteralContext s) {
            return new LiteralValue(LiteralValue.Kind.STRING, unquote(s.STRING_LITERAL().getText(), '\''));
        }
        if (ctx instanceof TernDdlParser.BooleanLiteralContext b) {
            return new LiteralValue(LiteralValue.Kind.BOOLEAN, b.TRUE() != null ? "TRUE" : "FALSE");
        }
        if (ctx instanceof TernDdlParser.DateLiteralContext d) {
            return new LiteralValue(LiteralValue.Kind.DATE, unquote(d.STRING_LITERAL().getText(), '\''));
        }
        if (ctx instanceof TernDdlParser.TimestampLiteralContext t) {
            return new LiteralValue(LiteralValue.Kind.TIMESTAMP, unquote(t.STRING_LITERAL().getText(), '\''));
        }
        return new LiteralValue(LiteralValue.Kind.NULL, "NULL");
    }

    /** An identifier as the catalog stores it: unquoted folded to upper case, quoted kept (Calcite's rule). */
    private static String name(TernDdlParser.IdentifierContext ctx) {
        if (ctx.QUOTED_IDENTIFIER() != null) {
            String name = unquote(ctx.QUOTED_IDENTIFIER().getText(), '"');
            if (name.isEmpty()) {
                throw error(ctx.start, "an identifier must not be empty");
            }
            return name;
        }
        return ctx.getText().toUpperCase(Locale.ROOT);
    }

    private static String unquote(String quoted, char quote) {
        String q = String.valueOf(quote);
        return quoted.substring(1, quoted.length() - 1).replace(q + q, q);
    }

    private static int integer(Token token) {
        try {
            return Integer.parseInt(token.getText());
        } catch (NumberFormatException e) {
            throw error(token, "number " + token.getText() + " is too large");
        }
    }

    private static SqlSyntaxException error(Token at, String message) {
        return new SqlSyntaxException(message + " (line " + at.getLine() + ", column "
                + (at.getCharPositionInLine() + 1) + ")", at.getLine(), at.getCharPositionInLine() + 1, null);
    }

    /** Turns ANTLR's first syntax error into an exception instead of printing it and recovering. */
    private static final class ThrowingErrorListener extends BaseErrorListener {
        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column,
                                String msg, RecognitionException e) {
            String near = offendingSymbol instanceof Token t
                    ? (t.getType() == Token.EOF ? "end of statement" : "'" + t.getText() + "'") : null;
            throw new SqlSyntaxException("syntax error at line " + line + ", column " + (column + 1)
                    + (near == null ? "" : " near " + near) + ": " + msg, line, column + 1, null);
        }
    }
}
