package org.terndb.planner.proc;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.terndb.executor.ExprType;
import org.terndb.executor.proc.Frame;
import org.terndb.executor.proc.SlotType;

/**
 * The names visible at a point of a procedure body: parameters, variables of the enclosing blocks, FOR loop
 * records, and labels. Inner names hide outer ones. Slots are handed out by the procedure-wide counter and
 * never reused, so a frame is one flat array.
 */
final class Scope {
    /** A variable, a parameter, or a FOR loop's record (whose columns are {@code fields}). */
    record Variable(String name, int slot, SlotType type, Map<String, Field> fields) {
        boolean isRecord() {
            return fields != null;
        }
    }

    /** A column of a FOR loop's record. */
    record Field(String name, int slot, ExprType type) {
    }

    /** A label of a block or loop, numbered for jump codes; {@code loop} says whether ITERATE may name it. */
    record Label(String name, int number, boolean loop) {
    }

    /**
     * Counters shared by all scopes of one procedure, the type of each variable's slot, and the uses being
     * recorded: every variable looked up while a recording is open is added to it (and to the ones it is nested in).
     */
    static final class Counters {
        int slots = Frame.FIRST_VARIABLE;
        int labels;
        final List<SlotType> types = new ArrayList<>();
        final Deque<BitSet> recordings = new ArrayDeque<>();

        void used(int slot) {
            for (BitSet r : recordings) {
                r.set(slot);
            }
        }
    }

    private final Scope parent;
    private final Counters counters;
    private final Map<String, Variable> variables = new HashMap<>();
    private final List<Label> labels = new ArrayList<>();

    private Scope(Scope parent, Counters counters) {
        this.parent = parent;
        this.counters = counters;
    }

    static Scope root() {
        return new Scope(null, new Counters());
    }

    Scope child() {
        return new Scope(this, counters);
    }

    int slotCount() {
        return counters.slots;
    }

    /** Per slot, the type of the variable or parameter it holds (null for other slots). */
    SlotType[] slotTypes() {
        SlotType[] out = new SlotType[counters.slots];
        for (int i = 0; i < out.length && i < counters.types.size(); i++) {
            out[i] = counters.types.get(i);
        }
        return out;
    }

    /** Starts recording the variables looked up (nested recordings see them too); see {@link #stopRecording}. */
    void startRecording() {
        counters.recordings.push(new BitSet());
    }

    /** The slots of the variables looked up since the matching {@link #startRecording}, and ends that recording. */
    int[] stopRecording() {
        return counters.recordings.pop().stream().toArray();
    }

    /** Counts {@code slot} as used by the recordings open now (a variable reached without a lookup: a declaration). */
    void used(int slot) {
        counters.used(slot);
    }

    /** The variable of this name visible here, or null. */
    Variable lookup(String name) {
        for (Scope s = this; s != null; s = s.parent) {
            Variable v = s.variables.get(name);
            if (v != null) {
                if (!v.isRecord()) {
                    counters.used(v.slot());
                }
                return v;
            }
        }
        return null;
    }

    /** Whether this very scope declares the name (a second declaration would be an error). */
    boolean declaresHere(String name) {
        return variables.containsKey(name);
    }

    Variable declare(String name, SlotType type) {
        Variable v = new Variable(name, counters.slots++, type, null);
        while (counters.types.size() < v.slot()) {
            counters.types.add(null);
        }
        counters.types.add(type);
        variables.put(name, v);
        return v;
    }

    /** A FOR record with one slot per column, in column order. */
    Variable declareRecord(String name, List<String> columns, List<ExprType> types) {
        Map<String, Field> fields = new LinkedHashMap<>();
        int first = counters.slots;
        for (int i = 0; i < columns.size(); i++) {
            fields.put(columns.get(i), new Field(columns.get(i), counters.slots++, types.get(i)));
        }
        Variable v = new Variable(name, first, null, fields);
        variables.put(name, v);
        return v;
    }

    Label label(String name, boolean loop) {
        Label l = new Label(name, ++counters.labels, loop);
        labels.add(l);
        return l;
    }

    /** The enclosing label of this name, or null. */
    Label findLabel(String name) {
        for (Scope s = this; s != null; s = s.parent) {
            for (Label l : s.labels) {
                if (l.name().equals(name)) {
                    return l;
                }
            }
        }
        return null;
    }
}
