package org.terndb.engine.proc;

import java.util.List;
import org.terndb.engine.Session;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.proc.Frame;
import org.terndb.executor.proc.ProcedureException;
import org.terndb.executor.proc.Program;
import org.terndb.executor.proc.ResultRows;
import org.terndb.executor.proc.SlotType;
import org.terndb.planner.proc.CompiledProcedure;
import org.terndb.planner.proc.ProcedureCompiler;
import org.terndb.sql.proc.CallProcedure;
import org.terndb.sql.proc.CreateProcedure;
import org.terndb.sql.proc.DropProcedure;
import org.terndb.sql.proc.ProcExpr;
import org.terndb.sql.proc.ProcParameter;
import org.terndb.sql.proc.ProcStatement;
import org.terndb.storage.codec.ColumnType;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;

/**
 * Runs the procedure statements of one {@link Session}. CREATE and DROP PROCEDURE change the catalog at once
 * (like all DDL, not transactionally). CALL binds its arguments to the parameters' types once, then runs the
 * compiled program as one unit of the session ({@link Session#runUnit}): in autocommit its own transaction,
 * retried after a conflict abort; inside an explicit transaction, part of it. Nothing is parsed or planned
 * per call (unless DDL changed the catalog since the procedure was compiled). Not thread-safe, like its session.
 */
public final class ProcedureSession {
    private final Session session;
    private final ExecutionContext context = new ExecutionContext();
    private long builderVersion;
    private Frame spare; // the last call's frame, reused by the next call of the same program
    private CallPlan lastPlan; // the call plan of the last SQL procedure call, reused while the same CALL repeats
    private CallPlan current; // the SQL procedure call running
    private final java.util.function.Function<Transaction, CallResult> runProgram = this::runProgram;
    private ProcedureStats retryStats; // the statistics onRetry and commits count in
    private Runnable onRetry;
    private ProcedureStats.Counter commits;

    public ProcedureSession(Session session) {
        this.session = session;
    }

    /** Hands this session's count of committed calls over to the statistics' total; the session closes. */
    public void close() {
        if (commits != null) {
            retryStats.retire(commits);
            commits = null;
        }
    }

    /**
     * Runs a procedure statement. {@code values} are the values of the statement's {@code ?} markers as JDBC
     * gives them, {@code set} says which were set (null: all given).
     */
    public CallResult execute(ProcStatement statement, Object[] values, boolean[] set) {
        ProcedureRegistry registry = session.database().catalog().procedures();
        if (statement instanceof CreateProcedure create) {
            registry.create(create, session.database().catalog().snapshot());
            return CallResult.NONE;
        }
        if (statement instanceof DropProcedure drop) {
            registry.drop(drop);
            return CallResult.NONE;
        }
        return call(registry, (CallProcedure) statement, values == null ? new Object[0] : values, set);
    }

    private CallResult call(ProcedureRegistry registry, CallProcedure call, Object[] values, boolean[] set) {
        ProcedureStats stats = registry.stats();
        if (retryStats != stats) {
            close();
            retryStats = stats;
            onRetry = stats::retry;
            commits = stats.register();
        }
        try {
            long changes = registry.changes(); // read before the lookup: a later CREATE or DROP shows as a change
            CallPlan last = lastPlan;
            ProcedureRegistry.Entry entry = last != null && last.call == call && last.changes == changes ? last.entry
                    : registry.entry(call.name());
            CatalogView catalog = session.database().catalog().snapshot();
            if (catalog.version() != builderVersion) {
                context.clearBuilders(); // codecs of dropped tables must not be kept alive
                builderVersion = catalog.version();
            }
            CallResult result;
            if (entry.java == null) {
                CompiledProcedure compiled = registry.current(entry, catalog);
                CallPlan plan = plan(entry, call, compiled, changes);
                bind(entry, plan, values, set, plan.inputs);
                current = plan;
                result = session.runUnit(runProgram, onRetry);
            } else {
                CallPlan plan = new CallPlan(entry, call, entry.parameters);
                Object[] inputs = new Object[entry.parameters.size()]; // a Java procedure may CALL others
                bind(entry, plan, values, set, inputs);
                result = session.runUnit(txn -> runJava(entry, inputs, plan, txn), onRetry);
            }
            commits.increment();
            return result;
        } catch (RuntimeException | Error e) {
            stats.failure();
            throw e;
        }
    }

    /** The call plan of this CALL statement for this compiled procedure: the last one if it is the same pair. */
    private CallPlan plan(ProcedureRegistry.Entry entry, CallProcedure call, CompiledProcedure compiled, long changes) {
        CallPlan plan = lastPlan;
        if (plan == null || plan.call != call || plan.entry != entry || plan.compiled != compiled) {
            plan = new CallPlan(entry, call, compiled.parameters());
            plan.compiled = compiled;
            lastPlan = plan;
        }
        plan.changes = changes;
        return plan;
    }

    /**
     * How one CALL statement passes its arguments to one procedure, worked out once: per parameter, the marker
     * of its value or its constant (already converted), and the markers that receive OUT values. Building it
     * checks the argument count and that OUT arguments are markers.
     */
    private static final class CallPlan {
        final CallProcedure call;
        final ProcedureRegistry.Entry entry;
        CompiledProcedure compiled;
        /** The registry's {@link ProcedureRegistry#changes()} when {@link #entry} was last looked up. */
        long changes = -1;
        /** Per parameter: the marker whose value an IN parameter takes, or -1 (a constant, or OUT only). */
        final int[] inMarkers;
        /** Per parameter: the converted constant argument of an IN parameter (when its marker is -1). */
        final Object[] constants;
        final boolean[] input;
        /** Per parameter: the marker receiving an OUT value, or -1. */
        final int[] outMarkers;
        /** Per marker: the type of the OUT value it receives (null for IN markers); shared by all results. */
        final SlotType[] outTypes;
        /** Per parameter: its slot in the frame (SQL procedures). */
        final int[] slots;
        /** Per parameter: an int[] argument stays as it is (an IN array of INTEGER or BIGINT of an SQL procedure). */
        final boolean[] keepInts;
        /** Per parameter: its type (read here, not through the parameter list, on every call). */
        final SlotType[] types;
        /** Per parameter: INTEGER or BIGINT, which take an Integer, or a Long in INTEGER's range, as a Long. */
        final boolean[] holdsInts;
        /** Per parameter: BIGINT, which takes a Long argument as it is. */
        final boolean[] holdsLongs;
        /** The converted IN values of the current call (SQL procedures, which never run nested in one session). */
        final Object[] inputs;
        /**
         * The result of every call of an SQL procedure through this plan that returns no result set, when the CALL
         * has no OUT arguments (its OUT values are all null); null otherwise.
         */
        final CallResult noResults;
        /**
         * The last result of an SQL procedure call through this plan that returned no result set: the next such call
         * whose OUT values are the same returns it again (results are immutable, so sharing one is invisible).
         */
        CallResult lastResult;

        CallPlan(ProcedureRegistry.Entry entry, CallProcedure call, List<CompiledProcedure.Parameter> parameters) {
            if (call.arguments().size() != parameters.size()) {
                throw new TernSqlException(ProcedureRegistry.UNKNOWN_PROCEDURE, "procedure " + signature(entry)
                        + " takes " + parameters.size() + " argument" + (parameters.size() == 1 ? "" : "s")
                        + ", the CALL gives " + call.arguments().size());
            }
            int n = parameters.size();
            this.call = call;
            this.entry = entry;
            inMarkers = new int[n];
            constants = new Object[n];
            input = new boolean[n];
            outMarkers = new int[n];
            outTypes = new SlotType[call.markerCount()];
            slots = new int[n];
            keepInts = new boolean[n];
            types = new SlotType[n];
            holdsInts = new boolean[n];
            holdsLongs = new boolean[n];
            inputs = new Object[n];
            for (int i = 0; i < n; i++) {
                CompiledProcedure.Parameter p = parameters.get(i);
                ProcParameter.Mode mode = p.declared().mode();
                ProcExpr argument = call.arguments().get(i);
                slots[i] = p.slot();
                types[i] = p.type();
                inMarkers[i] = -1;
                outMarkers[i] = -1;
                input[i] = mode.isInput();
                keepInts[i] = entry.java == null && !mode.isOutput() && p.type().keepsInts();
                ColumnType element = p.type().array() ? null : p.type().element().type();
                holdsInts[i] = element == ColumnType.INTEGER || element == ColumnType.BIGINT;
                holdsLongs[i] = element == ColumnType.BIGINT;
                if (argument instanceof ProcExpr.Marker m) {
                    if (mode.isOutput()) {
                        outMarkers[i] = m.index();
                        outTypes[m.index()] = p.type();
                    }
                    if (mode.isInput()) {
                        inMarkers[i] = m.index();
                    }
                } else {
                    if (mode.isOutput()) {
                        throw new TernSqlException(SqlState.SYNTAX_ERROR, mode + " parameter " + p.declared().name()
                                + " of " + entry.name() + " returns a value, so its argument must be a ? marker");
                    }
                    constants[i] = assign(entry, p, i, ProcedureCompiler.constant(argument));
                }
            }
            boolean outputs = false;
            for (int m : outMarkers) {
                outputs |= m >= 0;
            }
            noResults = outputs || entry.java != null ? null
                    : new CallResult(List.of(), new Object[outTypes.length], outTypes);
        }
    }

    /** Converts the IN arguments to the parameters' types into {@code inputs}. */
    private static void bind(ProcedureRegistry.Entry entry, CallPlan plan, Object[] values, boolean[] set,
                             Object[] inputs) {
        for (int i = 0; i < inputs.length; i++) {
            if (!plan.input[i]) {
                continue;
            }
            int marker = plan.inMarkers[i];
            if (marker < 0) {
                inputs[i] = plan.constants[i];
                continue;
            }
            boolean given = set == null ? marker < values.length : marker < set.length && set[marker];
            if (!given) {
                CompiledProcedure.Parameter p = entry.parameters.get(i);
                throw new TernSqlException(SqlState.INVALID_PARAMETER, "parameter " + (marker + 1) + " of the CALL ("
                        + p.declared().mode() + " " + p.declared().name() + " of " + entry.name() + ") is not set");
            }
            Object value = values[marker];
            // the common arguments (setInt and setLong bind Longs), converted as assign would
            if (value instanceof Long l && (plan.holdsLongs[i] || plan.holdsInts[i] && l == l.intValue())) {
                inputs[i] = value;
                continue;
            }
            if (value instanceof Integer n && plan.holdsInts[i]) {
                inputs[i] = (long) n;
                continue;
            }
            inputs[i] = plan.keepInts[i] && value instanceof int[] ints ? kept(entry, plan.types[i], i, ints)
                    : assign(entry, entry.parameters.get(i), i, value);
        }
    }

    private static Object assign(ProcedureRegistry.Entry entry, CompiledProcedure.Parameter p, int i, Object value) {
        try {
            return p.type().assign(value);
        } catch (TernSqlException e) {
            throw argumentError(entry, p, i, e);
        }
    }

    private static int[] kept(ProcedureRegistry.Entry entry, SlotType type, int i, int[] value) {
        try {
            return type.assignKept(value);
        } catch (TernSqlException e) {
            throw argumentError(entry, entry.parameters.get(i), i, e);
        }
    }

    private static TernSqlException argumentError(ProcedureRegistry.Entry entry, CompiledProcedure.Parameter p, int i,
                                                  TernSqlException e) {
        return new TernSqlException(e.sqlState(), "argument " + (i + 1) + " (" + p.declared().name() + " "
                + p.type() + ") of " + entry.name() + ": " + e.getMessage(), e);
    }

    /** One attempt of the current SQL procedure call ({@link #current}) in {@code txn}. */
    private CallResult runProgram(Transaction txn) {
        CallPlan plan = current;
        Program program = plan.compiled.program();
        Frame frame = program.newFrame(txn, context, spare);
        spare = null; // a call that fails half-way leaves its frame to the garbage collector
        Object[] slots = frame.slots();
        Object[] inputs = plan.inputs;
        int[] parameterSlots = plan.slots;
        for (int i = 0; i < inputs.length; i++) {
            slots[parameterSlots[i]] = inputs[i]; // arrays are never changed in place, so sharing is safe
        }
        List<ResultRows> results;
        try {
            results = program.run(frame);
        } catch (ProcedureException e) {
            if (e.signalled()) {
                session.database().catalog().procedures().stats().signal();
            }
            throw e;
        }
        if (plan.noResults != null && results.isEmpty()) {
            spare = frame;
            return plan.noResults;
        }
        int[] outMarkers = plan.outMarkers;
        CallResult last = plan.lastResult;
        if (last != null && results.isEmpty() && sameOutValues(last.outValues(), slots, outMarkers, parameterSlots)) {
            spare = frame;
            return last;
        }
        Object[] out = new Object[plan.outTypes.length];
        for (int i = 0; i < outMarkers.length; i++) {
            if (outMarkers[i] >= 0) {
                out[outMarkers[i]] = slots[parameterSlots[i]];
            }
        }
        spare = frame;
        CallResult result = new CallResult(results, out, plan.outTypes);
        plan.lastResult = results.isEmpty() ? result : null;
        return result;
    }

    /** True if the OUT parameters' slots hold what {@code previous} returned (equal values; an array only itself). */
    private static boolean sameOutValues(Object[] previous, Object[] slots, int[] outMarkers, int[] parameterSlots) {
        for (int i = 0; i < outMarkers.length; i++) {
            if (outMarkers[i] >= 0) {
                Object v = slots[parameterSlots[i]];
                Object was = previous[outMarkers[i]];
                if (v != was && (v == null || !v.equals(was))) {
                    return false;
                }
            }
        }
        return true;
    }

    private CallResult runJava(ProcedureRegistry.Entry entry, Object[] inputs, CallPlan plan, Transaction txn) {
        JavaCall call = new JavaCall(session, entry, inputs.clone(), txn, context);
        try {
            entry.java.call(call);
        } catch (ProcedureException e) {
            if (e.signalled()) {
                session.database().catalog().procedures().stats().signal();
            }
            throw e;
        } catch (TernSqlException | TransactionAbortedException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new TernSqlException(JavaCall.EXTERNAL_ROUTINE_EXCEPTION, "Java procedure " + entry.name()
                    + " failed: " + e, e);
        } finally {
            call.end();
        }
        Object[] out = new Object[plan.outTypes.length];
        for (int i = 0; i < plan.outMarkers.length; i++) {
            if (plan.outMarkers[i] >= 0) {
                out[plan.outMarkers[i]] = call.value(i);
            }
        }
        return new CallResult(call.results(), out, plan.outTypes);
    }

    private static String signature(ProcedureRegistry.Entry entry) {
        StringBuilder s = new StringBuilder(entry.name()).append('(');
        for (int i = 0; i < entry.parameters.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(entry.parameters.get(i).declared());
        }
        return s.append(')').toString();
    }
}
