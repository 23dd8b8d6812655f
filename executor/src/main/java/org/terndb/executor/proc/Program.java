package org.terndb.executor.proc;

import java.util.List;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.expr.CurrentDateTime;
import org.terndb.txn.Transaction;

/**
 * A compiled procedure: its body as a tree of {@link Step}s, the number of variable slots a call needs and the
 * catalog version its embedded plans were made for. Immutable and shared by every session; a call makes a
 * {@link Frame}, fills the parameter slots and {@link #run}s it inside one transaction.
 */
public final class Program {
    private final String name;
    private final Block body;
    private final int slotCount;
    private final long catalogVersion;
    private final boolean readsCurrentTime;

    /** @param readsCurrentTime the body uses CURRENT_TIMESTAMP or CURRENT_DATE (slot {@link Frame#NOW}) */
    public Program(String name, Block body, int slotCount, long catalogVersion, boolean readsCurrentTime) {
        this.name = name;
        this.body = body;
        this.slotCount = slotCount;
        this.catalogVersion = catalogVersion;
        this.readsCurrentTime = readsCurrentTime;
    }

    public String name() {
        return name;
    }

    /** The catalog version the embedded statements were planned against. */
    public long catalogVersion() {
        return catalogVersion;
    }

    public int slotCount() {
        return slotCount;
    }

    /** A fresh frame for one attempt of a call: every variable NULL, ROW_COUNT() 0, CURRENT_TIMESTAMP now (if read). */
    public Frame newFrame(Transaction transaction, ExecutionContext context) {
        return newFrame(transaction, context, null);
    }

    /**
     * As {@link #newFrame(Transaction, ExecutionContext)}, reusing {@code spare} when it is a frame of this program
     * with the same context that no call is running in any more (a session keeps its last frame, so that steady
     * calls allocate no frame). Values of the previous call still referenced elsewhere are not touched.
     */
    public Frame newFrame(Transaction transaction, ExecutionContext context, Frame spare) {
        Frame frame;
        if (spare != null && spare.program() == this && spare.context() == context) {
            frame = spare;
            frame.reset(transaction);
        } else {
            frame = new Frame(this, new Object[slotCount], transaction, context);
        }
        Object[] slots = frame.slots();
        slots[Frame.ROW_COUNT] = 0L;
        if (readsCurrentTime) {
            slots[Frame.NOW] = CurrentDateTime.now();
        }
        return frame;
    }

    /** Runs the body in the frame's transaction; returns the result sets it produced. Commits nothing. */
    public List<ResultRows> run(Frame frame) {
        body.run(frame);
        return frame.results();
    }

    /** The program as indented text, one step per line, with the plan of each embedded statement. */
    public String listing() {
        StringBuilder out = new StringBuilder();
        list(body, 0, out);
        return out.toString();
    }

    private static void list(Step step, int depth, StringBuilder out) {
        String indent = "  ".repeat(depth);
        out.append(indent).append(step.line()).append(": ").append(step.describe()).append('\n');
        EmbeddedStatement sql = step instanceof SelectInto s ? s.query() : step instanceof Modify m ? m.statement()
                : step instanceof ReturnRows r ? r.query() : step instanceof ForEachRow f ? f.query() : null;
        if (sql != null) {
            for (String line : sql.root().explain().split("\n")) {
                out.append(indent).append("    ").append(line).append('\n');
            }
        }
        for (Step child : step.children()) {
            list(child, depth + 1, out);
        }
    }
}
