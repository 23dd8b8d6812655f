package org.terndb.planner.physical;

import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.terndb.executor.PlanNode;
import org.terndb.executor.access.TableAccess;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.join.IndexNestedLoopJoin;

/**
 * A projection; an identity projection disappears. Directly over a table access it also tells the access
 * which columns to decode (only those the projection reads), so a point SELECT of two columns of a wide row
 * does not decode (and box) the rest; directly over an index nested-loop join it tells the join's table inputs
 * the same, with what the join reads itself added.
 */
final class ProjectConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof Project;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        Project project = (Project) rel;
        return over(project, conversion.convert(project.getInput()), conversion);
    }

    /** The projection over an already converted input. */
    static PlanNode over(Project project, PlanNode input, Conversion conversion) {
        return over(project, input, conversion, true);
    }

    /**
     * The projection over an already converted input; {@code narrowDecoding} false leaves a table access's
     * decoded columns as the caller set them (an UPDATE passes the old row through without reading it).
     */
    static PlanNode over(Project project, PlanNode input, Conversion conversion, boolean narrowDecoding) {
        List<RexNode> projects = project.getProjects();
        if (RexUtil.isIdentity(projects, project.getInput().getRowType())) {
            return input;
        }
        if (narrowDecoding && (input instanceof TableAccess || input instanceof IndexNestedLoopJoin)) {
            boolean[] read = new boolean[project.getInput().getRowType().getFieldCount()];
            for (int c : RelOptUtil.InputFinder.bits(projects, null)) {
                read[c] = true;
            }
            input = input instanceof TableAccess access ? access.withDecodedColumns(read)
                    : ((IndexNestedLoopJoin) input).withDecodedColumns(read);
        }
        List<String> names = project.getInput().getRowType().getFieldNames();
        Expr[] exprs = new Expr[projects.size()];
        for (int i = 0; i < exprs.length; i++) {
            exprs[i] = conversion.rex().compile(projects.get(i), names);
        }
        return new org.terndb.executor.relational.Project(input, exprs);
    }
}
