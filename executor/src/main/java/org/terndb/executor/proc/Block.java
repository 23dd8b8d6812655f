package org.terndb.executor.proc;

import java.util.List;

/** {@code [label:] BEGIN ... END}: runs its steps in order; {@code LEAVE label} ends it. */
public final class Block extends Step {
    private final int label;
    private final Step[] steps;

    /** @param label the block's label number, 0 if it has none */
    public Block(int line, int label, List<Step> steps) {
        super(line);
        this.label = label;
        this.steps = steps.toArray(Step[]::new);
    }

    @Override
    public int run(Frame frame) {
        for (Step step : steps) {
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

    @Override
    public List<Step> children() {
        return List.of(steps);
    }
}
