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

    public ProcedureSession(Session session) {
        this.session = session;
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
        stats.call();
        try {
            ProcedureRegistry.Entry entry = registry.entry(call.name());
            CatalogView catalog = session.database().catalog().snapshot();
            CompiledProcedure compiled = entry.java == null ? registry.current(entry, catalog) : null;
            List<CompiledProcedure.Parameter> parameters = entry.parameters;
            Object[] inputs = new Object[parameters.size()];
            int[] outMarkers = bind(entry, call, values, set, inputs);
            if (catalog.version() != builderVersion) {
                context.clearBuilders(); // codecs of dropped tables must not be kept alive
                builderVersion = catalog.version();
            }
            CallResult result = session.runUnit(txn -> entry.java == null
                    ? runProgram(compiled, inputs, outMarkers, call.markerCount(), txn)
                    : runJava(entry, inputs, outMarkers, call.markerCount(), txn), stats::retry);
            stats.commit();
            return result;
        } catch (RuntimeException | Error e) {
            stats.failure();
            throw e;
        }
    }

    /** Converts the IN arguments to the parameters' types; returns, per parameter, the marker of an OUT value or -1. */
    private static int[] bind(ProcedureRegistry.Entry entry, CallProcedure call, Object[] values, boolean[] set,
                              Object[] inputs) {
        List<CompiledProcedure.Parameter> parameters = entry.parameters;
        if (call.arguments().size() != parameters.size()) {
            throw new TernSqlException(ProcedureRegistry.UNKNOWN_PROCEDURE, "procedure " + signature(entry) + " takes "
                    + parameters.size() + " argument" + (parameters.size() == 1 ? "" : "s") + ", the CALL gives "
                    + call.arguments().size());
        }
        int[] outMarkers = new int[parameters.size()];
        for (int i = 0; i < parameters.size(); i++) {
            CompiledProcedure.Parameter p = parameters.get(i);
            ProcParameter.Mode mode = p.declared().mode();
            ProcExpr argument = call.arguments().get(i);
            outMarkers[i] = -1;
            Object value;
            if (argument instanceof ProcExpr.Marker m) {
                if (mode.isOutput()) {
                    outMarkers[i] = m.index();
                }
                if (!mode.isInput()) {
                    continue;
                }
                boolean given = set == null ? m.index() < values.length : m.index() < set.length && set[m.index()];
                if (!given) {
                    throw new TernSqlException(SqlState.INVALID_PARAMETER, "parameter " + (m.index() + 1) + " of the CALL ("
                            + mode + " " + p.declared().name() + " of " + entry.name() + ") is not set");
                }
                value = values[m.index()];
            } else {
                if (mode.isOutput()) {
                    throw new TernSqlException(SqlState.SYNTAX_ERROR, mode + " parameter " + p.declared().name() + " of "
                            + entry.name() + " returns a value, so its argument must be a ? marker");
                }
                value = ProcedureCompiler.constant(argument);
            }
            try {
                inputs[i] = p.type().assign(value);
            } catch (TernSqlException e) {
                throw new TernSqlException(e.sqlState(), "argument " + (i + 1) + " (" + p.declared().name() + " "
                        + p.type() + ") of " + entry.name() + ": " + e.getMessage(), e);
            }
        }
        return outMarkers;
    }

    private CallResult runProgram(CompiledProcedure compiled, Object[] inputs, int[] outMarkers, int markers,
                                  Transaction txn) {
        Program program = compiled.program();
        Frame frame = program.newFrame(txn, context, spare);
        spare = null; // a call that fails half-way leaves its frame to the garbage collector
        Object[] slots = frame.slots();
        List<CompiledProcedure.Parameter> parameters = compiled.parameters();
        for (int i = 0; i < inputs.length; i++) {
            slots[parameters.get(i).slot()] = inputs[i]; // arrays are never changed in place, so sharing is safe
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
        Object[] out = new Object[markers];
        SlotType[] types = new SlotType[markers];
        for (int i = 0; i < outMarkers.length; i++) {
            if (outMarkers[i] >= 0) {
                out[outMarkers[i]] = slots[parameters.get(i).slot()];
                types[outMarkers[i]] = parameters.get(i).type();
            }
        }
        spare = frame;
        return new CallResult(results, out, types);
    }

    private CallResult runJava(ProcedureRegistry.Entry entry, Object[] inputs, int[] outMarkers, int markers,
                               Transaction txn) {
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
        Object[] out = new Object[markers];
        SlotType[] types = new SlotType[markers];
        for (int i = 0; i < outMarkers.length; i++) {
            if (outMarkers[i] >= 0) {
                out[outMarkers[i]] = call.value(i);
                types[outMarkers[i]] = entry.parameters.get(i).type();
            }
        }
        return new CallResult(call.results(), out, types);
    }

    private static String signature(ProcedureRegistry.Entry entry) {
        StringBuilder s = new StringBuilder(entry.name()).append('(');
        for (int i = 0; i < entry.parameters.size(); i++) {
            s.append(i == 0 ? "" : ", ").append(entry.parameters.get(i).declared());
        }
        return s.append(')').toString();
    }
}
