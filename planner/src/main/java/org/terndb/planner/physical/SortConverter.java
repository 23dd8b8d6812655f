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
import org.terndb.executor.access.TableAccess;
import org.terndb.executor.expr.Arithmetic;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.relational.Limit;
import org.terndb.executor.relational.TopN;

/**
 * ORDER BY / LIMIT / OFFSET / FETCH FIRST. In order of preference:
 * <ol>
 *   <li>rows straight from a table (optionally filtered, optionally projected to plain columns) whose index
 *       delivers the order: no sort; the index is scanned forward or backward, with the LIMIT (plus OFFSET)
 *       pushed into the scan ({@code ORDER BY k DESC LIMIT 1} is a backward scan that stops after one row);</li>
 *   <li>with a LIMIT: a {@link TopN} that keeps only the first offset + limit rows;</li>
 *   <li>else a full {@link org.terndb.executor.relational.Sort}.</li>
 * </ol>
 * A {@link Limit} on top applies OFFSET and FETCH.
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
        Expr scanLimit = fetch == null ? null : offset == null ? fetch
                : new Arithmetic(Arithmetic.Op.PLUS, offset, fetch, fetch.type());
        PlanNode ordered = fromIndexOrder(sort, keys, scanLimit, conversion);
        if (ordered != null) {
            return limit(ordered, offset, fetch);
        }
        List<String> names = sort.getInput().getRowType().getFieldNames();
        org.terndb.executor.relational.Sort.Key[] sortKeys = new org.terndb.executor.relational.Sort.Key[keys.size()];
        for (int i = 0; i < sortKeys.length; i++) {
            RelFieldCollation k = keys.get(i);
            sortKeys[i] = new org.terndb.executor.relational.Sort.Key(k.getFieldIndex(), names.get(k.getFieldIndex()),
                    k.getDirection().isDescending(), nullsFirst(k));
        }
        PlanNode input = conversion.convert(sort.getInput());
        if (fetch != null) {
            return limit(new TopN(input, sortKeys, offset, fetch), offset, fetch);
        }
        return limit(new org.terndb.executor.relational.Sort(input, sortKeys), offset, null);
    }

    /** Where NULLs go: as written, else as the smallest value (first ascending, last descending). */
    private static boolean nullsFirst(RelFieldCollation k) {
        return switch (k.nullDirection) {
            case FIRST -> true;
            case LAST -> false;
            default -> !k.getDirection().isDescending();
        };
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
        boolean[] nullsFirst = new boolean[keys.size()];
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
            nullsFirst[i] = nullsFirst(keys.get(i));
        }
        TableMeta table = TableScanConverter.table(scan);
        TableAccess access = AccessPathSelector.selectOrdered(table, condition, conversion,
                new AccessPathSelector.OrderRequest(columns, descending, nullsFirst, limit));
        if (access == null) {
            return null;
        }
        return project == null ? access : ProjectConverter.over(project, access, conversion);
    }

    private static PlanNode limit(PlanNode input, Expr offset, Expr fetch) {
        return offset == null && fetch == null ? input : new Limit(input, offset, fetch);
    }
}
