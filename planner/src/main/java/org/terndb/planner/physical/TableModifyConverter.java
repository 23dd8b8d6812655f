package org.terndb.planner.physical;

import java.util.List;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.TableModify;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rex.RexNode;
import org.terndb.executor.PlanNode;
import org.terndb.executor.SqlState;
import org.terndb.executor.access.IndexGet;
import org.terndb.executor.access.TableAccess;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.executor.modify.BlindUpdate;
import org.terndb.executor.modify.Delete;
import org.terndb.executor.modify.Insert;
import org.terndb.executor.modify.Update;
import org.terndb.planner.calcite.CalciteTable;

/**
 * INSERT, UPDATE and DELETE. The rows to change are read "for update" (locking protocols lock them as they
 * read them). Calcite's UPDATE input is the old row followed by the new values of the SET columns.
 *
 * <p><b>Blind updates.</b> An UPDATE runs as a blind write ({@code Transaction.updateBlind}, shown as
 * {@code blind} by EXPLAIN) when it can write without reading the row. That needs all of:
 * <ul>
 *   <li>the WHERE clause is nothing but equalities that fix one row: the full primary key (a point get with
 *       no residual predicate: a predicate on another column would have to read the row), or, for the partial
 *       form below, the full key of a unique secondary index (its entry is read, not the row);</li>
 *   <li>the SET list assigns no key column (the key comes from the WHERE clause), and no column twice;</li>
 *   <li>no SET expression reads a column of the row (parameters, literals and CURRENT_TIMESTAMP only).</li>
 * </ul>
 * If the SET list assigns every non-key column of a table keyed by its primary key, the new row is known
 * whole and is written as such (the <em>whole-row</em> form). Otherwise the write is <em>partial</em>
 * ({@code blind, partial} in EXPLAIN): the SET values become a row patch the protocol applies to the row
 * current at commit; this needs the set columns to be outside every index (the index entries then stay valid
 * without the old row) and to have ordinals below 64 (the patch's column mask). A whole-row SET on a table
 * with secondary indexes also takes the partial form when it sets no indexed column. Every other UPDATE reads
 * the rows (for update) and writes them with {@code update}.
 */
final class TableModifyConverter implements RelConverter {

    @Override
    public boolean matches(RelNode rel) {
        return rel instanceof TableModify;
    }

    @Override
    public PlanNode convert(RelNode rel, Conversion conversion) {
        TableModify modify = (TableModify) rel;
        TableMeta table = modify.getTable().unwrap(CalciteTable.class).meta();
        return switch (modify.getOperation()) {
            case INSERT -> new Insert(table, conversion.convert(modify.getInput()));
            case DELETE -> new Delete(table, keysOnly(conversion.forUpdate(true).convert(modify.getInput())));
            case UPDATE -> {
                List<String> columns = modify.getUpdateColumnList();
                int[] targets = new int[columns.size()];
                for (int i = 0; i < targets.length; i++) {
                    targets[i] = table.schema().indexOf(columns.get(i));
                }
                int firstNewValue = modify.getInput().getRowType().getFieldCount() - targets.length;
                PlanNode blind = blindUpdate(table, modify.getInput(), targets, firstNewValue, conversion);
                yield blind != null ? blind
                        : new Update(table, updateInput(modify.getInput(), firstNewValue, conversion.forUpdate(true)),
                                targets, firstNewValue);
            }
            default -> throw SqlState.notSupported(modify.getOperation() + " statements");
        };
    }

    /** DELETE needs only the keys of the rows: a table access decodes no column its filter does not read. */
    private static PlanNode keysOnly(PlanNode input) {
        return input instanceof TableAccess access
                ? access.withDecodedColumns(new boolean[access.table().columnCount()]) : input;
    }

    /**
     * The rows an UPDATE changes: the old row followed by the new values. {@link Update} writes the stored row
     * back with the new values set and never reads the old row's decoded columns, so a table access under the
     * projection decodes only the columns the SET expressions (and its own filter) read; the others pass through
     * as NULL.
     */
    private static PlanNode updateInput(RelNode input, int firstNewValue, Conversion conversion) {
        if (!(input instanceof Project project)) {
            return conversion.convert(input);
        }
        PlanNode source = conversion.convert(project.getInput());
        if (!(source instanceof TableAccess access)) {
            return ProjectConverter.over(project, source, conversion);
        }
        boolean[] read = new boolean[access.table().columnCount()];
        List<RexNode> newValues = project.getProjects().subList(firstNewValue, project.getProjects().size());
        for (int c : RelOptUtil.InputFinder.bits(newValues, null)) {
            read[c] = true;
        }
        return ProjectConverter.over(project, access.withDecodedColumns(read), conversion, false);
    }

    /** The blind form of the update (see the class comment), or null if it must read the row. */
    private static PlanNode blindUpdate(TableMeta table, RelNode input, int[] targets, int firstNewValue,
                                        Conversion conversion) {
        IndexMeta primary = table.primaryIndex();
        if (primary.columnCount() == 0 || targets.length == 0
                || !(input instanceof Project project) || !(project.getInput() instanceof Filter filter)
                || !(filter.getInput() instanceof TableScan)) {
            return null;
        }
        boolean[] covered = new boolean[table.columnCount()];
        for (int i = 0; i < primary.columnCount(); i++) {
            covered[primary.column(i)] = true;
        }
        for (int t : targets) {
            if (t < 0 || covered[t]) {
                return null; // sets a key column, or one column twice
            }
            covered[t] = true;
        }
        List<RexNode> newValues = project.getProjects().subList(firstNewValue, firstNewValue + targets.length);
        if (!RelOptUtil.InputFinder.bits(newValues, null).isEmpty()) {
            return null; // a SET expression reads the row
        }
        boolean whole = targets.length + primary.columnCount() == table.columnCount();
        boolean patchable = BlindUpdate.patchable(table, targets);
        if (!patchable && !whole) {
            return null;
        }
        TableAccess access = AccessPathSelector.select(table, filter.getCondition(), conversion);
        if (access.residual() != null) {
            return null;
        }
        Expr[] values = new Expr[targets.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = conversion.rex().compile(newValues.get(i), List.of());
        }
        if (access instanceof IndexGet get && get.index().primary()) {
            // whole rows go as rows where nothing is gained by a patch: no secondary index to keep, or one set
            return whole && (table.secondaryIndexes().isEmpty() || !patchable)
                    ? new BlindUpdate(table, get.key(), targets, values)
                    : BlindUpdate.partial(table, primary, get.key(), targets, values);
        }
        if (patchable && access instanceof IndexGet get) { // by the full key of a unique index
            return BlindUpdate.partial(table, get.index(), get.key(), targets, values);
        }
        return null;
    }

}
