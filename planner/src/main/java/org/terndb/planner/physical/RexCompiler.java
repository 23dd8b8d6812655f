package org.terndb.planner.physical;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexDynamicParam;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.TimestampString;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.expr.Abs;
import org.terndb.executor.expr.Arithmetic;
import org.terndb.executor.expr.Concat;
import org.terndb.executor.expr.CurrentDateTime;
import org.terndb.executor.expr.DistinctFrom;
import org.terndb.executor.expr.Extract;
import org.terndb.executor.expr.Round;
import org.terndb.executor.expr.StringFunction;
import org.terndb.executor.expr.Substring;
import org.terndb.executor.expr.Trim;
import org.terndb.executor.expr.TruthTest;
import org.terndb.executor.expr.CaseWhen;
import org.terndb.executor.expr.Cast;
import org.terndb.executor.expr.ColumnRef;
import org.terndb.executor.expr.Comparison;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Like;
import org.terndb.executor.expr.Literal;
import org.terndb.executor.expr.Logical;
import org.terndb.executor.expr.Negate;
import org.terndb.executor.expr.NullTest;
import org.terndb.executor.expr.Parameter;
import org.terndb.executor.expr.Values;
import org.terndb.planner.calcite.TypeMapping;

/**
 * Compiles Calcite row expressions ({@link RexNode}) into executor evaluators, once per plan. Expressions
 * the executor cannot evaluate yet fail with SQLState 0A000, naming the operator.
 */
public final class RexCompiler {
    private final RexBuilder rexBuilder;
    private final int parameterCount;
    private boolean readsStatementTime;

    RexCompiler(RexBuilder rexBuilder, int parameterCount) {
        this.rexBuilder = rexBuilder;
        this.parameterCount = parameterCount;
    }

    /** Whether a compiled expression reads CURRENT_TIMESTAMP/CURRENT_DATE (from the slot after the parameters). */
    boolean readsStatementTime() {
        return readsStatementTime;
    }

    RexBuilder rexBuilder() {
        return rexBuilder;
    }

    /** Compiles {@code node} over an input whose columns are named {@code inputNames}. */
    public Expr compile(RexNode node, List<String> inputNames) {
        if (node instanceof RexInputRef ref) {
            return new ColumnRef(ref.getIndex(), inputNames.get(ref.getIndex()), type(node));
        }
        if (node instanceof RexDynamicParam p) {
            return new Parameter(p.getIndex(), type(node));
        }
        if (node instanceof RexLiteral l) {
            return new Literal(literalValue(l), type(node));
        }
        if (node instanceof org.apache.calcite.rex.RexOver) {
            throw SqlState.notSupported("window functions (... OVER (...))");
        }
        if (node instanceof org.apache.calcite.rex.RexSubQuery) {
            throw SqlState.notSupported("a subquery (IN, EXISTS or a scalar SELECT inside a statement)");
        }
        if (node instanceof RexCall call) {
            return call(call, inputNames);
        }
        throw SqlState.notSupported("the expression " + node);
    }

    private Expr call(RexCall call, List<String> names) {
        List<RexNode> ops = call.getOperands();
        SqlKind kind = call.getKind();
        return switch (kind) {
            case PLUS -> arithmetic(Arithmetic.Op.PLUS, call, names);
            case MINUS -> arithmetic(Arithmetic.Op.MINUS, call, names);
            case TIMES -> arithmetic(Arithmetic.Op.TIMES, call, names);
            case DIVIDE -> arithmetic(Arithmetic.Op.DIVIDE, call, names);
            case MOD -> arithmetic(Arithmetic.Op.MOD, call, names);
            case MINUS_PREFIX -> new Negate(compile(ops.get(0), names), type(call));
            case PLUS_PREFIX -> compile(ops.get(0), names);
            case EQUALS -> comparison(Comparison.Op.EQ, call, names);
            case NOT_EQUALS -> comparison(Comparison.Op.NE, call, names);
            case LESS_THAN -> comparison(Comparison.Op.LT, call, names);
            case LESS_THAN_OR_EQUAL -> comparison(Comparison.Op.LE, call, names);
            case GREATER_THAN -> comparison(Comparison.Op.GT, call, names);
            case GREATER_THAN_OR_EQUAL -> comparison(Comparison.Op.GE, call, names);
            case AND -> new Logical(Logical.Op.AND, compileAll(ops, names));
            case OR -> new Logical(Logical.Op.OR, compileAll(ops, names));
            case NOT -> new Logical(Logical.Op.NOT, compile(ops.get(0), names));
            case IS_NULL -> new NullTest(compile(ops.get(0), names), false);
            case IS_NOT_NULL -> new NullTest(compile(ops.get(0), names), true);
            case CAST -> new Cast(compile(ops.get(0), names), type(call));
            case LIKE -> {
                if (ops.size() > 2) {
                    throw SqlState.notSupported("LIKE ... ESCAPE");
                }
                yield new Like(compile(ops.get(0), names), compile(ops.get(1), names), call.getOperator().getName()
                        .toUpperCase(java.util.Locale.ROOT).startsWith("NOT"));
            }
            case SEARCH -> compile(RexUtil.expandSearch(rexBuilder, null, call), names);
            case CASE -> caseWhen(call, names);
            case IS_TRUE -> new TruthTest(compile(ops.get(0), names), Boolean.TRUE, false);
            case IS_NOT_TRUE -> new TruthTest(compile(ops.get(0), names), Boolean.TRUE, true);
            case IS_FALSE -> new TruthTest(compile(ops.get(0), names), Boolean.FALSE, false);
            case IS_NOT_FALSE -> new TruthTest(compile(ops.get(0), names), Boolean.FALSE, true);
            case IS_UNKNOWN -> new NullTest(compile(ops.get(0), names), false);
            case IS_DISTINCT_FROM -> new DistinctFrom(compile(ops.get(0), names), compile(ops.get(1), names), false);
            case IS_NOT_DISTINCT_FROM -> new DistinctFrom(compile(ops.get(0), names), compile(ops.get(1), names), true);
            case TRIM -> trim(call, names);
            case EXTRACT -> extract(call, names);
            default -> function(call, names);
        };
    }

    /** Functions Calcite files under OTHER/OTHER_FUNCTION, told apart by name. */
    private Expr function(RexCall call, List<String> names) {
        List<RexNode> ops = call.getOperands();
        String name = call.getOperator().getName().toUpperCase(java.util.Locale.ROOT);
        ExprType t = type(call);
        return switch (name) {
            case "||" -> new Concat(compile(ops.get(0), names), compile(ops.get(1), names), t);
            case "UPPER" -> new StringFunction(StringFunction.Function.UPPER, compile(ops.get(0), names), t);
            case "LOWER" -> new StringFunction(StringFunction.Function.LOWER, compile(ops.get(0), names), t);
            case "CHAR_LENGTH", "CHARACTER_LENGTH" ->
                    new StringFunction(StringFunction.Function.CHAR_LENGTH, compile(ops.get(0), names), t);
            case "SUBSTRING" -> new Substring(compile(ops.get(0), names), compile(ops.get(1), names),
                    ops.size() > 2 ? compile(ops.get(2), names) : null, t);
            case "ABS" -> new Abs(compile(ops.get(0), names), t);
            case "ROUND" -> new Round(compile(ops.get(0), names), ops.size() > 1 ? compile(ops.get(1), names) : null, t);
            case "CURRENT_TIMESTAMP", "LOCALTIMESTAMP", "CURRENT_DATE" -> {
                readsStatementTime = true;
                yield new CurrentDateTime(parameterCount, t);
            }
            default -> throw SqlState.notSupported("the function or operator " + call.getOperator().getName());
        };
    }

    private Expr extract(RexCall call, List<String> names) {
        String unit = String.valueOf(((RexLiteral) call.getOperands().get(0)).getValue());
        Extract.Unit u;
        try {
            u = Extract.Unit.valueOf(unit);
        } catch (IllegalArgumentException e) {
            throw SqlState.notSupported("EXTRACT(" + unit + " FROM ...)");
        }
        return new Extract(u, compile(call.getOperands().get(1), names), type(call));
    }

    private Expr trim(RexCall call, List<String> names) {
        List<RexNode> ops = call.getOperands();
        Object flag = ((RexLiteral) ops.get(0)).getValue();
        Trim.Side side = switch (String.valueOf(flag)) {
            case "LEADING" -> Trim.Side.LEADING;
            case "TRAILING" -> Trim.Side.TRAILING;
            default -> Trim.Side.BOTH;
        };
        return new Trim(side, compile(ops.get(1), names), compile(ops.get(2), names), type(call));
    }

    private Expr caseWhen(RexCall call, List<String> names) {
        List<RexNode> ops = call.getOperands();
        int pairs = ops.size() / 2;
        Expr[] conditions = new Expr[pairs];
        Expr[] results = new Expr[pairs];
        for (int i = 0; i < pairs; i++) {
            conditions[i] = compile(ops.get(2 * i), names);
            results[i] = compile(ops.get(2 * i + 1), names);
        }
        Expr otherwise = ops.size() % 2 == 1 ? compile(ops.get(ops.size() - 1), names) : null;
        return new CaseWhen(conditions, results, otherwise, type(call));
    }

    private Expr arithmetic(Arithmetic.Op op, RexCall call, List<String> names) {
        ExprType t = type(call);
        if (!t.isNumeric()) {
            throw SqlState.notSupported("arithmetic on " + t.sqlName() + " (" + call + ")");
        }
        return new Arithmetic(op, compile(call.getOperands().get(0), names), compile(call.getOperands().get(1), names), t);
    }

    private Expr comparison(Comparison.Op op, RexCall call, List<String> names) {
        return new Comparison(op, compile(call.getOperands().get(0), names), compile(call.getOperands().get(1), names));
    }

    private Expr[] compileAll(List<RexNode> nodes, List<String> names) {
        Expr[] out = new Expr[nodes.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = compile(nodes.get(i), names);
        }
        return out;
    }

    static ExprType type(RexNode node) {
        return TypeMapping.toExprType(node.getType());
    }

    /** A Calcite literal's value in the executor's internal representation. */
    static Object literalValue(RexLiteral literal) {
        if (literal.isNull()) {
            return null;
        }
        ExprType t = type(literal);
        if (t.type() == null) {
            return null;
        }
        return switch (t.type()) {
            case TINYINT, SMALLINT, INTEGER, BIGINT -> literal.getValueAs(Long.class);
            case DECIMAL -> literal.getValueAs(BigDecimal.class);
            case REAL, DOUBLE -> literal.getValueAs(Double.class);
            case BOOLEAN -> literal.getValueAs(Boolean.class);
            case CHAR, VARCHAR -> {
                NlsString s = literal.getValueAs(NlsString.class);
                yield s == null ? literal.getValueAs(String.class) : s.getValue();
            }
            case DATE -> LocalDate.parse(literal.getValueAs(DateString.class).toString());
            case TIMESTAMP -> Values.convert(literal.getValueAs(TimestampString.class).toString(),
                    ExprType.of(org.terndb.storage.codec.ColumnType.TIMESTAMP, true));
        };
    }

    /** The value of a literal or parameter, usable before execution only for literals. */
    static boolean isValue(RexNode node) {
        return node instanceof RexLiteral || node instanceof RexDynamicParam;
    }

}
