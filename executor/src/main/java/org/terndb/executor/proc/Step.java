package org.terndb.executor.proc;

import org.terndb.executor.TernSqlException;

/**
 * One statement of a compiled procedure. {@link #run} returns how control continues: {@link #NEXT}, or a
 * jump that enclosing steps pass outwards until the block or loop it names handles it: {@link #RETURN},
 * {@link #leave(int) LEAVE label} or {@link #iterate(int) ITERATE label} (labels are numbered from 1 at
 * compile time). Steps are immutable and shared by all calls; their state lives in the {@link Frame}.
 */
public abstract class Step {
    /** Continue with the next statement. */
    public static final int NEXT = 0;
    /** End the procedure. */
    public static final int RETURN = -1;

    private final int line;

    protected Step(int line) {
        this.line = line;
    }

    /** The jump code of {@code LEAVE label}. */
    public static int leave(int label) {
        return 2 * label;
    }

    /** The jump code of {@code ITERATE label}. */
    public static int iterate(int label) {
        return 2 * label + 1;
    }

    /** Runs the statement in {@code frame}; returns {@link #NEXT} or a jump code. */
    public abstract int run(Frame frame);

    /** The line of the statement in the procedure text. */
    public int line() {
        return line;
    }

    /** One line saying what the step does (for the program listing). */
    public abstract String describe();

    /** The steps nested in this one, in order (for the program listing). */
    public java.util.List<Step> children() {
        return java.util.List.of();
    }

    /** {@code e} located at this step. */
    protected final TernSqlException located(TernSqlException e, Frame frame) {
        return ProcedureException.at(e, frame.program().name(), line);
    }
}
