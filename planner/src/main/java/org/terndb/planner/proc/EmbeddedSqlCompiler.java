package org.terndb.planner.proc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.terndb.executor.ExprType;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.proc.EmbeddedStatement;
import org.terndb.executor.proc.SlotRef;
import org.terndb.planner.Planner;
import org.terndb.planner.PreparedPlan;
import org.terndb.sql.proc.EmbeddedSql;
import org.terndb.sql.proc.Pos;
import org.terndb.storage.codec.Column;

/**
 * Turns an SQL statement of a procedure body into a planned {@link EmbeddedStatement}. Every reference to a
 * procedure variable ({@code v}, {@code rec.col}, {@code arr[i]}) becomes a parameter, and Calcite plans the
 * statement once, through the same {@link Planner} as any statement. A parameter stays a bare {@code ?} when the
 * type Calcite infers for it means the same as the variable's type (the usual {@code WHERE id = v}: the plan is
 * the one a hand-written prepared statement gets); otherwise it becomes {@code CAST(? AS <the variable's type>)},
 * so the statement means what it says whatever the column types are (a bare {@code ?} would take the type of the
 * column it meets). The INTO clause is blanked out. The text starts in the column of the statement, and positions
 * in the planner's messages are mapped back, so errors point into the CREATE text.
 *
 * <p>A name that is both a variable and a column (or table) of the statement is rejected: rename the variable,
 * or qualify the column ({@code t.col} is never taken for a variable).
 */
final class EmbeddedSqlCompiler {
    /** Words after which a parameter must stay a bare {@code ?} (Calcite accepts no CAST there). */
    private static final Set<String> BARE_AFTER = Set.of("LIMIT", "OFFSET", "FIRST", "NEXT", "FETCH");

    /** A planned statement and the plan it came from. */
    record Planned(EmbeddedStatement statement, PreparedPlan plan) {
    }

    private final Planner planner;
    private final ExpressionCompiler expressions;
    private final String text;
    private final CatalogView catalog;

    EmbeddedSqlCompiler(Planner planner, ExpressionCompiler expressions, String text, CatalogView catalog) {
        this.planner = planner;
        this.expressions = expressions;
        this.text = text;
        this.catalog = catalog;
    }

    /** A piece of the statement's text to replace: a variable reference, or the INTO clause (to blank). */
    private record Edit(int start, int end, Pos pos, Expr argument, ExprType type) {
        boolean blank() {
            return argument == null;
        }
    }

    Planned compile(EmbeddedSql sql, Scope scope) {
        Set<String> tables = new HashSet<>();
        Set<String> columns = new HashSet<>();
        for (String word : sql.words()) {
            TableMeta t = catalog.table(word);
            if (t != null && tables.add(word)) {
                for (Column c : t.schema().columns()) {
                    columns.add(c.name());
                }
            }
        }
        List<Edit> edits = new ArrayList<>();
        if (sql.intoStart() >= 0) {
            edits.add(new Edit(sql.intoStart(), sql.intoEnd(), sql.pos(), null, null));
        }
        for (EmbeddedSql.Reference r : sql.references()) {
            Edit e = reference(r, scope, tables, columns);
            if (e != null) {
                edits.add(e);
            }
        }
        edits.sort(Comparator.comparingInt(Edit::start));

        List<Edit> references = edits.stream().filter(e -> !e.blank()).toList();
        List<Expr> arguments = references.stream().map(Edit::argument).toList();
        // First with bare parameters: the plan a hand-written statement would get (WHERE id = ?). A parameter
        // whose inferred type is not the variable's own would change what the statement means, so those (or
        // all, if Calcite cannot type a bare one) are cast to the variable's type and the statement planned again.
        boolean[] cast = new boolean[references.size()];
        PreparedPlan plan = null;
        try {
            plan = rewrite(sql, edits, cast).plan();
        } catch (TernSqlException e) {
            java.util.Arrays.fill(cast, true);
        }
        if (plan != null) {
            for (int i = 0; i < cast.length; i++) {
                cast[i] = !sameMeaning(plan.parameterTypes().get(i), references.get(i).type());
            }
        }
        Rewritten rewritten = plan == null || contains(cast) ? rewrite(sql, edits, cast) : null;
        if (rewritten != null) {
            try {
                plan = rewritten.plan();
            } catch (TernSqlException e) {
                throw new TernSqlException(e.sqlState(), rewritten.positions().fix(e.getMessage()), e);
            }
        }
        if (plan.parameterCount() != arguments.size()) {
            throw new TernSqlException(SqlState.GENERAL_ERROR, "internal error: the statement at " + sql.pos()
                    + " has " + plan.parameterCount() + " parameters for " + arguments.size() + " variables");
        }
        PreparedPlan bound = plan;
        boolean[] asIs = new boolean[arguments.size()];
        boolean allAsIs = true;
        for (int i = 0; i < asIs.length; i++) {
            asIs[i] = plan.bindsAsIs(i, references.get(i).type());
            allAsIs &= asIs[i];
        }
        int width = plan.boundWidth();
        boolean identity = allAsIs && width == asIs.length; // nothing to convert and no statement time to add
        EmbeddedStatement statement = new EmbeddedStatement(plan.sql().strip(), plan.root(), plan.columns(), arguments,
                new EmbeddedStatement.Binder() {
                    @Override
                    public int width() {
                        return width;
                    }

                    @Override
                    public Object[] bind(Object[] values) {
                        return identity ? values : bound.bindInPlace(values, asIs);
                    }
                }, identity);
        return new Planned(statement, plan);
    }

    /** The statement's text for the planner and how to map its positions back; {@link #plan()} plans it. */
    private final class Rewritten {
        final String text;
        final PositionMap positions;

        Rewritten(String text, PositionMap positions) {
            this.text = text;
            this.positions = positions;
        }

        PositionMap positions() {
            return positions;
        }

        PreparedPlan plan() {
            return planner.prepare(text, catalog);
        }
    }

    /** The text with the INTO clause blanked and each variable replaced by {@code ?}, or a cast of one. */
    private Rewritten rewrite(EmbeddedSql sql, List<Edit> edits, boolean[] cast) {
        int lineOffset = sql.pos().line() - 1;
        PositionMap positions = new PositionMap(lineOffset);
        StringBuilder out = new StringBuilder(" ".repeat(sql.pos().column() - 1));
        int at = sql.start();
        int parameter = 0;
        for (Edit e : edits) {
            out.append(text, at, e.start());
            String original = text.substring(e.start(), e.end());
            if (e.blank()) {
                out.append(original.replaceAll("[^\\n]", " "));
            } else {
                boolean asCast = cast[parameter++] && !bare(e.start());
                String replacement = asCast ? "CAST(? AS " + ProcTypes.sqlText(e.type()) + ")" : "?";
                int column = out.length() - out.lastIndexOf("\n");
                out.append(replacement);
                int newlines = (int) original.chars().filter(c -> c == '\n').count();
                if (newlines == 0) {
                    positions.add(e.pos().line() - lineOffset, column, replacement.length(), e.pos().column(),
                            original.length());
                } else {
                    // Keep the lines and the column where the statement goes on after the reference.
                    int after = e.end() - text.lastIndexOf('\n', e.end() - 1);
                    out.append("\n".repeat(newlines)).append(" ".repeat(after - 1));
                }
            }
            at = e.end();
        }
        out.append(text, at, sql.end());
        return new Rewritten(out.toString(), positions);
    }

    /**
     * Whether a bare parameter of the inferred type means the same as the variable: both integers (bound as
     * 64-bit values), or the same type (DECIMAL with the same scale), or both strings.
     */
    private static boolean sameMeaning(ExprType inferred, ExprType variable) {
        if (inferred.type() == null) {
            return false;
        }
        if (inferred.isIntegral() && variable.isIntegral() || ProcTypes.isString(inferred) && ProcTypes.isString(variable)) {
            return true;
        }
        return inferred.type() == variable.type()
                && (inferred.type() != org.terndb.storage.codec.ColumnType.DECIMAL || inferred.scale() == variable.scale());
    }

    private static boolean contains(boolean[] flags) {
        for (boolean f : flags) {
            if (f) {
                return true;
            }
        }
        return false;
    }

    /** The edit for a name that is a variable, or null if the name is not one (a column, a table, ...). */
    private Edit reference(EmbeddedSql.Reference r, Scope scope, Set<String> tables, Set<String> columns) {
        Scope.Variable v = scope.lookup(r.name());
        if (r.field() != null) {
            if (v == null || !v.isRecord()) {
                return null; // table.column or alias.column
            }
            Scope.Field f = expressions.field(scope, r.name(), r.field(), r.pos());
            return new Edit(r.start(), r.end(), r.pos(), new SlotRef(f.slot(), r.name() + "." + r.field(), f.type()),
                    f.type());
        }
        if (r.index() != null) {
            ExpressionCompiler.Typed element = expressions.element(scope, r.name(), r.index(), r.pos());
            return new Edit(r.start(), r.end(), r.pos(), element.expr(), element.scalar());
        }
        if (v == null) {
            return null;
        }
        if (columns.contains(r.name())) {
            throw CompileErrors.at(r.pos(), CompileErrors.AMBIGUOUS, r.name() + " is both a variable and a column of "
                    + "a table in this statement; rename the variable (e.g. V_" + r.name() + "), or qualify the column "
                    + "as table." + r.name());
        }
        if (tables.contains(r.name())) {
            throw CompileErrors.at(r.pos(), CompileErrors.AMBIGUOUS, r.name() + " is both a variable and a table in "
                    + "this statement; rename the variable");
        }
        if (v.isRecord()) {
            throw CompileErrors.at(r.pos(), r.name() + " is the row of a FOR loop; use its columns as " + r.name()
                    + ".column");
        }
        if (v.type().array()) {
            throw CompileErrors.at(r.pos(), "the array " + r.name() + " can be used in SQL one element at a time, as "
                    + r.name() + "[i]");
        }
        ExprType type = v.type().element();
        return new Edit(r.start(), r.end(), r.pos(), new SlotRef(v.slot(), v.name(), type), type);
    }

    /** Whether the reference at {@code offset} follows LIMIT, OFFSET or FETCH FIRST/NEXT. */
    private boolean bare(int offset) {
        int end = offset;
        while (end > 0 && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        int start = end;
        while (start > 0 && Character.isLetter(text.charAt(start - 1))) {
            start--;
        }
        return BARE_AFTER.contains(text.substring(start, end).toUpperCase(Locale.ROOT));
    }
}
