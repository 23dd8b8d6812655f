package org.terndb.sql.proc;

/** One parameter of a procedure: its mode, (normalised) name and type. */
public record ProcParameter(Mode mode, String name, ProcType type, Pos pos) {
    /** Parameter modes: IN is read by the procedure, OUT written for the caller, INOUT both. */
    public enum Mode {
        IN, OUT, INOUT;

        public boolean isInput() {
            return this != OUT;
        }

        public boolean isOutput() {
            return this != IN;
        }
    }

    @Override
    public String toString() {
        return mode + " " + name + " " + type;
    }
}
