package org.terndb.executor.proc;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code [label:] BEGIN ... END}: runs its steps in order; {@code LEAVE label} ends it. Consecutive assignments
 * run as one step ({@link Assignments}), so that a straight-line body costs fewer dispatches than statements.
 */
public final class Block extends Step {
    private final int label;
    private final Step[] steps; // as compiled, for the listing
    private final Step[] run; // what runs: the steps, each run of consecutive assignments as one

    /** @param label the block's label number, 0 if it has none */
    public Block(int line, int label, List<Step> steps) {
        super(line);
        this.label = label;
        this.steps = steps.toArray(Step[]::new);
        this.run = fuse(this.steps);
    }

    private static Step[] fuse(Step[] steps) {
        List<Step> out = new ArrayList<>(steps.length);
        for (int i = 0; i < steps.length; ) {
            int end = i;
            while (end < steps.length && steps[end] instanceof Assign) {
                end++;
            }
            if (end - i >= 2) {
                Assign[] assigns = new Assign[end - i];
                for (int j = i; j < end; j++) {
                    assigns[j - i] = (Assign) steps[j];
                }
                out.add(new Assignments(assigns));
                i = end;
            } else {
                out.add(steps[i++]);
            }
        }
        return out.toArray(Step[]::new);
    }

    @Override
    public int run(Frame frame) {
        for (Step step : run) {
            int jump = step.run(frame);
            if (jump != NEXT) {
                return label != 0 && jump == leave(label) ? NEXT : jump;
            }
        }
        return NEXT;
    }

    @Override
    public String describe() {
        return "Block" + (label != 0 ? "(label " + label + ")" : "");
    }

    /** The label number, 0 for none ({@link BodySource}). */
    int label() {
        return label;
    }

    /** The steps in order, as compiled (assignments not fused). */
    Step[] steps() {
        return steps;
    }

    @Override
    public List<Step> children() {
        return List.of(steps);
    }

    /** Consecutive assignments of a block, run one after the other (an assignment always continues). */
    private static final class Assignments extends Step {
        private final Assign[] assigns;

        Assignments(Assign[] assigns) {
            super(assigns[0].line());
            this.assigns = assigns;
        }

        @Override
        public int run(Frame frame) {
            for (Assign a : assigns) {
                a.run(frame);
            }
            return NEXT;
        }

        @Override
        public String describe() {
            return "Assignments(" + assigns.length + ")";
        }
    }
}
