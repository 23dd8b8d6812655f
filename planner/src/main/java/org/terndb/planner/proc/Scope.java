package org.terndb.planner.proc;

import java.util.ArrayList;
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

    /** Counters shared by all scopes of one procedure. */
    static final class Counters {
        int slots = Frame.FIRST_VARIABLE;
        int labels;
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

    /** The variable of this name visible here, or null. */
    Variable lookup(String name) {
        for (Scope s = this; s != null; s = s.parent) {
            Variable v = s.variables.get(name);
            if (v != null) {
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
