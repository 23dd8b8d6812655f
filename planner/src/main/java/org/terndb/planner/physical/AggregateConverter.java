package org.terndb.planner.physical;

import java.util.List;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.access.TableAccess;
import org.terndb.planner.calcite.TypeMapping;

/**
 * GROUP BY and COUNT/SUM/MIN/MAX/AVG. When the rows come straight from a table (optionally filtered and
 * projected) and an index keeps equal group keys adjacent, the aggregate streams over that index scan;
 * otherwise it hashes.
 */
final class AggregateConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof Aggregate;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        Aggregate aggregate = (Aggregate) rel;
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            throw SqlState.notSupported("GROUPING SETS, ROLLUP and CUBE");
        }
        List<String> inputNames = aggregate.getInput().getRowType().getFieldNames();
        List<String> outputNames = aggregate.getRowType().getFieldNames();
        int groups = aggregate.getGroupCount();
        List<AggregateCall> calls = aggregate.getAggCallList();
        org.terndb.executor.relational.Aggregate.Call[] out = new org.terndb.executor.relational.Aggregate.Call[calls.size()];
        for (int i = 0; i < out.length; i++) {
            AggregateCall call = calls.get(i);
            if (call.filterArg >= 0) {
                throw SqlState.notSupported("aggregate FILTER (WHERE ...)");
            }
            org.terndb.executor.relational.Aggregate.Function f = switch (call.getAggregation().getKind()) {
                case COUNT -> org.terndb.executor.relational.Aggregate.Function.COUNT;
                case SUM, SUM0 -> org.terndb.executor.relational.Aggregate.Function.SUM;
                case MIN -> org.terndb.executor.relational.Aggregate.Function.MIN;
                case MAX -> org.terndb.executor.relational.Aggregate.Function.MAX;
                case AVG -> org.terndb.executor.relational.Aggregate.Function.AVG;
                default -> throw SqlState.notSupported("the aggregate function " + call.getAggregation().getName());
            };
            List<Integer> args = call.getArgList();
            if (args.size() > 1) {
                throw SqlState.notSupported(call.getAggregation().getName() + " over more than one column");
            }
            int argument = args.isEmpty() ? -1 : args.get(0);
            String label = call.getAggregation().getName() + "(" + (call.isDistinct() ? "DISTINCT " : "")
                    + (argument < 0 ? "*" : inputNames.get(argument)) + ") AS " + outputNames.get(groups + i);
            out[i] = new org.terndb.executor.relational.Aggregate.Call(f, argument, call.isDistinct(),
                    TypeMapping.toExprType(call.getType()), label);
        }
        int[] groupColumns = aggregate.getGroupSet().toArray();
        String[] groupNames = new String[groupColumns.length];
        for (int i = 0; i < groupColumns.length; i++) {
            groupNames[i] = inputNames.get(groupColumns[i]);
        }
        PlanNode grouped = groupColumns.length == 0 ? null : fromIndexOrder(aggregate.getInput(), groupColumns,
                conversion);
        PlanNode input = grouped != null ? grouped : conversion.convert(aggregate.getInput());
        if (input instanceof TableAccess access) {
            // Straight from a table (e.g. COUNT(*) ... WHERE): decode only the columns the aggregate reads.
            boolean[] read = new boolean[access.table().columnCount()];
            for (int c : groupColumns) {
                read[c] = true;
            }
            for (AggregateCall call : calls) {
                call.getArgList().forEach(a -> read[a] = true);
            }
            input = access.withDecodedColumns(read);
        }
        return new org.terndb.executor.relational.Aggregate(input, groupColumns, groupNames, out, grouped != null);
    }

    /** The input read in an index order that keeps equal group keys adjacent, or null. */
    private static PlanNode fromIndexOrder(RelNode input, int[] groupColumns, Conversion conversion) {
        Project project = null;
        if (input instanceof Project p) {
            project = p;
            input = p.getInput();
        }
        RexNode condition = null;
        if (input instanceof Filter f) {
            condition = f.getCondition();
            input = f.getInput();
        }
        if (!(input instanceof TableScan scan)) {
            return null;
        }
        int[] columns = new int[groupColumns.length];
        for (int i = 0; i < columns.length; i++) {
            int field = groupColumns[i];
            if (project != null) {
                if (!(project.getProjects().get(field) instanceof RexInputRef ref)) {
                    return null;
                }
                field = ref.getIndex();
            }
            columns[i] = field;
        }
        TableAccess access = AccessPathSelector.selectGrouped(TableScanConverter.table(scan), condition, conversion,
                columns);
        if (access == null) {
            return null;
        }
        return project == null ? access : ProjectConverter.over(project, access, conversion);
    }
}
