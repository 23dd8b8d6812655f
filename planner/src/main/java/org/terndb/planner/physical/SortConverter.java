package org.terndb.planner.physical;

import java.util.List;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.terndb.executor.PlanNode;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.relational.Limit;

/**
 * ORDER BY / LIMIT / OFFSET. When the rows come straight from a table (optionally filtered, optionally
 * projected to plain columns) and an index delivers the order, the sort is dropped and the index is scanned
 * forward or backward, with the LIMIT pushed into the scan when nothing filters after it. Otherwise an
 * executor {@link org.terndb.executor.relational.Sort} followed by a {@link Limit}.
 */
final class SortConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof Sort;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        Sort sort = (Sort) rel;
        Expr offset = sort.offset == null ? null : conversion.rex().compile(sort.offset, List.of());
        Expr fetch = sort.fetch == null ? null : conversion.rex().compile(sort.fetch, List.of());
        List<RelFieldCollation> keys = sort.getCollation().getFieldCollations();
        if (keys.isEmpty()) {
            return limit(conversion.convert(sort.getInput()), offset, fetch);
        }
        PlanNode ordered = fromIndexOrder(sort, keys, offset == null ? fetch : null, conversion);
        if (ordered != null) {
            return limit(ordered, offset, fetch);
        }
        List<String> names = sort.getInput().getRowType().getFieldNames();
        org.terndb.executor.relational.Sort.Key[] sortKeys = new org.terndb.executor.relational.Sort.Key[keys.size()];
        for (int i = 0; i < sortKeys.length; i++) {
            RelFieldCollation k = keys.get(i);
            boolean descending = k.getDirection().isDescending();
            boolean nullsFirst = switch (k.nullDirection) {
                case FIRST -> true;
                case LAST -> false;
                default -> descending; // NULLs are high: last ascending, first descending
            };
            sortKeys[i] = new org.terndb.executor.relational.Sort.Key(k.getFieldIndex(), names.get(k.getFieldIndex()),
                    descending, nullsFirst);
        }
        return limit(new org.terndb.executor.relational.Sort(conversion.convert(sort.getInput()), sortKeys), offset, fetch);
    }

    /** The input read in index order, or null if its shape or the indexes do not allow it. */
    private static PlanNode fromIndexOrder(Sort sort, List<RelFieldCollation> keys, Expr limit, Conversion conversion) {
        RelNode input = sort.getInput();
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
        int[] columns = new int[keys.size()];
        boolean[] descending = new boolean[keys.size()];
        for (int i = 0; i < columns.length; i++) {
            int field = keys.get(i).getFieldIndex();
            if (project != null) {
                if (!(project.getProjects().get(field) instanceof RexInputRef ref)) {
                    return null;
                }
                field = ref.getIndex();
            }
            columns[i] = field;
            descending[i] = keys.get(i).getDirection().isDescending();
        }
        TableMeta table = TableScanConverter.table(scan);
        PlanNode access = AccessPathSelector.select(table, condition, scan.getRowType().getFieldNames(), conversion,
                new AccessPathSelector.OrderRequest(columns, descending, limit));
        if (access == null) {
            return null;
        }
        return project == null ? access : ProjectConverter.over(project, access, conversion);
    }

    private static PlanNode limit(PlanNode input, Expr offset, Expr fetch) {
        return offset == null && fetch == null ? input : new Limit(input, offset, fetch);
    }
}
