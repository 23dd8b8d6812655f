package org.terndb.executor.proc;

import java.util.List;
import org.terndb.executor.ExecutionContext;
import org.terndb.executor.expr.CurrentDateTime;
import org.terndb.txn.Transaction;

/**
 * A compiled procedure: its body as a tree of {@link Step}s (and, when it could be compiled to JVM code, as a
 * {@link CompiledBody} that does what the steps do), the number of variable slots a call needs and the catalog
 * version its embedded plans were made for. Immutable and shared by every session; a call makes a {@link Frame},
 * fills the parameter slots and {@link #run}s it inside one transaction.
 */
public final class Program {
    private final String name;
    private final Block body;
    private final int slotCount;
    private final long catalogVersion;
    private final boolean readsCurrentTime;
    private final CompiledBody compiled;
    /** Why the body runs as it does (not compiled, or compiled with some statements left to their steps), or null. */
    private final String why;

    /** @param readsCurrentTime the body uses CURRENT_TIMESTAMP or CURRENT_DATE (slot {@link Frame#NOW}) */
    public Program(String name, Block body, int slotCount, long catalogVersion, boolean readsCurrentTime) {
        this(name, body, slotCount, catalogVersion, readsCurrentTime, null, null);
    }

    private Program(String name, Block body, int slotCount, long catalogVersion, boolean readsCurrentTime,
                    CompiledBody compiled, String why) {
        this.name = name;
        this.body = body;
        this.slotCount = slotCount;
        this.catalogVersion = catalogVersion;
        this.readsCurrentTime = readsCurrentTime;
        this.compiled = compiled;
        this.why = why;
    }

    /** This program running {@code body}, JVM code generated from its steps ({@link BodySource}), in their place. */
    public Program withCompiledBody(CompiledBody body) {
        return withCompiledBody(body, null);
    }

    /** As above, with what the generated code leaves to the steps and why (shown by the listing), or null. */
    public Program withCompiledBody(CompiledBody body, String note) {
        return new Program(name, this.body, slotCount, catalogVersion, readsCurrentTime, body, note);
    }

    /**
     * This program interpreting its steps because they were not compiled, for {@code reason} (shown by the listing,
     * e.g. {@code compiling them failed: <why>}).
     */
    public Program notCompiled(String reason) {
        return new Program(name, body, slotCount, catalogVersion, readsCurrentTime, null, reason);
    }

    /** The body as JVM code, or null if the steps run themselves. */
    public CompiledBody compiledBody() {
        return compiled;
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

    /** The body as steps (what the interpreter runs; {@link BodySource} compiles it). */
    public Block body() {
        return body;
    }

    /** A fresh frame for one attempt of a call: every variable NULL, ROW_COUNT() 0, CURRENT_TIMESTAMP now (if read). */
    public Frame newFrame(Transaction transaction, ExecutionContext context) {
        return newFrame(transaction, context, null);
    }

    /**
     * As {@link #newFrame(Transaction, ExecutionContext)}, reusing {@code spare} when it is a frame of this program
     * with the same context that no call is running in any more (a session keeps the last frame of each CALL it
     * keeps a plan of, so that steady calls allocate no frame). Values of the previous call still referenced
     * elsewhere are not touched.
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
        if (compiled != null) {
            compiled.run(frame);
        } else {
            body.run(frame);
        }
        return frame.results();
    }

    /**
     * How the body runs: {@code compiled to JVM code} (with a note of what it leaves to the steps, if anything),
     * {@code steps interpreted} (the database does not compile procedures) or {@code steps interpreted: <why not
     * compiled>}.
     */
    public String execution() {
        String how = compiled != null ? "compiled to JVM code" : "steps interpreted";
        return why != null ? how + ": " + why : how;
    }

    /** The program as indented text, one step per line, with the plan of each embedded statement. */
    public String listing() {
        StringBuilder out = new StringBuilder(compiled != null || why != null ? "(" + execution() + ")\n" : "");
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
