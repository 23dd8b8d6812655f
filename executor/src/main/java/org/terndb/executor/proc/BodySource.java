package org.terndb.executor.proc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.terndb.executor.expr.Arithmetic;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Literal;

/**
 * Writes the Java source of a {@link CompiledBody} for the body of a {@link Program}: blocks, loops, IF and jumps
 * become Java statements (labelled blocks and loops, {@code break} and {@code continue}); integer variables and
 * parameters live in Java locals ({@code long} value, {@code boolean} NULL flag); the integer assignments,
 * comparisons, primary-key SELECT INTO and primary-key UPDATE of integer columns that the interpreter runs on its
 * fast paths ({@link Assign.IntegerSet}, {@link IntegerComparison}, {@link PointRead}, {@link PointUpdate}) become
 * straight-line code on those locals. Every other statement
 * runs as its step, and so does a fast-path statement whenever a value is not plain: the locals a step uses are
 * stored into the slots before it runs and read back after, so a step sees what the interpreter would show it.
 * Which slots a step or a condition uses comes from the compiler ({@code uses}); a step without an entry is assumed
 * to use every integer variable.
 */
public final class BodySource {
    /** The source of one class, its binary name, and the objects its constructor takes, in order. */
    public record Generated(String className, String source, Object[] constants) {
    }

    private static final String STEP = "org.terndb.executor.proc.Step";
    private static final String SELECT_INTO = "org.terndb.executor.proc.SelectInto";
    private static final String POINT_UPDATE = "org.terndb.executor.proc.PointUpdate";
    private static final String TABLE = "org.terndb.txn.Table";
    private static final String ROW_CODEC = "org.terndb.storage.codec.RowCodec";
    private static final String EXPR = "org.terndb.executor.expr.Expr";
    private static final String SQL_ERROR = "org.terndb.executor.TernSqlException";

    /** A label of an enclosing block or loop: how LEAVE and ITERATE of it are written. */
    private record Label(int number, String leave, String iterate) {
    }

    private final StringBuilder body = new StringBuilder();
    /**
     * The declarations of every temporary, at the top of the method: Janino's stack maps require the same locals in
     * scope at a jump and at its target, so nothing is declared in the blocks a LEAVE or ITERATE crosses.
     */
    private final StringBuilder declarations = new StringBuilder();
    private final List<Object> constants = new ArrayList<>();
    private final List<String> constantTypes = new ArrayList<>();
    private final Map<Object, Integer> constantIndex = new IdentityHashMap<>();
    private final boolean[] local;
    private final int[] allLocals;
    private final Map<Object, int[]> uses;
    private final boolean inlineUpdates;
    private final Deque<Label> labels = new ArrayDeque<>(); // innermost first
    private int names;
    private int depth = 2;

    private BodySource(boolean[] local, Map<Object, int[]> uses, boolean inlineUpdates) {
        this.local = local;
        this.uses = uses;
        this.inlineUpdates = inlineUpdates;
        int n = 0;
        for (boolean l : local) {
            n += l ? 1 : 0;
        }
        allLocals = new int[n];
        for (int k = 0, i = 0; k < local.length; k++) {
            if (local[k]) {
                allLocals[i++] = k;
            }
        }
    }

    /**
     * The source of {@code program}'s body as class {@code className}.
     *
     * @param slotTypes     per slot, the type of the variable or parameter it holds; null for the other slots
     *                      (ROW_COUNT(), the call's time, the columns of FOR rows)
     * @param parameters    how many slots from {@link Frame#FIRST_VARIABLE} on hold parameters (their values are read
     *                      at the start of a call and stored back at its end, for OUT parameters)
     * @param uses          per step and per condition (identity): the slots it reads or writes, nested statements
     *                      included
     * @param inlineUpdates whether point UPDATEs become code of their own (the most bytecode per statement), or run
     *                      as their steps
     */
    public static Generated of(Program program, SlotType[] slotTypes, int parameters, Map<Object, int[]> uses,
                               String className, boolean inlineUpdates) {
        boolean[] local = new boolean[program.slotCount()];
        for (int k = Frame.FIRST_VARIABLE; k < local.length && k < slotTypes.length; k++) {
            SlotType t = slotTypes[k];
            local[k] = t != null && !t.array() && t.element().isIntegral();
        }
        BodySource s = new BodySource(local, uses, inlineUpdates);
        s.statement(program.body());
        return new Generated(className, s.source(className, parameters), s.constants.toArray());
    }

    private String source(String className, int parameters) {
        int dot = className.lastIndexOf('.');
        StringBuilder src = new StringBuilder();
        if (dot > 0) {
            src.append("package ").append(className, 0, dot).append(";\n\n");
        }
        String simple = className.substring(dot + 1);
        src.append("public final class ").append(simple).append(" extends org.terndb.executor.proc.CompiledBody {\n");
        for (int i = 0; i < constants.size(); i++) {
            src.append("    private final ").append(constantTypes.get(i)).append(" c").append(i).append(";\n");
        }
        src.append("\n    public ").append(simple).append("(Object[] constants) {\n        super(constants);\n");
        for (int i = 0; i < constants.size(); i++) {
            src.append("        c").append(i).append(" = (").append(constantTypes.get(i)).append(") constants[")
                    .append(i).append("];\n");
        }
        src.append("    }\n\n    public void run(org.terndb.executor.proc.Frame f) {\n");
        src.append("        final Object[] s = f.slots();\n        Object o = null;\n");
        for (int k : allLocals) {
            src.append("        long v").append(k).append(" = 0L;\n        boolean n").append(k).append(" = true;\n");
        }
        src.append(declarations);
        int lastParameter = Frame.FIRST_VARIABLE + parameters;
        for (int k : allLocals) {
            if (k < lastParameter) {
                src.append("        ").append(load(k)).append('\n');
            }
        }
        src.append("        try {\n").append(body).append("        } finally {\n");
        for (int k : allLocals) {
            if (k < lastParameter) {
                src.append("            ").append(store(k)).append('\n');
            }
        }
        src.append("        }\n    }\n}\n");
        return src.toString();
    }

    // ---- statements ------------------------------------------------------------------------------------------

    private void statement(Step step) {
        if (step instanceof Block b) {
            block(b);
        } else if (step instanceof Loop l) {
            loop(l);
        } else if (step instanceof Branch b) {
            branch(b);
        } else if (step instanceof Jump j) {
            jump(j);
        } else if (step instanceof Assign a) {
            assign(a);
        } else if (step instanceof SelectInto s && pointInto(s)) {
            selectInto(s);
        } else if (step instanceof Modify m && pointUpdate(m)) {
            update(m);
        } else {
            delegate(step);
        }
    }

    private void block(Block b) {
        if (b.label() != 0) {
            String name = "B" + b.label();
            labels.push(new Label(b.label(), "break " + name, null));
            line(name + ": {");
        } else {
            line("{");
        }
        depth++;
        for (Step s : b.steps()) {
            statement(s);
        }
        depth--;
        line("}");
        if (b.label() != 0) {
            labels.pop();
        }
    }

    private void loop(Loop l) {
        String name = "L" + (l.label() != 0 ? Integer.toString(l.label()) : "u" + names++);
        String bodyName = name + "_body";
        boolean repeat = l.kind() == Loop.Kind.REPEAT;
        if (l.label() != 0) { // ITERATE of a REPEAT ends the body, then tests UNTIL
            labels.push(new Label(l.label(), "break " + name, repeat ? "break " + bodyName : "continue " + name));
        }
        line(name + ": while (f != null) {");
        depth++;
        if (l.kind() == Loop.Kind.WHILE) {
            String test = condition(l.condition(), l.line());
            line("if (!" + test + ") break;");
        }
        if (repeat) {
            line(bodyName + ": {");
            depth++;
        }
        statement(l.body());
        if (repeat) {
            depth--;
            line("}");
            String until = condition(l.condition(), l.line());
            line("if (" + until + ") break;");
        }
        depth--;
        line("}");
        if (l.label() != 0) {
            labels.pop();
        }
    }

    private void branch(Branch b) {
        Expr[] conditions = b.conditions();
        Step[] branches = b.branches();
        for (int i = 0; i < conditions.length; i++) {
            String test = condition(conditions[i], b.line());
            line("if (" + test + ") {");
            depth++;
            statement(branches[i]);
            depth--;
            line("} else {");
            depth++;
        }
        if (b.otherwise() != null) {
            statement(b.otherwise());
        }
        for (int i = 0; i < conditions.length; i++) {
            depth--;
            line("}");
        }
    }

    private void jump(Jump j) {
        line("if (f != null) " + jumpTo(j.code()) + ";"); // the condition keeps what follows reachable for javac
    }

    /** The Java statement that makes jump {@code code} of a step in this position. */
    private String jumpTo(int code) {
        if (code == Step.RETURN) {
            return "return";
        }
        for (Label l : labels) {
            if (code == Step.leave(l.number())) {
                return l.leave();
            }
            if (code == Step.iterate(l.number()) && l.iterate() != null) {
                return l.iterate();
            }
        }
        throw new IllegalStateException("jump code " + code + " names no enclosing label");
    }

    private void assign(Assign a) {
        int k = a.slot();
        if (!local[k]) {
            delegate(a);
            return;
        }
        if (a.value() instanceof Literal lit && lit.value() == null) {
            line("n" + k + " = true;");
            return;
        }
        Assign.IntegerSet set = a.integer();
        if (set == null) {
            delegate(a);
            return;
        }
        line("{");
        depth++;
        String x = operand(set.left());
        String ok = fresh("ok");
        String r = fresh("r");
        if (set.op() == null) {
            assign("boolean", ok + " = " + x + "p;");
            assign("long", r + " = " + x + ";");
        } else {
            String y = operand(set.right());
            assign("boolean", ok + " = " + x + "p && " + y + "p;");
            assign("long", r + " = 0L;");
            arithmetic(set.op(), x, y, r, ok);
        }
        line("if (" + ok + " && (" + r + " < " + literal(set.min()) + " || " + r + " > " + literal(set.max()) + ")) "
                + ok + " = false;");
        line("if (" + ok + ") {");
        line("    v" + k + " = " + r + ";");
        line("    n" + k + " = false;");
        line("} else {");
        depth++;
        delegate(a); // NULL, an overflow or a value out of range: the step gives the result or the error
        depth--;
        line("}");
        depth--;
        line("}");
    }

    /**
     * Writes {@code r = x op y} for + - * when {@code ok} holds, clearing {@code ok} on an overflow of a long (the
     * interpreter's overflow tests).
     */
    private void arithmetic(Arithmetic.Op op, String x, String y, String r, String ok) {
        line("if (" + ok + ") {");
        depth++;
        switch (op) {
            case PLUS -> {
                line(r + " = " + x + " + " + y + ";");
                line("if (((" + x + " ^ " + r + ") & (" + y + " ^ " + r + ")) < 0) " + ok + " = false;");
            }
            case MINUS -> {
                line(r + " = " + x + " - " + y + ";");
                line("if (((" + x + " ^ " + y + ") & (" + x + " ^ " + r + ")) < 0) " + ok + " = false;");
            }
            case TIMES -> {
                line(r + " = " + x + " * " + y + ";");
                line("if (Math.multiplyHigh(" + x + ", " + y + ") != (" + r + " >> 63)) " + ok + " = false;");
            }
            default -> throw new IllegalStateException("integer arithmetic with " + op);
        }
        depth--;
        line("}");
    }

    /** Whether a SELECT INTO runs inline: a point read by primary key into variables, integer ones exactly. */
    private boolean pointInto(SelectInto s) {
        PointRead point = s.query().point();
        if (point == null || !s.scalarTargets()) {
            return false;
        }
        if (!integerKey(point.key())) {
            return false;
        }
        for (int i = 0; i < s.targets(); i++) {
            if (local[s.targetSlot(i)] && !(s.exact(i) && point.columnType(i).type().isIntegral())) {
                return false;
            }
        }
        return true;
    }

    /** Whether every column of a primary key is an integer read straight from the slots into a key it can hold. */
    private static boolean integerKey(SlotKey key) {
        for (int i = 0; i < key.size(); i++) {
            if (key.integer(i) == null || key.min(i) > key.max(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The locals of an encoded primary key: {@code plain} (every key value is plain; else the step decides),
     * {@code found} (every value is one its column holds; else nothing matches) and the key builder that holds it.
     */
    private record PointKey(String plain, String found, String keys) {
    }

    /** Writes the encoding of {@code key} from the slots' integer values ({@link #integerKey}). */
    private PointKey pointKey(SlotKey key) {
        String plain = fresh("plain");
        String found = fresh("found");
        assign("boolean", plain + " = true;");
        assign("boolean", found + " = true;");
        int keyCodec = constant(key.codec(), "org.terndb.storage.codec.KeyCodec");
        String keys = fresh("keys");
        assign("org.terndb.storage.codec.KeyBuilder", keys + " = f.context().keyBuilder(c" + keyCodec + ");");
        for (int i = 0; i < key.size(); i++) {
            String v = operand(key.integer(i));
            line("if (!" + v + "p) " + plain + " = false;");
            line("else if (" + v + " < " + literal(key.min(i)) + " || " + v + " > " + literal(key.max(i)) + ") " + found
                    + " = false;");
            line("else if (" + found + ") " + keys + ".addLong(" + v + ");");
        }
        return new PointKey(plain, found, keys);
    }

    /** Whether an UPDATE runs inline: a point update by primary key whose every new value is computed as a long. */
    private boolean pointUpdate(Modify m) {
        PointUpdate u = m.statement().pointUpdate();
        if (!inlineUpdates || u == null || !integerKey(u.key())) {
            return false;
        }
        for (int i = 0; i < u.targets(); i++) {
            if (u.integer(i) == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * A point update as straight-line code: the key from the locals, the row read (for update, as planned), each new
     * value computed on longs and patched into a copy of the row. A key value that is not plain goes to the step;
     * a new value that is not (NULL, an overflow, outside its column's range) to {@link PointUpdate#change}, with the
     * row already read; so both give the step's results and errors.
     */
    private void update(Modify m) {
        PointUpdate u = m.statement().pointUpdate();
        int c = constant(u, POINT_UPDATE);
        int table = constant(u.table(), TABLE);
        int rows = constant(u.codec(), ROW_CODEC);
        line("try {");
        depth++;
        PointKey k = pointKey(u.key());
        line("if (" + k.plain() + ") {");
        depth++;
        String pk = fresh("pk");
        String row = fresh("row");
        assign("byte[]", pk + " = " + k.found() + " ? " + k.keys() + ".toKey() : null;");
        assign("byte[]", row + " = " + pk + " == null ? null : f.transaction()."
                + (u.forUpdate() ? "readForUpdate" : "read") + "(c" + table + ", " + pk + ");");
        line("if (" + row + " != null) {");
        depth++;
        String ok = fresh("ok");
        assign("boolean", ok + " = true;");
        String[] values = new String[u.targets()];
        for (int i = 0; i < values.length; i++) {
            values[i] = longValue(u.integer(i), u, row, rows);
            line("if (!" + values[i] + "p || " + values[i] + " < " + literal(u.targetMin(i)) + " || " + values[i]
                    + " > " + literal(u.targetMax(i)) + ") " + ok + " = false;");
        }
        line("if (" + ok + ") {");
        depth++;
        String builder = fresh("rowBuilder");
        assign("org.terndb.storage.codec.RowBuilder", builder + " = f.context().rowBuilder(c" + rows + ").from(" + row
                + ");");
        for (int i = 0; i < values.length; i++) {
            line(builder + ".setLong(" + u.target(i) + ", " + values[i] + ");");
        }
        line("c" + c + ".write(f.transaction(), " + pk + ", " + builder + ".build());");
        depth--;
        line("} else {");
        depth++;
        for (int slot : uses(m)) { // the step's way, with the row already read: it reads the variables' slots
            line(store(slot));
        }
        line("c" + c + ".change(f, " + pk + ", " + row + ");");
        depth--;
        line("}");
        line("s[" + Frame.ROW_COUNT + "] = ONE;");
        depth--;
        line("} else {");
        line("    s[" + Frame.ROW_COUNT + "] = ZERO;");
        line("}");
        depth--;
        endPointStatement(m);
    }

    /**
     * Declares {@code long x} and {@code boolean xp} for a new value of a point update computed from the locals and
     * the old row {@code row} (codec constant {@code rows}) and returns {@code x}'s name; {@code xp} is false when the
     * value is NULL, an operation overflows or leaves its type's range.
     */
    private String longValue(PointUpdate.LongValue v, PointUpdate u, String row, int rows) {
        if (v.left() == null) {
            if (v.operand() != null) {
                return operand(v.operand());
            }
            String x = fresh("x");
            int column = v.column();
            String get = "c" + rows + ".getLong(" + row + ", " + column + ")";
            if (u.nullable(column)) {
                assign("boolean", x + "p = !c" + rows + ".isNull(" + row + ", " + column + ");");
                assign("long", x + " = " + x + "p ? " + get + " : 0L;");
            } else { // a NOT NULL column's value is never NULL in a stored row
                assign("boolean", x + "p = true;");
                assign("long", x + " = " + get + ";");
            }
            return x;
        }
        String a = longValue(v.left(), u, row, rows);
        String r = fresh("x");
        if (v.op() == null) { // an integer CAST
            assign("long", r + " = " + a + ";");
            assign("boolean", r + "p = " + a + "p;");
        } else {
            String b = longValue(v.right(), u, row, rows);
            assign("long", r + " = 0L;");
            assign("boolean", r + "p = " + a + "p && " + b + "p;");
            arithmetic(v.op(), a, b, r, r + "p");
        }
        line("if (" + r + "p && (" + r + " < " + literal(v.min()) + " || " + r + " > " + literal(v.max()) + ")) " + r
                + "p = false;");
        return r;
    }

    private void selectInto(SelectInto s) {
        int c = constant(s, SELECT_INTO);
        SlotKey key = s.query().point().key();
        line("try {");
        depth++;
        PointRead point = s.query().point();
        // the table, codecs and column numbers as the generated class's own: no chain of loads per read
        int table = constant(point.table(), TABLE);
        int rows = constant(point.rows(), ROW_CODEC);
        PointKey k = pointKey(key);
        line("if (" + k.plain() + ") {");
        depth++;
        String row = fresh("row");
        assign("byte[]", row + " = " + k.found() + " ? f.transaction()." + (point.forUpdate() ? "readForUpdate" : "read")
                + "(c" + table + ", " + k.keys() + ".toKey()) : null;");
        for (int i = 0; i < s.targets(); i++) {
            int t = s.targetSlot(i);
            if (local[t]) {
                int column = point.column(i);
                String isNull = point.columnType(i).nullable() ? " || c" + rows + ".isNull(" + row + ", " + column + ")"
                        : ""; // a NOT NULL column's value is never NULL in a stored row
                line("if (" + row + " == null" + isNull + ") {");
                line("    n" + t + " = true;");
                line("} else {");
                line("    v" + t + " = c" + rows + ".getLong(" + row + ", " + column + ");");
                line("    n" + t + " = false;");
                line("}");
            } else {
                line("c" + c + ".assign(f, " + row + ", " + i + ");");
            }
        }
        line("s[" + Frame.ROW_COUNT + "] = " + row + " == null ? ZERO : ONE;");
        depth--;
        endPointStatement(s);
    }

    /**
     * Ends the code of a point statement opened by {@code try { ... if (plain) { ...}: the step itself where a key
     * value is not plain (NULL, or an element outside its array: the step decides), and errors located at its line.
     */
    private void endPointStatement(Step step) {
        line("} else {");
        depth++;
        delegate(step);
        depth--;
        line("}");
        depth--;
        line("} catch (" + SQL_ERROR + " e) {");
        line("    throw located(e, f, " + step.line() + ");");
        line("}");
    }

    /** Runs the step itself, with the locals it uses stored into the slots first and read back after. */
    private void delegate(Step step) {
        int c = constant(step, STEP);
        int[] u = uses(step);
        line("{");
        depth++;
        for (int k : u) {
            line(store(k));
        }
        String j = fresh("jump");
        assign("int", j + " = c" + c + ".run(f);");
        for (int k : u) {
            line(load(k));
        }
        line("if (" + j + " != 0) {");
        depth++;
        line("if (" + j + " == " + Step.RETURN + ") return;");
        for (Label l : labels) {
            line("if (" + j + " == " + Step.leave(l.number()) + ") " + l.leave() + ";");
            if (l.iterate() != null) {
                line("if (" + j + " == " + Step.iterate(l.number()) + ") " + l.iterate() + ";");
            }
        }
        depth--;
        line("}");
        depth--;
        line("}");
    }

    // ---- expressions -----------------------------------------------------------------------------------------

    /**
     * Declares a boolean local holding whether {@code condition} is TRUE (UNKNOWN is not) and returns its name: an
     * integer comparison of plain operands in place, anything else by the condition itself over the slots.
     */
    private String condition(Expr condition, int line) {
        String t = fresh("test");
        assign("boolean", t + ";");
        line("{");
        depth++;
        if (condition instanceof IntegerComparison ic) {
            String a = operand(ic.left());
            String b = operand(ic.right());
            String op = switch (ic.op()) {
                case EQ -> "==";
                case NE -> "!=";
                case LT -> "<";
                case LE -> "<=";
                case GT -> ">";
                case GE -> ">=";
            };
            line("if (" + a + "p && " + b + "p) {");
            line("    " + t + " = " + a + " " + op + " " + b + ";");
            line("} else {");
            depth++;
            generalCondition(condition, t, line);
            depth--;
            line("}");
        } else {
            generalCondition(condition, t, line);
        }
        depth--;
        line("}");
        return t;
    }

    private void generalCondition(Expr condition, String t, int line) {
        int c = constant(condition, EXPR);
        for (int k : uses(condition)) {
            line(store(k));
        }
        line("try {");
        line("    " + t + " = isTrue(c" + c + ", s);");
        line("} catch (" + SQL_ERROR + " e) {");
        line("    throw located(e, f, " + line + ");");
        line("}");
    }

    /**
     * Declares {@code long x} and {@code boolean xp} (whether the operand has a plain value now) for an integer
     * operand and returns {@code x}'s name.
     */
    private String operand(IntegerOperand op) {
        String x = fresh("x");
        switch (op.kind()) {
            case IntegerOperand.SLOT -> {
                int k = op.slot();
                if (local[k]) {
                    assign("long", x + " = v" + k + ";");
                    assign("boolean", x + "p = !n" + k + ";");
                } else {
                    assign("Object", x + "o = s[" + k + "];");
                    assign("boolean", x + "p = " + x + "o instanceof Long;");
                    assign("long", x + " = " + x + "p ? ((Long) " + x + "o).longValue() : 0L;");
                }
            }
            case IntegerOperand.CONSTANT -> {
                assign("long", x + " = " + literal(op.constant()) + ";");
                assign("boolean", x + "p = true;");
            }
            case IntegerOperand.CARDINALITY -> {
                assign("long", x + " = cardinality(s[" + op.slot() + "]);");
                assign("boolean", x + "p = " + x + " >= 0L;");
            }
            default -> {
                String i;
                if (op.indexSlot() < 0) {
                    i = literal(op.constant());
                    assign("boolean", x + "ip = true;");
                } else {
                    i = operand(IntegerOperand.slot(op.indexSlot()));
                    assign("boolean", x + "ip = " + i + "p;");
                }
                assign("long", x + " = " + x + "ip ? element(s[" + op.slot() + "], " + i + ") : MISSING;");
                assign("boolean", x + "p = " + x + "ip && (" + x + " != MISSING || hasElement(s[" + op.slot() + "], "
                        + i + "));");
            }
        }
        return x;
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    /** The slots {@code unit} uses that are locals; all locals if the compiler did not say. */
    private int[] uses(Object unit) {
        int[] u = uses.get(unit);
        if (u == null) {
            return allLocals;
        }
        int n = 0;
        for (int k : u) {
            n += k < local.length && local[k] ? 1 : 0;
        }
        int[] out = new int[n];
        for (int k : u) {
            if (k < local.length && local[k]) {
                out[--n] = k;
            }
        }
        return out;
    }

    private static String store(int k) {
        return "s[" + k + "] = n" + k + " ? null : box(v" + k + ");";
    }

    private static String load(int k) {
        return "o = s[" + k + "]; n" + k + " = o == null; v" + k + " = n" + k + " ? 0L : ((Long) o).longValue();";
    }

    /**
     * Declares a temporary of {@code type} at the top of the method and writes {@code text} here: {@code name = value;}
     * (an assignment), or {@code name;} (the declaration alone).
     */
    private void assign(String type, String text) {
        int end = text.indexOf(" = ");
        String name = end < 0 ? text.substring(0, text.length() - 1) : text.substring(0, end);
        String zero = switch (type) {
            case "long" -> "0L";
            case "boolean" -> "false";
            case "int" -> "0";
            default -> "null";
        };
        declarations.append("        ").append(type).append(' ').append(name).append(" = ").append(zero).append(";\n");
        if (end >= 0) {
            line(text);
        }
    }

    private int constant(Object o, String type) {
        Integer i = constantIndex.get(o);
        if (i == null) {
            i = constants.size();
            constants.add(o);
            constantTypes.add(type);
            constantIndex.put(o, i);
        }
        return i;
    }

    private String fresh(String prefix) {
        return prefix + names++;
    }

    private static String literal(long v) {
        return v == Long.MIN_VALUE ? "java.lang.Long.MIN_VALUE" : v + "L";
    }

    private void line(String text) {
        body.append("    ".repeat(depth)).append(text).append('\n');
    }
}
