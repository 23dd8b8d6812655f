package org.terndb.executor.proc;

/** {@code LEAVE label}, {@code ITERATE label} or {@code RETURN}. */
public final class Jump extends Step {
    private final int code;
    private final String text;

    private Jump(int line, int code, String text) {
        super(line);
        this.code = code;
        this.text = text;
    }

    public static Jump leave(int line, int label, String name) {
        return new Jump(line, Step.leave(label), "Leave(" + name + ")");
    }

    public static Jump iterate(int line, int label, String name) {
        return new Jump(line, Step.iterate(label), "Iterate(" + name + ")");
    }

    public static Jump ret(int line) {
        return new Jump(line, RETURN, "Return");
    }

    @Override
    public int run(Frame frame) {
        return code;
    }

    /** The jump code: {@link #RETURN}, a {@link #leave} or an {@link #iterate} code. */
    int code() {
        return code;
    }

    @Override
    public String describe() {
        return text;
    }
}
