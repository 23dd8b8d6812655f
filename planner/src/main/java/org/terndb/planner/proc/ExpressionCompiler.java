package org.terndb.planner.proc;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.terndb.executor.ExprType;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Abs;
import org.terndb.executor.expr.Arithmetic;
import org.terndb.executor.expr.CaseWhen;
import org.terndb.executor.expr.Cast;
import org.terndb.executor.expr.Comparison;
import org.terndb.executor.expr.Concat;
import org.terndb.executor.expr.CurrentDateTime;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Like;
import org.terndb.executor.expr.Literal;
import org.terndb.executor.expr.Logical;
import org.terndb.executor.expr.Negate;
import org.terndb.executor.expr.NullTest;
import org.terndb.executor.expr.Round;
import org.terndb.executor.expr.StringFunction;
import org.terndb.executor.expr.Substring;
import org.terndb.executor.expr.Trim;
import org.terndb.executor.expr.Values;
import org.terndb.executor.proc.ArrayElement;
import org.terndb.executor.proc.ArrayOf;
import org.terndb.executor.proc.IntegerComparison;
import org.terndb.executor.proc.Cardinality;
import org.terndb.executor.proc.Frame;
import org.terndb.executor.proc.SlotRef;
import org.terndb.executor.proc.SlotType;
import org.terndb.sql.proc.Pos;
import org.terndb.sql.proc.ProcExpr;
import org.terndb.storage.codec.ColumnType;

/**
 * Compiles procedure expressions into executor {@link Expr}s that evaluate over the frame's slots (the
 * {@code params} argument of {@link Expr#eval}), checking types as it goes. The functions are those TPC-C and
 * TATP style logic needs: SUBSTRING, CHAR_LENGTH, UPPER, LOWER, TRIM, ROUND, ABS, MOD, COALESCE, CARDINALITY,
 * ROW_COUNT, CURRENT_TIMESTAMP / CURRENT_DATE, CAST and CASE. {@code ||} accepts any operands and concatenates
 * their text.
 */
final class ExpressionCompiler {
    private static final ExprType TIMESTAMP = ExprType.of(ColumnType.TIMESTAMP, false);
    private static final ExprType DATE = ExprType.of(ColumnType.DATE, false);
    private static final ExprType ROW_COUNT_TYPE = ExprType.of(ColumnType.BIGINT, false);
    private static final String FUNCTIONS = "SUBSTRING, CHAR_LENGTH, UPPER, LOWER, TRIM, ROUND, ABS, MOD, COALESCE, "
            + "CARDINALITY, ROW_COUNT, CURRENT_TIMESTAMP, CURRENT_DATE";

    private boolean readsCurrentTime;

    /** Whether a compiled expression reads CURRENT_TIMESTAMP or CURRENT_DATE. */
    boolean readsCurrentTime() {
        return readsCurrentTime;
    }

    /** A compiled expression and its type. */
    record Typed(Expr expr, SlotType type) {
        ExprType scalar() {
            return type.element();
        }

        boolean isArray() {
            return type.array();
        }

        static Typed of(Expr expr, ExprType type) {
            return new Typed(expr, SlotType.scalar(type));
        }
    }

    /** Compiles {@code e} with the names of {@code scope} (null: constants only, as in CALL arguments). */
    Typed compile(ProcExpr e, Scope scope) {
        if (e instanceof ProcExpr.Literal l) {
            return literal(l);
        }
        if (e instanceof ProcExpr.Name n) {
            Scope.Variable v = variable(scope, n.name(), n.pos());
            if (v.isRecord()) {
                throw CompileErrors.at(n.pos(), n.name() + " is the row of a FOR loop; name a column: " + n.name()
                        + ".column");
            }
            return new Typed(new SlotRef(v.slot(), v.name(), v.type().element()), v.type());
        }
        if (e instanceof ProcExpr.Field f) {
            Scope.Field field = field(scope, f.record(), f.field(), f.pos());
            return Typed.of(new SlotRef(field.slot(), f.record() + "." + f.field(), field.type()), field.type());
        }
        if (e instanceof ProcExpr.Subscript s) {
            return element(scope, s.array(), s.index(), s.pos());
        }
        if (e instanceof ProcExpr.Unary u) {
            return unary(u, scope);
        }
        if (e instanceof ProcExpr.Binary b) {
            return binary(b, scope);
        }
        if (e instanceof ProcExpr.IsNull n) {
            return Typed.of(new NullTest(scalar(n.operand(), scope).expr(), n.negated()), ProcTypes.BOOLEAN);
        }
        if (e instanceof ProcExpr.Like l) {
            Typed operand = string(l.operand(), scope, "LIKE");
            Typed pattern = string(l.pattern(), scope, "LIKE");
            return Typed.of(new Like(operand.expr(), pattern.expr(), l.negated()), ProcTypes.BOOLEAN);
        }
        if (e instanceof ProcExpr.In in) {
            Typed operand = scalar(in.operand(), scope);
            List<Expr> tests = new ArrayList<>();
            for (ProcExpr v : in.values()) {
                Typed value = scalar(v, scope);
                checkComparable(operand.scalar(), value.scalar(), v.pos(), "IN");
                tests.add(new Comparison(Comparison.Op.EQ, operand.expr(), value.expr()));
            }
            Expr any = tests.size() == 1 ? tests.get(0) : new Logical(Logical.Op.OR, tests.toArray(Expr[]::new));
            return Typed.of(in.negated() ? new Logical(Logical.Op.NOT, any) : any, ProcTypes.BOOLEAN);
        }
        if (e instanceof ProcExpr.Cast c) {
            if (c.type().array()) {
                throw CompileErrors.at(c.pos(), "CAST to an array type is not supported; build arrays with ARRAY[...]");
            }
            Typed operand = scalar(c.operand(), scope);
            ExprType target = ProcTypes.exprType(c.type().element());
            return Typed.of(new Cast(operand.expr(), target), target);
        }
        if (e instanceof ProcExpr.Case c) {
            return caseWhen(c, scope);
        }
        if (e instanceof ProcExpr.Function f) {
            return function(f, scope);
        }
        if (e instanceof ProcExpr.ArrayOf a) {
            List<Typed> elements = new ArrayList<>();
            List<ExprType> types = new ArrayList<>();
            for (ProcExpr element : a.elements()) {
                Typed t = scalar(element, scope);
                elements.add(t);
                types.add(t.scalar());
            }
            ExprType type = ProcTypes.common(types);
            if (type == null) {
                throw CompileErrors.at(a.pos(), "the elements of ARRAY[...] have no common type");
            }
            Expr[] exprs = elements.stream().map(Typed::expr).toArray(Expr[]::new);
            return new Typed(new ArrayOf(exprs, type), new SlotType(type, true, 0));
        }
        throw CompileErrors.at(e.pos(), "? markers are allowed only as CALL arguments");
    }

    /** A scalar (not array) expression. */
    Typed scalar(ProcExpr e, Scope scope) {
        Typed t = compile(e, scope);
        if (t.isArray()) {
            throw CompileErrors.at(e.pos(), "an array cannot be used here; use one element, e.g. a[i], or CARDINALITY(a)");
        }
        return t;
    }

    /** A condition (IF, WHILE, UNTIL): BOOLEAN or NULL. */
    Typed condition(ProcExpr e, Scope scope) {
        Typed t = scalar(e, scope);
        if (t.scalar().type() != ColumnType.BOOLEAN && !ProcTypes.isNull(t.scalar())) {
            throw CompileErrors.at(e.pos(), "a condition must be BOOLEAN, not " + t.scalar().sqlName());
        }
        return t;
    }

    /** An integer expression (array subscripts). */
    Typed integer(ProcExpr e, Scope scope, String what) {
        Typed t = scalar(e, scope);
        if (!t.scalar().isIntegral() && !ProcTypes.isNull(t.scalar())) {
            throw CompileErrors.at(e.pos(), what + " must be an integer, not " + t.scalar().sqlName());
        }
        return t;
    }

    /** The element {@code array[index]} of an array variable. */
    Typed element(Scope scope, String array, ProcExpr index, Pos pos) {
        Scope.Variable v = variable(scope, array, pos);
        if (v.isRecord() || !v.type().array()) {
            throw CompileErrors.at(pos, array + " is not an array, so it takes no subscript");
        }
        Typed i = integer(index, scope, "an array subscript");
        ExprType element = v.type().element();
        Expr expr = new ArrayElement(new SlotRef(v.slot(), v.name(), element), i.expr(), v.name(), element);
        return Typed.of(expr, element);
    }

    Scope.Variable variable(Scope scope, String name, Pos pos) {
        Scope.Variable v = scope == null ? null : scope.lookup(name);
        if (v == null) {
            throw CompileErrors.at(pos, scope == null ? "CALL arguments are ? markers or constants, not names like "
                    + name : "unknown variable " + name + "; declare it with DECLARE " + name + " <type>");
        }
        return v;
    }

    Scope.Field field(Scope scope, String record, String name, Pos pos) {
        Scope.Variable v = variable(scope, record, pos);
        if (!v.isRecord()) {
            throw CompileErrors.at(pos, record + " is not the row of a FOR loop, so " + record + "." + name
                    + " means nothing here");
        }
        Scope.Field f = v.fields().get(name);
        if (f == null) {
            throw CompileErrors.at(pos, "the query of FOR loop " + record + " has no column " + name + "; its columns are "
                    + String.join(", ", v.fields().keySet()));
        }
        return f;
    }

    // ---- literals and operators ------------------------------------------------------------------

    private static Typed literal(ProcExpr.Literal l) {
        try {
            return switch (l.kind()) {
                case INTEGER -> {
                    BigDecimal d = new BigDecimal(l.text());
                    if (d.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
                        yield Typed.of(new Literal(d, decimalType(d)), decimalType(d));
                    }
                    long v = d.longValueExact();
                    ExprType t = ExprType.of(v <= Integer.MAX_VALUE ? ColumnType.INTEGER : ColumnType.BIGINT, false);
                    yield Typed.of(new Literal(v, t), t);
                }
                case DECIMAL -> {
                    BigDecimal d = new BigDecimal(l.text());
                    yield Typed.of(new Literal(d, decimalType(d)), decimalType(d));
                }
                case APPROXIMATE -> {
                    ExprType t = ExprType.of(ColumnType.DOUBLE, false);
                    yield Typed.of(new Literal(Double.parseDouble(l.text()), t), t);
                }
                case STRING -> {
                    ExprType t = new ExprType(ColumnType.VARCHAR, l.text().length(), 0, false);
                    yield Typed.of(new Literal(l.text(), t), t);
                }
                case BOOLEAN -> {
                    ExprType t = ExprType.of(ColumnType.BOOLEAN, false);
                    yield Typed.of(new Literal(Boolean.valueOf(l.text()), t), t);
                }
                case DATE -> Typed.of(new Literal(Values.convert(l.text(), DATE), DATE), DATE);
                case TIMESTAMP -> Typed.of(new Literal(Values.convert(l.text(), TIMESTAMP), TIMESTAMP), TIMESTAMP);
                case NULL -> Typed.of(new Literal(null, ProcTypes.NULL), ProcTypes.NULL);
            };
        } catch (TernSqlException e) {
            throw CompileErrors.at(l.pos(), e.sqlState(), e.getMessage());
        }
    }

    private static ExprType decimalType(BigDecimal d) {
        int scale = Math.max(d.scale(), 0);
        return new ExprType(ColumnType.DECIMAL, Math.max(d.precision(), scale), scale, false);
    }

    private Typed unary(ProcExpr.Unary u, Scope scope) {
        Typed operand = scalar(u.operand(), scope);
        ExprType t = operand.scalar();
        if (u.op().equals("NOT")) {
            if (t.type() != ColumnType.BOOLEAN && !ProcTypes.isNull(t)) {
                throw CompileErrors.at(u.pos(), "NOT needs a BOOLEAN operand, not " + t.sqlName());
            }
            return Typed.of(new Logical(Logical.Op.NOT, operand.expr()), ProcTypes.BOOLEAN);
        }
        if (!t.isNumeric() && !ProcTypes.isNull(t)) {
            throw CompileErrors.at(u.pos(), "unary " + u.op() + " needs a number, not " + t.sqlName());
        }
        if (u.op().equals("+")) {
            return operand;
        }
        ExprType result = t.isIntegral() ? ProcTypes.BIGINT : ProcTypes.nullable(t);
        return Typed.of(new Negate(operand.expr(), result), result);
    }

    private Typed binary(ProcExpr.Binary b, Scope scope) {
        String op = b.op();
        if (op.equals("AND") || op.equals("OR")) {
            Typed l = condition(b.left(), scope);
            Typed r = condition(b.right(), scope);
            return Typed.of(new Logical(op.equals("AND") ? Logical.Op.AND : Logical.Op.OR, l.expr(), r.expr()),
                    ProcTypes.BOOLEAN);
        }
        Typed l = scalar(b.left(), scope);
        Typed r = scalar(b.right(), scope);
        ExprType lt = l.scalar();
        ExprType rt = r.scalar();
        switch (op) {
            case "||" -> {
                int p = lt.precision() > 0 && rt.precision() > 0 && ProcTypes.isString(lt) && ProcTypes.isString(rt)
                        ? lt.precision() + rt.precision() : 0;
                ExprType t = new ExprType(ColumnType.VARCHAR, p, 0, true);
                return Typed.of(new Concat(l.expr(), r.expr(), t), t);
            }
            case "=", "<>", "<", "<=", ">", ">=" -> {
                checkComparable(lt, rt, b.pos(), op);
                Comparison.Op c = switch (op) {
                    case "=" -> Comparison.Op.EQ;
                    case "<>" -> Comparison.Op.NE;
                    case "<" -> Comparison.Op.LT;
                    case "<=" -> Comparison.Op.LE;
                    case ">" -> Comparison.Op.GT;
                    default -> Comparison.Op.GE;
                };
                return Typed.of(IntegerComparison.of(new Comparison(c, l.expr(), r.expr())), ProcTypes.BOOLEAN);
            }
            default -> {
                return arithmetic(op, l, r, b.pos());
            }
        }
    }

    private static Typed arithmetic(String op, Typed l, Typed r, Pos pos) {
        ExprType lt = l.scalar();
        ExprType rt = r.scalar();
        if (!(lt.isNumeric() || ProcTypes.isNull(lt)) || !(rt.isNumeric() || ProcTypes.isNull(rt))) {
            throw CompileErrors.at(pos, "operator " + op + " needs numbers, not " + lt.sqlName() + " and "
                    + rt.sqlName() + (op.equals("+") && (ProcTypes.isString(lt) || ProcTypes.isString(rt))
                    ? "; concatenate strings with ||" : ""));
        }
        Arithmetic.Op a = switch (op) {
            case "+" -> Arithmetic.Op.PLUS;
            case "-" -> Arithmetic.Op.MINUS;
            case "*" -> Arithmetic.Op.TIMES;
            case "/" -> Arithmetic.Op.DIVIDE;
            default -> Arithmetic.Op.MOD;
        };
        ExprType t = ProcTypes.arithmetic(op, lt, rt);
        return Typed.of(new Arithmetic(a, l.expr(), r.expr(), t), t);
    }

    private static void checkComparable(ExprType a, ExprType b, Pos pos, String op) {
        if (!ProcTypes.comparable(a, b)) {
            throw CompileErrors.at(pos, "cannot compare " + a.sqlName() + " with " + b.sqlName() + " (" + op + ")");
        }
    }

    private Typed string(ProcExpr e, Scope scope, String what) {
        Typed t = scalar(e, scope);
        if (!ProcTypes.isString(t.scalar()) && !ProcTypes.isNull(t.scalar())) {
            throw CompileErrors.at(e.pos(), what + " needs a string, not " + t.scalar().sqlName());
        }
        return t;
    }

    private Typed caseWhen(ProcExpr.Case c, Scope scope) {
        Typed operand = c.operand() == null ? null : scalar(c.operand(), scope);
        Expr[] conditions = new Expr[c.whens().size()];
        Typed[] results = new Typed[c.thens().size()];
        List<ExprType> types = new ArrayList<>();
        for (int i = 0; i < conditions.length; i++) {
            if (operand == null) {
                conditions[i] = condition(c.whens().get(i), scope).expr();
            } else {
                Typed when = scalar(c.whens().get(i), scope);
                checkComparable(operand.scalar(), when.scalar(), c.whens().get(i).pos(), "CASE");
                conditions[i] = new Comparison(Comparison.Op.EQ, operand.expr(), when.expr());
            }
            results[i] = scalar(c.thens().get(i), scope);
            types.add(results[i].scalar());
        }
        Typed otherwise = c.otherwise() == null ? null : scalar(c.otherwise(), scope);
        if (otherwise != null) {
            types.add(otherwise.scalar());
        }
        ExprType type = ProcTypes.common(types);
        if (type == null) {
            throw CompileErrors.at(c.pos(), "the results of CASE have no common type: " + types.stream()
                    .map(ExprType::sqlName).toList());
        }
        Expr[] exprs = new Expr[results.length];
        for (int i = 0; i < exprs.length; i++) {
            exprs[i] = results[i].expr();
        }
        return Typed.of(new CaseWhen(conditions, exprs, otherwise == null ? null : otherwise.expr(), type), type);
    }

    private Typed function(ProcExpr.Function f, Scope scope) {
        List<ProcExpr> args = f.arguments();
        Pos pos = f.pos();
        switch (f.name()) {
            case "CURRENT_TIMESTAMP", "LOCALTIMESTAMP" -> {
                arity(f, 0, 0);
                readsCurrentTime = true;
                return Typed.of(new CurrentDateTime(Frame.NOW, TIMESTAMP), TIMESTAMP);
            }
            case "CURRENT_DATE" -> {
                arity(f, 0, 0);
                readsCurrentTime = true;
                return Typed.of(new CurrentDateTime(Frame.NOW, DATE), DATE);
            }
            case "ROW_COUNT" -> {
                arity(f, 0, 0);
                if (scope == null) {
                    throw CompileErrors.at(pos, "ROW_COUNT() is available inside a procedure only");
                }
                return Typed.of(new SlotRef(Frame.ROW_COUNT, "ROW_COUNT()", ROW_COUNT_TYPE), ROW_COUNT_TYPE);
            }
            case "CARDINALITY" -> {
                arity(f, 1, 1);
                Typed a = compile(args.get(0), scope);
                if (!a.isArray()) {
                    throw CompileErrors.at(args.get(0).pos(), "CARDINALITY needs an array");
                }
                return Typed.of(new Cardinality(a.expr()), ProcTypes.BIGINT);
            }
            case "SUBSTRING", "SUBSTR" -> {
                arity(f, 2, 3);
                Typed s = scalar(args.get(0), scope);
                Typed start = integer(args.get(1), scope, "the start of SUBSTRING");
                Typed length = args.size() > 2 ? integer(args.get(2), scope, "the length of SUBSTRING") : null;
                ExprType t = new ExprType(ColumnType.VARCHAR, ProcTypes.isString(s.scalar()) ? s.scalar().precision() : 0,
                        0, true);
                return Typed.of(new Substring(s.expr(), start.expr(), length == null ? null : length.expr(), t), t);
            }
            case "CHAR_LENGTH", "CHARACTER_LENGTH", "LENGTH", "UPPER", "LOWER" -> {
                arity(f, 1, 1);
                Typed s = scalar(args.get(0), scope);
                StringFunction.Function fn = switch (f.name()) {
                    case "UPPER" -> StringFunction.Function.UPPER;
                    case "LOWER" -> StringFunction.Function.LOWER;
                    default -> StringFunction.Function.CHAR_LENGTH;
                };
                // Case mapping may change the length (ß becomes SS), so the result's length is not known.
                ExprType t = fn == StringFunction.Function.CHAR_LENGTH ? ProcTypes.BIGINT : ProcTypes.UNBOUNDED_VARCHAR;
                return Typed.of(new StringFunction(fn, s.expr(), t), t);
            }
            case "TRIM" -> {
                arity(f, 1, 1);
                Typed s = scalar(args.get(0), scope);
                ExprType space = new ExprType(ColumnType.VARCHAR, 1, 0, false);
                ExprType t = new ExprType(ColumnType.VARCHAR, ProcTypes.isString(s.scalar()) ? s.scalar().precision() : 0,
                        0, true);
                return Typed.of(new Trim(Trim.Side.BOTH, new Literal(" ", space), s.expr(), t), t);
            }
            case "ROUND" -> {
                arity(f, 1, 2);
                Typed x = numeric(args.get(0), scope, "ROUND");
                Typed places = args.size() > 1 ? integer(args.get(1), scope, "the places of ROUND") : null;
                ExprType t = ProcTypes.nullable(x.scalar());
                return Typed.of(new Round(x.expr(), places == null ? null : places.expr(), t), t);
            }
            case "ABS" -> {
                arity(f, 1, 1);
                Typed x = numeric(args.get(0), scope, "ABS");
                ExprType t = x.scalar().isIntegral() ? ProcTypes.BIGINT : ProcTypes.nullable(x.scalar());
                return Typed.of(new Abs(x.expr(), t), t);
            }
            case "MOD" -> {
                arity(f, 2, 2);
                return arithmetic("%", numeric(args.get(0), scope, "MOD"), numeric(args.get(1), scope, "MOD"), pos);
            }
            case "COALESCE" -> {
                arity(f, 1, Integer.MAX_VALUE);
                List<Typed> values = new ArrayList<>();
                List<ExprType> types = new ArrayList<>();
                for (ProcExpr a : args) {
                    Typed t = scalar(a, scope);
                    values.add(t);
                    types.add(t.scalar());
                }
                ExprType type = ProcTypes.common(types);
                if (type == null) {
                    throw CompileErrors.at(pos, "the arguments of COALESCE have no common type");
                }
                int n = values.size() - 1;
                Expr[] conditions = new Expr[n];
                Expr[] results = new Expr[n];
                for (int i = 0; i < n; i++) {
                    conditions[i] = new NullTest(values.get(i).expr(), true);
                    results[i] = values.get(i).expr();
                }
                return Typed.of(new CaseWhen(conditions, results, values.get(n).expr(), type), type);
            }
            default -> throw CompileErrors.at(pos, "unknown function " + f.name() + "; procedures know " + FUNCTIONS);
        }
    }

    private Typed numeric(ProcExpr e, Scope scope, String what) {
        Typed t = scalar(e, scope);
        if (!t.scalar().isNumeric() && !ProcTypes.isNull(t.scalar())) {
            throw CompileErrors.at(e.pos(), what + " needs a number, not " + t.scalar().sqlName());
        }
        return t;
    }

    private static void arity(ProcExpr.Function f, int min, int max) {
        int n = f.arguments().size();
        if (n < min || n > max) {
            String expected = min == max ? String.valueOf(min) : max == Integer.MAX_VALUE ? "at least " + min
                    : min + " to " + max;
            throw CompileErrors.at(f.pos(), f.name() + " takes " + expected + " argument" + (max == 1 ? "" : "s")
                    + ", not " + n);
        }
    }
}
