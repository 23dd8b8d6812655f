package org.terndb.planner.proc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.calcite.sql.parser.SqlAbstractParserImpl;
import org.apache.calcite.sql.parser.SqlParser;
import org.terndb.executor.ExprType;
import org.terndb.executor.ResultColumn;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Literal;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.proc.Assign;
import org.terndb.executor.proc.AssignElement;
import org.terndb.executor.proc.Block;
import org.terndb.executor.proc.Branch;
import org.terndb.executor.proc.ForEachRow;
import org.terndb.executor.proc.Frame;
import org.terndb.executor.proc.Jump;
import org.terndb.executor.proc.Loop;
import org.terndb.executor.proc.Modify;
import org.terndb.executor.proc.Program;
import org.terndb.executor.proc.ReturnRows;
import org.terndb.executor.proc.SelectInto;
import org.terndb.executor.proc.Signal;
import org.terndb.executor.proc.SlotType;
import org.terndb.executor.proc.Step;
import org.terndb.planner.Planner;
import org.terndb.sql.SqlFrontend;
import org.terndb.sql.proc.CreateProcedure;
import org.terndb.sql.proc.EmbeddedSql;
import org.terndb.sql.proc.Pos;
import org.terndb.sql.proc.ProcExpr;
import org.terndb.sql.proc.ProcParameter;
import org.terndb.sql.proc.ProcStmt;

/**
 * Compiles a parsed {@code CREATE PROCEDURE} against one catalog version into a {@link Program}:
 * <ul>
 *   <li>parameters, then the variables of each block in order, get slots of the frame (slot 0 holds
 *       ROW_COUNT(), slot 1 the call's CURRENT_TIMESTAMP);</li>
 *   <li>expressions become executor expressions over the slots ({@link ExpressionCompiler});</li>
 *   <li>every embedded statement is rewritten with its variables as parameters and planned once by the
 *       planner ({@link EmbeddedSqlCompiler}): unknown tables and columns fail here, with line and column;</li>
 *   <li>statements become {@link Step}s; labels become numbers for LEAVE and ITERATE;</li>
 *   <li>the steps are compiled to JVM code as well ({@link BodyCompiler}), unless the compiler was made without.</li>
 * </ul>
 * Thread-safe; CREATE PROCEDURE and recompilation after DDL are its only users.
 */
public final class ProcedureCompiler {
    private static final SqlAbstractParserImpl.Metadata SQL_WORDS =
            SqlParser.create("", SqlFrontend.PARSER_CONFIG).getMetadata();

    private final Planner planner;
    private final boolean toJvmCode;

    /** @param planCacheSize plans of embedded statements kept for recompilation at the same catalog version */
    public ProcedureCompiler(int planCacheSize) {
        this(planCacheSize, true);
    }

    /**
     * @param toJvmCode whether bodies are compiled to JVM code as well ({@link BodyCompiler}); without, their steps
     *                  run in the interpreter
     */
    public ProcedureCompiler(int planCacheSize, boolean toJvmCode) {
        this.planner = new Planner(planCacheSize);
        this.toJvmCode = toJvmCode;
    }

    /** The parameters of a procedure with their slots and types (also for Java procedures, which have no body). */
    public static List<CompiledProcedure.Parameter> signature(CreateProcedure definition) {
        List<CompiledProcedure.Parameter> out = new ArrayList<>();
        int slot = Frame.FIRST_VARIABLE;
        for (ProcParameter p : definition.parameters()) {
            checkName(p.name(), p.pos());
            out.add(new CompiledProcedure.Parameter(p, slot++, ProcTypes.slotType(p.type())));
        }
        return out;
    }

    /**
     * Compiles an SQL procedure against {@code catalog}.
     *
     * @throws TernSqlException with line and column of the first error in the CREATE text
     */
    public CompiledProcedure compile(CreateProcedure definition, CatalogView catalog) {
        if (definition.isJava()) {
            throw new IllegalArgumentException(definition.name() + " is a Java procedure; it has no body to compile");
        }
        Scope root = Scope.root();
        List<CompiledProcedure.Parameter> parameters = signature(definition);
        for (CompiledProcedure.Parameter p : parameters) {
            root.declare(p.declared().name(), p.type());
        }
        Unit unit = new Unit(definition, catalog);
        Block body = unit.block(definition.body(), root, true);
        Program program = new Program(definition.name(), body, root.slotCount(), catalog.version(),
                unit.expressions.readsCurrentTime());
        if (toJvmCode) {
            program = BodyCompiler.compile(program, root.slotTypes(), parameters.size(), unit.uses);
        }
        return new CompiledProcedure(definition, parameters, program);
    }

    /**
     * Evaluates a constant CALL argument ({@code 5}, {@code 'x'}, {@code -1.5}, {@code ARRAY[1, 2]},
     * {@code CURRENT_DATE}); names are rejected.
     */
    public static Object constant(ProcExpr argument) {
        Expr e = new ExpressionCompiler().compile(argument, null).expr();
        Object[] slots = new Object[Frame.FIRST_VARIABLE];
        return e.eval(null, slots);
    }

    private static void checkName(String name, Pos pos) {
        if (SQL_WORDS.isReservedWord(name)) {
            throw CompileErrors.at(pos, name + " is a reserved word of SQL and cannot name a variable here, because "
                    + "the procedure's SQL statements would misread it; choose another name");
        }
    }

    /** The compilation of one procedure: its text, catalog and expression compiler. */
    private final class Unit {
        final ExpressionCompiler expressions = new ExpressionCompiler();
        private final EmbeddedSqlCompiler sql;
        /** Per step and per loop or IF condition: the variables it uses ({@link BodyCompiler}). */
        final Map<Object, int[]> uses = new IdentityHashMap<>();

        Unit(CreateProcedure definition, CatalogView catalog) {
            this.sql = new EmbeddedSqlCompiler(planner, expressions, definition.text(), catalog);
        }

        /** @param body the procedure's body, which runs once per call on a frame whose slots start NULL */
        Block block(ProcStmt.Block b, Scope outer, boolean body) {
            Scope scope = outer.child();
            int label = b.label() == null ? 0 : scope.label(b.label(), false).number();
            List<Step> steps = new ArrayList<>();
            for (ProcStmt.Declaration d : b.declarations()) {
                SlotType type = ProcTypes.slotType(d.type());
                scope.startRecording();
                ExpressionCompiler.Typed value = d.value() == null ? null : expressions.compile(d.value(), scope);
                int[] valueUses = scope.stopRecording();
                if (value != null) {
                    checkAssignable(value, type, d.names().get(0), d.value().pos());
                }
                for (int i = 0; i < d.names().size(); i++) {
                    String name = d.names().get(i);
                    Pos at = d.positions().get(i);
                    checkName(name, at);
                    if (scope.lookup(name) != null) {
                        throw CompileErrors.at(at, name + " is declared already (as a parameter or in an enclosing "
                                + "block); choose another name");
                    }
                    Scope.Variable v = scope.declare(name, type);
                    if (value == null && body) {
                        continue; // the slot is NULL already: slots are never shared, and a frame starts all NULL
                    }
                    Expr init = value == null ? new Literal(null, ProcTypes.NULL) : value.expr();
                    boolean exact = value == null || ProcTypes.exact(value.scalar(), type) && !value.isArray();
                    Assign assign = new Assign(d.pos().line(), v.slot(), name, type, init, exact);
                    int[] assignUses = Arrays.copyOf(valueUses, valueUses.length + 1);
                    assignUses[valueUses.length] = v.slot();
                    uses.put(assign, assignUses);
                    scope.used(v.slot()); // the enclosing statements' recordings
                    steps.add(assign);
                }
            }
            steps.addAll(statements(b.statements(), scope));
            return new Block(b.pos().line(), label, steps);
        }

        List<Step> statements(List<ProcStmt> statements, Scope scope) {
            List<Step> out = new ArrayList<>(statements.size());
            for (ProcStmt s : statements) {
                out.add(statement(s, scope));
            }
            return out;
        }

        Block sequence(List<ProcStmt> statements, Scope scope, int line, int label) {
            return new Block(line, label, statements(statements, scope));
        }

        /** A statement as a step, with the variables it uses (nested statements included) recorded. */
        Step statement(ProcStmt s, Scope scope) {
            scope.startRecording(); // an error ends the whole compilation, recordings and all
            Step step = compileStatement(s, scope);
            uses.put(step, scope.stopRecording());
            return step;
        }

        /** A loop's or IF's condition, with the variables it uses recorded. */
        private Expr condition(ProcExpr e, Scope scope) {
            scope.startRecording();
            Expr condition = expressions.condition(e, scope).expr();
            uses.put(condition, scope.stopRecording());
            return condition;
        }

        private Step compileStatement(ProcStmt s, Scope scope) {
            int line = s.pos().line();
            if (s instanceof ProcStmt.Block b) {
                return block(b, scope, false);
            }
            if (s instanceof ProcStmt.Set set) {
                return assignment(set, scope);
            }
            if (s instanceof ProcStmt.If i) {
                List<Expr> conditions = new ArrayList<>();
                List<Step> branches = new ArrayList<>();
                for (int k = 0; k < i.conditions().size(); k++) {
                    conditions.add(condition(i.conditions().get(k), scope));
                    branches.add(sequence(i.branches().get(k), scope, line, 0));
                }
                Step otherwise = i.otherwise().isEmpty() ? null : sequence(i.otherwise(), scope, line, 0);
                return new Branch(line, conditions, branches, otherwise);
            }
            if (s instanceof ProcStmt.While w) {
                Expr condition = condition(w.condition(), scope);
                Scope body = scope.child();
                int label = loopLabel(w.label(), body);
                return new Loop(line, Loop.Kind.WHILE, label, condition, sequence(w.body(), body, line, 0));
            }
            if (s instanceof ProcStmt.Repeat r) {
                Scope body = scope.child();
                int label = loopLabel(r.label(), body);
                Block steps = sequence(r.body(), body, line, 0);
                return new Loop(line, Loop.Kind.REPEAT, label, condition(r.until(), scope), steps);
            }
            if (s instanceof ProcStmt.Loop l) {
                Scope body = scope.child();
                int label = loopLabel(l.label(), body);
                return new Loop(line, Loop.Kind.LOOP, label, null, sequence(l.body(), body, line, 0));
            }
            if (s instanceof ProcStmt.For f) {
                return forLoop(f, scope);
            }
            if (s instanceof ProcStmt.Leave l) {
                Scope.Label label = scope.findLabel(l.label());
                if (label == null) {
                    throw CompileErrors.at(l.pos(), "LEAVE " + l.label() + ": no enclosing block or loop has that label");
                }
                return Jump.leave(line, label.number(), l.label());
            }
            if (s instanceof ProcStmt.Iterate it) {
                Scope.Label label = scope.findLabel(it.label());
                if (label == null || !label.loop()) {
                    throw CompileErrors.at(it.pos(), "ITERATE " + it.label() + ": no enclosing loop has that label");
                }
                return Jump.iterate(line, label.number(), it.label());
            }
            if (s instanceof ProcStmt.Return) {
                return Jump.ret(line);
            }
            if (s instanceof ProcStmt.Signal sig) {
                Expr message = sig.message() == null ? null : expressions.scalar(sig.message(), scope).expr();
                return new Signal(line, sig.sqlState(), message);
            }
            if (s instanceof ProcStmt.Call call) {
                throw new TernSqlException(SqlState.FEATURE_NOT_SUPPORTED, "CALL " + call.procedure() + " inside a "
                        + "procedure is not supported yet; inline its statements (" + call.pos() + ")");
            }
            return sqlStatement(((ProcStmt.Sql) s).sql(), scope, line);
        }

        private int loopLabel(String name, Scope body) {
            return name == null ? 0 : body.label(name, true).number();
        }

        private Step assignment(ProcStmt.Set set, Scope scope) {
            ProcStmt.Target target = set.target();
            Scope.Variable v = expressions.variable(scope, target.name(), target.pos());
            if (v.isRecord()) {
                throw CompileErrors.at(target.pos(), target.name() + " is the row of a FOR loop and cannot be assigned");
            }
            int line = set.pos().line();
            if (target.index() == null) {
                ExpressionCompiler.Typed value = expressions.compile(set.value(), scope);
                checkAssignable(value, v.type(), v.name(), set.value().pos());
                return new Assign(line, v.slot(), v.name(), v.type(), value.expr(),
                        !value.isArray() && ProcTypes.exact(value.scalar(), v.type()));
            }
            if (!v.type().array()) {
                throw CompileErrors.at(target.pos(), target.name() + " is not an array, so it takes no subscript");
            }
            Expr index = expressions.integer(target.index(), scope, "an array subscript").expr();
            ExpressionCompiler.Typed value = expressions.scalar(set.value(), scope);
            checkAssignable(value, SlotType.scalar(v.type().element()), v.name() + "[...]", set.value().pos());
            return new AssignElement(line, v.slot(), v.name(), v.type(), index, value.expr());
        }

        private Step forLoop(ProcStmt.For f, Scope scope) {
            EmbeddedSqlCompiler.Planned query = sql.compile(f.query(), scope);
            List<String> names = new ArrayList<>();
            List<ExprType> types = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (ResultColumn c : query.plan().columns()) {
                if (!seen.add(c.label())) {
                    throw CompileErrors.at(f.query().pos(), "the query of FOR loop " + f.record() + " has two columns "
                            + "named " + c.label() + "; give them distinct names with AS");
                }
                names.add(c.label());
                types.add(c.type());
            }
            checkName(f.record(), f.pos());
            if (scope.lookup(f.record()) != null) {
                throw CompileErrors.at(f.pos(), f.record() + " is declared already; name the FOR loop's row differently");
            }
            Scope body = scope.child();
            int label = loopLabel(f.label(), body);
            Scope.Variable record = body.declareRecord(f.record(), names, types);
            Block steps = sequence(f.body(), body, f.pos().line(), 0);
            return new ForEachRow(f.pos().line(), label, query.statement(), record.slot(), steps);
        }

        private Step sqlStatement(EmbeddedSql statement, Scope scope, int line) {
            EmbeddedSqlCompiler.Planned planned = sql.compile(statement, scope);
            if (statement.kind() != EmbeddedSql.Kind.SELECT) {
                return new Modify(line, planned.statement());
            }
            if (statement.into().isEmpty()) {
                return new ReturnRows(line, planned.statement());
            }
            List<ResultColumn> columns = planned.plan().columns();
            List<ProcStmt.Target> into = statement.into();
            if (columns.size() != into.size()) {
                throw CompileErrors.at(into.get(0).pos(), "the SELECT returns " + columns.size() + " column"
                        + (columns.size() == 1 ? "" : "s") + " but INTO names " + into.size() + " variable"
                        + (into.size() == 1 ? "" : "s"));
            }
            int n = into.size();
            int[] slots = new int[n];
            String[] names = new String[n];
            SlotType[] types = new SlotType[n];
            Expr[] indexes = new Expr[n];
            boolean[] exact = new boolean[n];
            for (int i = 0; i < n; i++) {
                ProcStmt.Target t = into.get(i);
                Scope.Variable v = expressions.variable(scope, t.name(), t.pos());
                if (v.isRecord() || v.type().array() != (t.index() != null)) {
                    throw CompileErrors.at(t.pos(), v.isRecord() ? t.name() + " is the row of a FOR loop and cannot "
                            + "receive values" : t.index() == null ? "the array " + t.name() + " receives one element at "
                            + "a time: " + t.name() + "[i]" : t.name() + " is not an array, so it takes no subscript");
                }
                ExprType columnType = columns.get(i).type();
                if (!ProcTypes.assignable(columnType, v.type().element())) {
                    throw CompileErrors.at(t.pos(), "column " + columns.get(i).label() + " (" + columnType.sqlName()
                            + ") cannot be assigned to " + t.name() + " (" + v.type() + ")");
                }
                slots[i] = v.slot();
                names[i] = t.name();
                types[i] = v.type();
                indexes[i] = t.index() == null ? null : expressions.integer(t.index(), scope, "an array subscript").expr();
                exact[i] = t.index() == null && ProcTypes.exact(columnType, v.type());
            }
            return new SelectInto(line, planned.statement(), slots, names, types, indexes, exact);
        }

        private void checkAssignable(ExpressionCompiler.Typed value, SlotType target, String name, Pos pos) {
            if (value.isArray() != target.array()) {
                throw CompileErrors.at(pos, value.isArray() ? "an array cannot be assigned to " + name + " ("
                        + target + ")" : name + " is an array (" + target + "); assign an ARRAY[...] or an element");
            }
            if (!ProcTypes.assignable(value.scalar(), target.element())) {
                throw CompileErrors.at(pos, "cannot assign " + value.scalar().sqlName() + " to " + name + " ("
                        + target + ")");
            }
        }
    }
}
