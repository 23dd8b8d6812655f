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
    private static final Object[] NO_VALUES = {};
    /** How many call plans a session keeps. */
    private static final int KEPT_PLANS = 16;

    private final Session session;
    private final ProcedureRegistry registry;
    private final ExecutionContext context = new ExecutionContext();
    private long builderVersion;
    /**
     * The call plans of the last CALL statements of SQL procedures this session ran ({@link #keptCalls}[i] is
     * {@link #keptPlans}[i]'s statement): a client alternating between a few prepared CALLs (a benchmark's mix, an
     * application's handful of procedures) finds each one's plan and frame again instead of building them for every
     * call. A new statement's plan replaces the oldest kept one.
     */
    private final CallProcedure[] keptCalls = new CallProcedure[KEPT_PLANS];
    private final CallPlan[] keptPlans = new CallPlan[KEPT_PLANS];
    private int nextKept; // the slot a new statement's plan takes
    private CallPlan current; // the SQL procedure call running
    private final java.util.function.Function<Transaction, CallResult> runProgram = this::runProgram;
    private ProcedureStats retryStats; // the statistics onRetry and commits count in
    private Runnable onRetry;
    private ProcedureStats.Counter commits;

    public ProcedureSession(Session session) {
        this.session = session;
        this.registry = session.database().catalog().procedures();
    }

    /** Hands this session's count of committed calls over to the statistics' total; the session closes. */
    public void close() {
        if (commits != null) {
            retryStats.retire(commits);
            commits = null;
        }
    }

    /** Runs CREATE PROCEDURE or DROP PROCEDURE. */
    public void define(ProcStatement statement) {
        if (statement instanceof CreateProcedure create) {
            registry.create(create, session.database().catalog().snapshot());
        } else if (statement instanceof DropProcedure drop) {
            registry.drop(drop);
        } else {
            throw new IllegalArgumentException("not CREATE or DROP PROCEDURE: " + statement.getClass().getSimpleName());
        }
    }

    /**
     * Runs a CALL. {@code values} are the values of the statement's {@code ?} markers as JDBC gives them, {@code set}
     * says which were set (null: all given).
     */
    public CallResult call(CallProcedure call, Object[] values, boolean[] set) {
        Object[] given = values == null ? NO_VALUES : values;
        CallPlan plan = kept(call);
        if (plan != null && plan.changes == registry.changes()) {
            long version = session.database().catalog().snapshot().version();
            if (version == builderVersion && plan.compiled.program().catalogVersion() == version) {
                // a kept CALL, the procedure neither replaced nor recompiled since its plan was made
                try {
                    plan.bind(given, set);
                    current = plan;
                    CallResult result = session.runUnit(runProgram, onRetry);
                    commits.increment();
                    return result;
                } catch (RuntimeException | Error e) {
                    registry.stats().failure();
                    throw e;
                }
            }
        }
        return callLookingUp(call, given, set);
    }

    /** {@link #call} when the last call plan may not do: looks the procedure up, recompiles it if DDL requires. */
    private CallResult callLookingUp(CallProcedure call, Object[] values, boolean[] set) {
        ProcedureStats stats = registry.stats();
        if (retryStats != stats) {
            close();
            retryStats = stats;
            onRetry = stats::retry;
            commits = stats.register();
        }
        try {
            long changes = registry.changes(); // read before the lookup: a later CREATE or DROP shows as a change
            CallPlan last = kept(call);
            ProcedureRegistry.Entry entry = last != null && last.changes == changes ? last.entry
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
                plan.bind(values, set);
                current = plan;
                result = session.runUnit(runProgram, onRetry);
            } else {
                CallPlan plan = new CallPlan(entry, call, entry.parameters);
                plan.bind(values, set); // into the plan's own inputs: a Java procedure may CALL others
                result = session.runUnit(txn -> runJava(entry, plan.inputs, plan, txn), onRetry);
            }
            commits.increment();
            return result;
        } catch (RuntimeException | Error e) {
            stats.failure();
            throw e;
        }
    }

    /** The kept call plan of this CALL statement, or null. */
    private CallPlan kept(CallProcedure call) {
        int i = keptSlot(call);
        return i < 0 ? null : keptPlans[i];
    }

    /** The slot of this CALL statement's kept plan, or -1 (one cache line of references to compare). */
    private int keptSlot(CallProcedure call) {
        CallProcedure[] calls = keptCalls;
        for (int i = 0; i < calls.length; i++) {
            if (calls[i] == call) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The call plan of this CALL statement for this compiled procedure: the kept one if it is the same pair, else a
     * new one kept in the statement's slot (a new statement's in the oldest).
     */
    private CallPlan plan(ProcedureRegistry.Entry entry, CallProcedure call, CompiledProcedure compiled, long changes) {
        int i = keptSlot(call);
        CallPlan plan = i < 0 ? null : keptPlans[i];
        if (plan == null || plan.entry != entry || plan.compiled != compiled) {
            plan = new CallPlan(entry, call, compiled.parameters());
            plan.compiled = compiled;
            if (i < 0) {
                i = nextKept;
                nextKept = (i + 1) % KEPT_PLANS;
                keptCalls[i] = call;
            }
            keptPlans[i] = plan;
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
        /** How {@link #bind} takes the argument of a parameter: */
        private static final byte OUT_ONLY = 0; // none, OUT only
        private static final byte CONSTANT = 1; // the converted constant
        private static final byte INTEGER = 2; // a marker's Integer as a Long, a Long in INTEGER's range as it is
        private static final byte BIGINT = 3; // a marker's Integer as a Long, a Long as it is
        private static final byte INT_ARRAY = 4; // a marker's int[] as it is (IN array of INTEGER or BIGINT, SQL)
        private static final byte CONVERTED = 5; // a marker's value converted to the parameter's type

        final CallProcedure call;
        final ProcedureRegistry.Entry entry;
        final List<CompiledProcedure.Parameter> parameters;
        CompiledProcedure compiled;
        /** The registry's {@link ProcedureRegistry#changes()} when {@link #entry} was last looked up. */
        long changes = -1;
        /** Per parameter: how it takes its argument (one of the kinds above). */
        final byte[] binding;
        /** Per parameter: the marker whose value an IN parameter takes, or -1 (a constant, or OUT only). */
        final int[] inMarkers;
        /** Per parameter: the converted constant argument of an IN parameter (when its marker is -1). */
        final Object[] constants;
        /** Per parameter: the marker receiving an OUT value, or -1. */
        final int[] outMarkers;
        /** Per marker: the type of the OUT value it receives (null for IN markers); shared by all results. */
        final SlotType[] outTypes;
        /** Per parameter: its slot in the frame (SQL procedures). */
        final int[] slots;
        /** The converted IN values of the current call, per parameter ({@link #bind} sets them). */
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
        /** The frame of this plan's last call, reused by its next one (none while a call of it runs). */
        Frame spare;

        CallPlan(ProcedureRegistry.Entry entry, CallProcedure call, List<CompiledProcedure.Parameter> parameters) {
            if (call.arguments().size() != parameters.size()) {
                throw new TernSqlException(ProcedureRegistry.UNKNOWN_PROCEDURE, "procedure " + signature(entry)
                        + " takes " + parameters.size() + " argument" + (parameters.size() == 1 ? "" : "s")
                        + ", the CALL gives " + call.arguments().size());
            }
            int n = parameters.size();
            this.call = call;
            this.entry = entry;
            this.parameters = parameters;
            binding = new byte[n];
            inMarkers = new int[n];
            constants = new Object[n];
            outMarkers = new int[n];
            outTypes = new SlotType[call.markerCount()];
            slots = new int[n];
            inputs = new Object[n];
            for (int i = 0; i < n; i++) {
                CompiledProcedure.Parameter p = parameters.get(i);
                ProcParameter.Mode mode = p.declared().mode();
                ProcExpr argument = call.arguments().get(i);
                slots[i] = p.slot();
                inMarkers[i] = -1;
                outMarkers[i] = -1;
                if (argument instanceof ProcExpr.Marker m) {
                    if (mode.isOutput()) {
                        outMarkers[i] = m.index();
                        outTypes[m.index()] = p.type();
                    }
                    if (mode.isInput()) {
                        inMarkers[i] = m.index();
                        binding[i] = markerBinding(entry, p.type(), mode.isOutput());
                    }
                } else {
                    if (mode.isOutput()) {
                        throw new TernSqlException(SqlState.SYNTAX_ERROR, mode + " parameter " + p.declared().name()
                                + " of " + entry.name() + " returns a value, so its argument must be a ? marker");
                    }
                    constants[i] = assign(i, ProcedureCompiler.constant(argument));
                    binding[i] = CONSTANT;
                }
            }
            boolean outputs = false;
            for (int m : outMarkers) {
                outputs |= m >= 0;
            }
            noResults = outputs || entry.java != null ? null
                    : new CallResult(List.of(), new Object[outTypes.length], outTypes);
        }

        private static byte markerBinding(ProcedureRegistry.Entry entry, SlotType type, boolean output) {
            if (type.array()) {
                return entry.java == null && !output && type.keepsInts() ? INT_ARRAY : CONVERTED;
            }
            ColumnType element = type.element().type();
            return element == ColumnType.BIGINT ? BIGINT : element == ColumnType.INTEGER ? INTEGER : CONVERTED;
        }

        /** Converts the IN arguments to the parameters' types into {@link #inputs}. */
        void bind(Object[] values, boolean[] set) {
            byte[] kinds = binding;
            for (int i = 0; i < kinds.length; i++) {
                byte kind = kinds[i];
                if (kind == OUT_ONLY) {
                    continue;
                }
                if (kind == CONSTANT) {
                    inputs[i] = constants[i];
                    continue;
                }
                int marker = inMarkers[i];
                if (set == null ? marker >= values.length : marker >= set.length || !set[marker]) {
                    throw notSet(i, marker);
                }
                Object value = values[marker];
                // the common arguments (setInt and setLong bind Longs, arrays of INTEGER int[]), converted as assign
                // would convert them
                if (value instanceof Long l && (kind == BIGINT || kind == INTEGER && l == l.intValue())) {
                    inputs[i] = value;
                } else if (value instanceof Integer n && (kind == BIGINT || kind == INTEGER)) {
                    inputs[i] = (long) n;
                } else if (kind == INT_ARRAY && value instanceof int[] ints) {
                    inputs[i] = kept(i, ints);
                } else {
                    inputs[i] = assign(i, value);
                }
            }
        }

        private TernSqlException notSet(int i, int marker) {
            CompiledProcedure.Parameter p = parameters.get(i);
            return new TernSqlException(SqlState.INVALID_PARAMETER, "parameter " + (marker + 1) + " of the CALL ("
                    + p.declared().mode() + " " + p.declared().name() + " of " + entry.name() + ") is not set");
        }

        private Object assign(int i, Object value) {
            CompiledProcedure.Parameter p = parameters.get(i);
            try {
                return p.type().assign(value);
            } catch (TernSqlException e) {
                throw argumentError(p, i, e);
            }
        }

        private int[] kept(int i, int[] value) {
            CompiledProcedure.Parameter p = parameters.get(i);
            try {
                return p.type().assignKept(value);
            } catch (TernSqlException e) {
                throw argumentError(p, i, e);
            }
        }

        private TernSqlException argumentError(CompiledProcedure.Parameter p, int i, TernSqlException e) {
            return new TernSqlException(e.sqlState(), "argument " + (i + 1) + " (" + p.declared().name() + " "
                    + p.type() + ") of " + entry.name() + ": " + e.getMessage(), e);
        }
    }

    /** One attempt of the current SQL procedure call ({@link #current}) in {@code txn}. */
    private CallResult runProgram(Transaction txn) {
        CallPlan plan = current;
        Program program = plan.compiled.program();
        Frame frame = program.newFrame(txn, context, plan.spare);
        plan.spare = null; // a call that fails half-way leaves its frame to the garbage collector
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
            plan.spare = frame;
            return plan.noResults;
        }
        int[] outMarkers = plan.outMarkers;
        CallResult last = plan.lastResult;
        if (last != null && results.isEmpty() && sameOutValues(last.outValues(), slots, outMarkers, parameterSlots)) {
            plan.spare = frame;
            return last;
        }
        Object[] out = new Object[plan.outTypes.length];
        for (int i = 0; i < outMarkers.length; i++) {
            if (outMarkers[i] >= 0) {
                out[outMarkers[i]] = slots[parameterSlots[i]];
            }
        }
        plan.spare = frame;
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
