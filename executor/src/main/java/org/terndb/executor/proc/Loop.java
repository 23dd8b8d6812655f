package org.terndb.executor.proc;

import java.util.List;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.expr.Expr;

/**
 * {@code WHILE c DO ... END WHILE} (test before each iteration), {@code REPEAT ... UNTIL c END REPEAT} (test
 * after; ends when c is TRUE) and {@code LOOP ... END LOOP} (no test: left by LEAVE or RETURN). ITERATE of the
 * loop's label starts the next iteration, LEAVE ends the loop.
 */
public final class Loop extends Step {
    /** The loop forms. */
    public enum Kind { WHILE, REPEAT, LOOP }

    private final Kind kind;
    private final int label;
    private final Expr condition;
    private final Step body;

    /** @param condition the WHILE or UNTIL condition; null for LOOP */
    public Loop(int line, Kind kind, int label, Expr condition, Step body) {
        super(line);
        this.kind = kind;
        this.label = label;
        this.condition = condition;
        this.body = body;
    }

    @Override
    public int run(Frame frame) {
        while (kind != Kind.WHILE || test(frame)) {
            int jump = body instanceof Block b ? b.run(frame) : body.run(frame); // a body is mostly a block
            if (jump != NEXT && !(label != 0 && jump == iterate(label))) {
                return label != 0 && jump == leave(label) ? NEXT : jump;
            }
            if (kind == Kind.REPEAT && test(frame)) {
                break;
            }
        }
        return NEXT;
    }

    private boolean test(Frame frame) {
        try {
            return IntegerComparison.isTrue(condition, frame.slots());
        } catch (TernSqlException e) {
            throw located(e, frame);
        }
    }

    Kind kind() {
        return kind;
    }

    /** The label number, 0 for none ({@link BodySource}). */
    int label() {
        return label;
    }

    /** The WHILE or UNTIL condition; null for LOOP. */
    Expr condition() {
        return condition;
    }

    Step body() {
        return body;
    }

    @Override
    public String describe() {
        return switch (kind) {
            case WHILE -> "While(" + condition.explain() + ")";
            case REPEAT -> "Repeat(until " + condition.explain() + ")";
            case LOOP -> "Loop";
        } + (label != 0 ? " label " + label : "");
    }

    @Override
    public List<Step> children() {
        return List.of(body);
    }
}
