package org.terndb.sql.proc;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.terndb.sql.SqlSyntaxException;
import org.terndb.sql.ddl.CreateTable;
import org.terndb.sql.ddl.DataType;
import org.terndb.sql.ddl.DdlParser;

/**
 * Parses CREATE PROCEDURE, DROP PROCEDURE and CALL with the generated {@code TernProc} parser and builds the
 * statement records. Syntax errors are {@link SqlSyntaxException}s with line and column.
 */
public final class ProcParser {
    private static final Pattern DDL_POSITION = Pattern.compile(" \\(line \\d+, column \\d+\\)$");
    private static final Pattern SQLSTATE = Pattern.compile("[0-9A-Z]{5}");

    private final String text;
    private int markers;

    private ProcParser(String text) {
        this.text = text;
    }

    /** Parses one procedure statement (a trailing semicolon is allowed). */
    public static ProcStatement parse(String sql) {
        TernProcLexer lexer = new TernProcLexer(CharStreams.fromString(sql));
        TernProcParser parser = new TernProcParser(new CommonTokenStream(lexer));
        ThrowingErrorListener errors = new ThrowingErrorListener();
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        parser.removeErrorListeners();
        parser.addErrorListener(errors);
        TernProcParser.ProcStatementContext statement = parser.procStatement();
        ProcParser builder = new ProcParser(sql);
        if (statement.createProcedure() != null) {
            return builder.createProcedure(statement.createProcedure());
        }
        if (statement.dropProcedure() != null) {
            TernProcParser.DropProcedureContext d = statement.dropProcedure();
            return new DropProcedure(name(d.identifier()), d.EXISTS() != null);
        }
        return builder.call(statement.callStatement());
    }

    // ---- statements ------------------------------------------------------------------------------

    private CreateProcedure createProcedure(TernProcParser.CreateProcedureContext ctx) {
        List<ProcParameter> parameters = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (TernProcParser.ParameterContext p : ctx.parameter()) {
            ProcParameter.Mode mode = p.direction == null ? ProcParameter.Mode.IN : switch (p.direction.getType()) {
                case TernProcLexer.OUT -> ProcParameter.Mode.OUT;
                case TernProcLexer.INOUT -> ProcParameter.Mode.INOUT;
                default -> ProcParameter.Mode.IN;
            };
            String name = varName(p.varName());
            if (!names.add(name)) {
                throw error(p.varName().start, "parameter " + name + " is declared twice");
            }
            parameters.add(new ProcParameter(mode, name, type(p.dataType()), pos(p.start)));
        }
        String name = name(ctx.identifier());
        boolean orReplace = ctx.REPLACE() != null;
        if (ctx.routineBody() instanceof TernProcParser.JavaRoutineContext java) {
            String className = unquote(java.STRING_LITERAL().getText(), '\'').trim();
            if (className.isEmpty()) {
                throw error(java.STRING_LITERAL().getSymbol(), "EXTERNAL NAME needs a Java class name");
            }
            return new CreateProcedure(name, orReplace, parameters, null, className, text, pos(ctx.start));
        }
        TernProcParser.SqlRoutineContext sql = (TernProcParser.SqlRoutineContext) ctx.routineBody();
        return new CreateProcedure(name, orReplace, parameters, block(sql.block()), null, text, pos(ctx.start));
    }

    private CallProcedure call(TernProcParser.CallStatementContext ctx) {
        List<ProcExpr> arguments = new ArrayList<>();
        for (TernProcParser.ExpressionContext e : ctx.expression()) {
            arguments.add(expr(e, true));
        }
        return new CallProcedure(name(ctx.identifier()), arguments, markers);
    }

    private ProcStmt.Block block(TernProcParser.BlockContext ctx) {
        String label = ctx.beginLabel == null ? null : name(ctx.beginLabel);
        checkEndLabel(label, ctx.endLabel, "BEGIN");
        List<ProcStmt.Declaration> declarations = new ArrayList<>();
        for (TernProcParser.DeclarationContext d : ctx.declaration()) {
            List<String> names = new ArrayList<>();
            List<Pos> positions = new ArrayList<>();
            for (TernProcParser.VarNameContext v : d.varName()) {
                names.add(varName(v));
                positions.add(pos(v.start));
            }
            ProcExpr value = d.expression() == null ? null : expr(d.expression(), false);
            declarations.add(new ProcStmt.Declaration(names, positions, type(d.dataType()), value, pos(d.start)));
        }
        return new ProcStmt.Block(label, declarations, statements(ctx.statement()), pos(ctx.start));
    }

    private List<ProcStmt> statements(List<TernProcParser.StatementContext> contexts) {
        List<ProcStmt> out = new ArrayList<>(contexts.size());
        for (TernProcParser.StatementContext s : contexts) {
            out.add(statement(s));
        }
        return out;
    }

    private ProcStmt statement(TernProcParser.StatementContext ctx) {
        Pos at = pos(ctx.start);
        if (ctx instanceof TernProcParser.BlockStatementContext b) {
            return block(b.block());
        }
        if (ctx instanceof TernProcParser.SetStatementContext s) {
            return new ProcStmt.Set(target(s.assignTarget()), expr(s.expression(), false), at);
        }
        if (ctx instanceof TernProcParser.IfStatementContext i) {
            List<ProcExpr> conditions = new ArrayList<>();
            List<List<ProcStmt>> branches = new ArrayList<>();
            conditions.add(expr(i.expression(), false));
            branches.add(statements(i.thenBody));
            for (TernProcParser.ElseIfContext e : i.elseIf()) {
                conditions.add(expr(e.expression(), false));
                branches.add(statements(e.statement()));
            }
            return new ProcStmt.If(conditions, branches, statements(i.elseBody), at);
        }
        if (ctx instanceof TernProcParser.WhileStatementContext w) {
            String label = label(w.beginLabel, w.endLabel, "WHILE");
            return new ProcStmt.While(label, expr(w.expression(), false), statements(w.statement()), at);
        }
        if (ctx instanceof TernProcParser.RepeatStatementContext r) {
            String label = label(r.beginLabel, r.endLabel, "REPEAT");
            return new ProcStmt.Repeat(label, statements(r.statement()), expr(r.expression(), false), at);
        }
        if (ctx instanceof TernProcParser.LoopStatementContext l) {
            return new ProcStmt.Loop(label(l.beginLabel, l.endLabel, "LOOP"), statements(l.statement()), at);
        }
        if (ctx instanceof TernProcParser.ForStatementContext f) {
            String label = label(f.beginLabel, f.endLabel, "FOR");
            TernProcParser.ForQueryContext q = f.forQuery();
            List<Item> items = new ArrayList<>();
            items.add(Item.of(q.SELECT().getSymbol()));
            for (TernProcParser.ForPartContext part : q.forPart()) {
                if (part instanceof TernProcParser.ForSubscriptContext s) {
                    items.add(subscriptItem(s, s.varName(), s.expression()));
                } else {
                    items.add(Item.of(part.start));
                }
            }
            EmbeddedSql query = embedded(EmbeddedSql.Kind.SELECT, items, pos(q.start));
            if (!query.into().isEmpty()) {
                throw error(q.start, "the query of a FOR loop has no INTO clause; read the row's columns as "
                        + varName(f.varName()) + ".column");
            }
            return new ProcStmt.For(label, varName(f.varName()), query, statements(f.statement()), at);
        }
        if (ctx instanceof TernProcParser.LeaveStatementContext l) {
            return new ProcStmt.Leave(name(l.identifier()), at);
        }
        if (ctx instanceof TernProcParser.IterateStatementContext i) {
            return new ProcStmt.Iterate(name(i.identifier()), at);
        }
        if (ctx instanceof TernProcParser.ReturnStatementContext) {
            return new ProcStmt.Return(at);
        }
        if (ctx instanceof TernProcParser.SignalStatementContext s) {
            String state = unquote(s.STRING_LITERAL().getText(), '\'');
            if (!SQLSTATE.matcher(state).matches() || state.startsWith("00")) {
                throw error(s.STRING_LITERAL().getSymbol(), "SIGNAL needs an SQLSTATE of five digits or upper-case "
                        + "letters outside class 00, e.g. '45000'; '" + state + "' is not one");
            }
            return new ProcStmt.Signal(state, s.expression() == null ? null : expr(s.expression(), false), at);
        }
        if (ctx instanceof TernProcParser.NestedCallStatementContext call) {
            return new ProcStmt.Call(name(call.callStatement().identifier()), at);
        }
        TernProcParser.SqlStatementContext sql = ((TernProcParser.SqlStatementStatementContext) ctx).sqlStatement();
        EmbeddedSql.Kind kind = EmbeddedSql.Kind.valueOf(sql.head.getText().toUpperCase(Locale.ROOT));
        List<Item> items = new ArrayList<>();
        items.add(Item.of(sql.head));
        for (TernProcParser.SqlPartContext part : sql.sqlPart()) {
            if (part instanceof TernProcParser.SqlSubscriptContext s) {
                items.add(subscriptItem(s, s.varName(), s.expression()));
            } else {
                items.add(Item.of(part.start));
            }
        }
        return new ProcStmt.Sql(embedded(kind, items, at), at);
    }

    private ProcStmt.Target target(TernProcParser.AssignTargetContext ctx) {
        return new ProcStmt.Target(varName(ctx.varName()), ctx.expression() == null ? null : expr(ctx.expression(), false),
                pos(ctx.start));
    }

    private String label(TernProcParser.IdentifierContext begin, TernProcParser.IdentifierContext end, String what) {
        String label = begin == null ? null : name(begin);
        checkEndLabel(label, end, what);
        return label;
    }

    private static void checkEndLabel(String label, TernProcParser.IdentifierContext end, String what) {
        if (end != null && !name(end).equals(label)) {
            throw error(end.start, "END label " + name(end) + (label == null ? " closes an unlabelled " + what
                    : " does not match the label " + label + " of its " + what));
        }
    }

    // ---- embedded SQL ----------------------------------------------------------------------------

    /** A token of an embedded statement, or a subscripted variable {@code name[index]} parsed as an expression. */
    private record Item(Token token, String name, ProcExpr index, int start, int end, Pos pos) {
        static Item of(Token t) {
            return new Item(t, null, null, t.getStartIndex(), t.getStopIndex() + 1, ProcParser.pos(t));
        }

        boolean is(int type) {
            return token != null && token.getType() == type;
        }

        boolean isSubscript() {
            return token == null;
        }
    }

    private Item subscriptItem(ParserRuleContext ctx, TernProcParser.VarNameContext name,
                               TernProcParser.ExpressionContext index) {
        return new Item(null, varName(name), expr(index, false), ctx.start.getStartIndex(), ctx.stop.getStopIndex() + 1,
                pos(ctx.start));
    }

    /**
     * Finds the INTO clause of a SELECT and the names that may be variables: identifiers that are not
     * qualified ({@code t.x}), not function names ({@code f(}), not aliases ({@code AS x}); {@code r.f} and
     * {@code a[i]} are candidates as a whole. The compiler decides which candidates are variables.
     */
    private EmbeddedSql embedded(EmbeddedSql.Kind kind, List<Item> items, Pos at) {
        int intoFrom = -1;
        int intoTo = -1;
        List<ProcStmt.Target> into = new ArrayList<>();
        if (kind == EmbeddedSql.Kind.SELECT) {
            int depth = 0;
            for (int i = 1; i < items.size() && intoFrom < 0; i++) {
                Item it = items.get(i);
                depth += it.is(TernProcLexer.LPAREN) ? 1 : it.is(TernProcLexer.RPAREN) ? -1 : 0;
                if (depth == 0 && it.is(TernProcLexer.IDENTIFIER) && it.token().getText().equalsIgnoreCase("INTO")) {
                    intoFrom = i;
                }
            }
            if (intoFrom > 0) {
                int i = intoFrom + 1;
                while (true) {
                    if (i >= items.size()) {
                        throw error(items.get(i - 1).pos(), "INTO needs a variable after it");
                    }
                    Item t = items.get(i);
                    if (t.isSubscript()) {
                        into.add(new ProcStmt.Target(t.name(), t.index(), t.pos()));
                    } else if (t.is(TernProcLexer.IDENTIFIER) || t.is(TernProcLexer.QUOTED_IDENTIFIER)) {
                        into.add(new ProcStmt.Target(normalise(t.token()), null, t.pos()));
                    } else {
                        throw error(t.pos(), "INTO is followed by the variables that receive the row, not by '"
                                + t.token().getText() + "'");
                    }
                    i++;
                    if (i < items.size() && items.get(i).is(TernProcLexer.COMMA)) {
                        i++;
                        continue;
                    }
                    break;
                }
                intoTo = i;
            }
        }
        List<EmbeddedSql.Reference> references = new ArrayList<>();
        List<String> words = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            if (intoFrom >= 0 && i >= intoFrom && i < intoTo) {
                continue;
            }
            Item it = items.get(i);
            if (it.isSubscript()) {
                references.add(new EmbeddedSql.Reference(it.name(), null, it.index(), it.start(), it.end(), it.pos()));
                continue;
            }
            Token t = it.token();
            if (t.getType() == TernProcLexer.QUESTION) {
                throw error(t, "parameter markers (?) have no place in a procedure body; use the procedure's "
                        + "parameters and variables");
            }
            if (isWord(t)) {
                words.add(normalise(t));
            }
            if (t.getType() != TernProcLexer.IDENTIFIER && t.getType() != TernProcLexer.QUOTED_IDENTIFIER) {
                continue;
            }
            Item previous = i > 0 ? items.get(i - 1) : null;
            Item next = i + 1 < items.size() ? items.get(i + 1) : null;
            if (previous != null && (previous.is(TernProcLexer.DOT) || previous.is(TernProcLexer.AS))
                    || next != null && next.is(TernProcLexer.LPAREN)) {
                continue;
            }
            if (next != null && next.is(TernProcLexer.DOT) && i + 2 < items.size() && !items.get(i + 2).isSubscript()
                    && isWord(items.get(i + 2).token())) {
                Token field = items.get(i + 2).token();
                words.add(normalise(field));
                references.add(new EmbeddedSql.Reference(normalise(t), normalise(field), null, t.getStartIndex(),
                        field.getStopIndex() + 1, pos(t)));
                i += 2;
                continue;
            }
            references.add(new EmbeddedSql.Reference(normalise(t), null, null, t.getStartIndex(), t.getStopIndex() + 1,
                    pos(t)));
        }
        int start = items.get(0).start();
        int end = items.get(items.size() - 1).end();
        int intoStart = intoFrom < 0 ? -1 : items.get(intoFrom).start();
        int intoEnd = intoFrom < 0 ? -1 : items.get(intoTo - 1).end();
        return new EmbeddedSql(kind, start, end, references, into, intoStart, intoEnd, words, at);
    }

    private static boolean isWord(Token t) {
        String s = t.getText();
        return t.getType() == TernProcLexer.QUOTED_IDENTIFIER
                || !s.isEmpty() && (Character.isLetter(s.charAt(0)) || s.charAt(0) == '_');
    }

    // ---- expressions -----------------------------------------------------------------------------

    private ProcExpr expr(TernProcParser.ExpressionContext ctx, boolean markersAllowed) {
        Pos at = pos(ctx.start);
        if (ctx instanceof TernProcParser.PrimaryExpressionContext p) {
            return primary(p.primary(), markersAllowed);
        }
        if (ctx instanceof TernProcParser.UnaryExpressionContext u) {
            return new ProcExpr.Unary(u.op.getText(), expr(u.expression(), markersAllowed), at);
        }
        if (ctx instanceof TernProcParser.MultiplicativeExpressionContext m) {
            return binary(m.op.getText(), m.expression(), markersAllowed, at);
        }
        if (ctx instanceof TernProcParser.AdditiveExpressionContext a) {
            return binary(a.op.getText(), a.expression(), markersAllowed, at);
        }
        if (ctx instanceof TernProcParser.ConcatExpressionContext c) {
            return binary("||", c.expression(), markersAllowed, at);
        }
        if (ctx instanceof TernProcParser.ComparisonExpressionContext c) {
            String op = c.op.getText().equals("!=") ? "<>" : c.op.getText();
            return binary(op, c.expression(), markersAllowed, at);
        }
        if (ctx instanceof TernProcParser.IsNullExpressionContext n) {
            return new ProcExpr.IsNull(expr(n.expression(), markersAllowed), n.NOT() != null, at);
        }
        if (ctx instanceof TernProcParser.LikeExpressionContext l) {
            return new ProcExpr.Like(expr(l.expression(0), markersAllowed), expr(l.expression(1), markersAllowed),
                    l.NOT() != null, at);
        }
        if (ctx instanceof TernProcParser.InExpressionContext in) {
            List<ProcExpr> values = new ArrayList<>();
            for (int i = 1; i < in.expression().size(); i++) {
                values.add(expr(in.expression(i), markersAllowed));
            }
            return new ProcExpr.In(expr(in.expression(0), markersAllowed), values, in.NOT() != null, at);
        }
        if (ctx instanceof TernProcParser.NotExpressionContext n) {
            return new ProcExpr.Unary("NOT", expr(n.expression(), markersAllowed), at);
        }
        if (ctx instanceof TernProcParser.AndExpressionContext a) {
            return binary("AND", a.expression(), markersAllowed, at);
        }
        return binary("OR", ((TernProcParser.OrExpressionContext) ctx).expression(), markersAllowed, at);
    }

    private ProcExpr binary(String op, List<TernProcParser.ExpressionContext> operands, boolean markersAllowed, Pos at) {
        return new ProcExpr.Binary(op, expr(operands.get(0), markersAllowed), expr(operands.get(1), markersAllowed), at);
    }

    private ProcExpr primary(TernProcParser.PrimaryContext ctx, boolean markersAllowed) {
        Pos at = pos(ctx.start);
        if (ctx instanceof TernProcParser.LiteralPrimaryContext l) {
            return literal(l.literal());
        }
        if (ctx instanceof TernProcParser.MarkerPrimaryContext) {
            if (!markersAllowed) {
                throw error(ctx.start, "parameter markers (?) have no place in a procedure body; use the "
                        + "procedure's parameters and variables");
            }
            return new ProcExpr.Marker(markers++, at);
        }
        if (ctx instanceof TernProcParser.CastPrimaryContext c) {
            return new ProcExpr.Cast(expr(c.expression(), markersAllowed), type(c.dataType()), at);
        }
        if (ctx instanceof TernProcParser.CasePrimaryContext c) {
            List<ProcExpr> whens = new ArrayList<>();
            List<ProcExpr> thens = new ArrayList<>();
            for (TernProcParser.CaseWhenContext w : c.caseWhen()) {
                whens.add(expr(w.expression(0), markersAllowed));
                thens.add(expr(w.expression(1), markersAllowed));
            }
            return new ProcExpr.Case(c.operand == null ? null : expr(c.operand, markersAllowed), whens, thens,
                    c.otherwise == null ? null : expr(c.otherwise, markersAllowed), at);
        }
        if (ctx instanceof TernProcParser.SubstringPrimaryContext s) {
            return new ProcExpr.Function("SUBSTRING", exprs(s.expression(), markersAllowed), at);
        }
        if (ctx instanceof TernProcParser.ArrayPrimaryContext a) {
            return new ProcExpr.ArrayOf(exprs(a.expression(), markersAllowed), at);
        }
        if (ctx instanceof TernProcParser.NiladicPrimaryContext n) {
            return new ProcExpr.Function(n.word.getText().toUpperCase(Locale.ROOT), List.of(), at);
        }
        if (ctx instanceof TernProcParser.FunctionPrimaryContext f) {
            return new ProcExpr.Function(name(f.identifier()), exprs(f.expression(), markersAllowed), at);
        }
        if (ctx instanceof TernProcParser.SubscriptPrimaryContext s) {
            return new ProcExpr.Subscript(varName(s.varName()), expr(s.expression(), markersAllowed), at);
        }
        if (ctx instanceof TernProcParser.FieldPrimaryContext f) {
            return new ProcExpr.Field(name(f.identifier(0)), name(f.identifier(1)), at);
        }
        if (ctx instanceof TernProcParser.NamePrimaryContext n) {
            return new ProcExpr.Name(name(n.identifier()), at);
        }
        return expr(((TernProcParser.ParenPrimaryContext) ctx).expression(), markersAllowed);
    }

    private List<ProcExpr> exprs(List<TernProcParser.ExpressionContext> contexts, boolean markersAllowed) {
        List<ProcExpr> out = new ArrayList<>(contexts.size());
        for (TernProcParser.ExpressionContext e : contexts) {
            out.add(expr(e, markersAllowed));
        }
        return out;
    }

    private static ProcExpr literal(TernProcParser.LiteralContext ctx) {
        Pos at = pos(ctx.start);
        if (ctx instanceof TernProcParser.IntegerLiteralContext i) {
            return new ProcExpr.Literal(ProcExpr.Literal.Kind.INTEGER, i.getText(), at);
        }
        if (ctx instanceof TernProcParser.DecimalLiteralContext d) {
            String s = d.getText();
            boolean approximate = s.indexOf('e') >= 0 || s.indexOf('E') >= 0;
            return new ProcExpr.Literal(approximate ? ProcExpr.Literal.Kind.APPROXIMATE : ProcExpr.Literal.Kind.DECIMAL,
                    s, at);
        }
        if (ctx instanceof TernProcParser.StringLiteralContext s) {
            return new ProcExpr.Literal(ProcExpr.Literal.Kind.STRING, unquote(s.getText(), '\''), at);
        }
        if (ctx instanceof TernProcParser.BooleanLiteralContext b) {
            return new ProcExpr.Literal(ProcExpr.Literal.Kind.BOOLEAN, b.TRUE() != null ? "TRUE" : "FALSE", at);
        }
        if (ctx instanceof TernProcParser.DateLiteralContext d) {
            return new ProcExpr.Literal(ProcExpr.Literal.Kind.DATE, unquote(d.STRING_LITERAL().getText(), '\''), at);
        }
        if (ctx instanceof TernProcParser.TimestampLiteralContext t) {
            return new ProcExpr.Literal(ProcExpr.Literal.Kind.TIMESTAMP, unquote(t.STRING_LITERAL().getText(), '\''), at);
        }
        return new ProcExpr.Literal(ProcExpr.Literal.Kind.NULL, "NULL", at);
    }

    // ---- types and names -------------------------------------------------------------------------

    private ProcType type(TernProcParser.DataTypeContext ctx) {
        int cardinality = 0;
        if (ctx.cardinality != null) {
            try {
                cardinality = Integer.parseInt(ctx.cardinality.getText());
            } catch (NumberFormatException e) {
                throw error(ctx.cardinality, "array size " + ctx.cardinality.getText() + " is too large");
            }
            if (cardinality < 1) {
                throw error(ctx.cardinality, "an array holds at least one element");
            }
        }
        Token last = ctx.ARRAY() == null ? ctx.stop : previousOf(ctx, ctx.ARRAY().getSymbol());
        String spelled = text.substring(ctx.start.getStartIndex(), last.getStopIndex() + 1);
        return new ProcType(columnType(spelled, ctx.start), ctx.ARRAY() != null, cardinality);
    }

    private static Token previousOf(ParserRuleContext ctx, Token token) {
        Token previous = ctx.start;
        for (int i = 0; i < ctx.getChildCount(); i++) {
            if (ctx.getChild(i).getPayload() == token) {
                break;
            }
            previous = ctx.getChild(i) instanceof ParserRuleContext r ? r.stop
                    : (Token) ctx.getChild(i).getPayload();
        }
        return previous;
    }

    /**
     * A type name as CREATE TABLE reads it: the DDL grammar is the one definition of TernDB's type names,
     * their synonyms and their length and scale rules, so a procedure's types can never differ from a table's.
     */
    private static DataType columnType(String spelled, Token at) {
        try {
            CreateTable t = (CreateTable) DdlParser.parse("CREATE TABLE T (C " + spelled + ")");
            return t.columns().get(0).type();
        } catch (SqlSyntaxException e) {
            String message = DDL_POSITION.matcher(e.getMessage()).replaceAll("");
            if (message.startsWith("syntax error")) {
                message = "'" + spelled + "' is not a type";
            }
            throw error(at, message);
        }
    }

    private static String varName(TernProcParser.VarNameContext ctx) {
        return ctx.QUOTED_IDENTIFIER() != null ? quoted(ctx.QUOTED_IDENTIFIER().getSymbol())
                : ctx.getText().toUpperCase(Locale.ROOT);
    }

    /** An identifier as the catalog stores it: unquoted folded to upper case, quoted kept (Calcite's rule). */
    private static String name(TernProcParser.IdentifierContext ctx) {
        return ctx.QUOTED_IDENTIFIER() != null ? quoted(ctx.QUOTED_IDENTIFIER().getSymbol())
                : ctx.getText().toUpperCase(Locale.ROOT);
    }

    private static String normalise(Token t) {
        return t.getType() == TernProcLexer.QUOTED_IDENTIFIER ? quoted(t) : t.getText().toUpperCase(Locale.ROOT);
    }

    private static String quoted(Token t) {
        String name = unquote(t.getText(), '"');
        if (name.isEmpty()) {
            throw error(t, "an identifier must not be empty");
        }
        return name;
    }

    private static String unquote(String quoted, char quote) {
        String q = String.valueOf(quote);
        return quoted.substring(1, quoted.length() - 1).replace(q + q, q);
    }

    private static Pos pos(Token t) {
        return new Pos(t.getLine(), t.getCharPositionInLine() + 1);
    }

    private static SqlSyntaxException error(Token at, String message) {
        return error(pos(at), message);
    }

    private static SqlSyntaxException error(Pos at, String message) {
        return new SqlSyntaxException(message + " (" + at + ")", at.line(), at.column(), null);
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
