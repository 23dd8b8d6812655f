package org.terndb.executor.proc;

import java.util.ArrayList;
import java.util.List;
import org.terndb.executor.ExecutionContext;
import org.terndb.txn.Transaction;

/**
 * One execution of a {@link Program}: its variable slots, transaction, execution context and the result sets
 * it returns. Slot {@link #ROW_COUNT} holds ROW_COUNT() of the last SQL statement and slot {@link #NOW} the
 * call's CURRENT_TIMESTAMP; parameters and variables follow. Not thread-safe: one call, one thread.
 */
public final class Frame {
    /** Rows the last SQL statement selected or changed (a {@code Long}). */
    public static final int ROW_COUNT = 0;
    /** The call's CURRENT_TIMESTAMP (a {@code LocalDateTime}, UTC), the same for every statement of one call. */
    public static final int NOW = 1;
    /** The first slot of parameters and variables. */
    public static final int FIRST_VARIABLE = 2;

    private final Program program;
    private final Object[] slots;
    private Transaction transaction;
    private final ExecutionContext context;
    private List<ResultRows> results = List.of(); // a list of its own once the first result set comes

    Frame(Program program, Object[] slots, Transaction transaction, ExecutionContext context) {
        this.program = program;
        this.slots = slots;
        this.transaction = transaction;
        this.context = context;
    }

    /** Makes this frame fresh for another attempt or call of its program (see {@link Program#newFrame}). */
    void reset(Transaction transaction) {
        java.util.Arrays.fill(slots, null);
        this.transaction = transaction;
        this.results = List.of(); // the last call's result sets went to its caller
    }

    public Program program() {
        return program;
    }

    public Object[] slots() {
        return slots;
    }

    public Transaction transaction() {
        return transaction;
    }

    public ExecutionContext context() {
        return context;
    }

    /** The result sets returned so far, in order ({@link #addResult} adds them). */
    public List<ResultRows> results() {
        return results;
    }

    /** Adds a result set for the caller. */
    void addResult(ResultRows rows) {
        if (results.isEmpty()) {
            results = new ArrayList<>();
        }
        results.add(rows);
    }

    void setRowCount(long n) {
        slots[ROW_COUNT] = n;
    }
}
