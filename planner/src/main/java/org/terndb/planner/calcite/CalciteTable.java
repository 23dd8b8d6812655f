package org.terndb.planner.calcite;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.schema.ColumnStrategy;
import org.apache.calcite.schema.impl.AbstractTable;
import org.apache.calcite.sql2rel.InitializerContext;
import org.apache.calcite.sql2rel.InitializerExpressionFactory;
import org.apache.calcite.sql2rel.NullInitializerExpressionFactory;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.TimestampString;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;

/**
 * A TernDB table as Calcite's validator sees it: its row type, and (through
 * {@link InitializerExpressionFactory}) which columns have defaults or may be NULL, so that INSERT with a
 * column list gets defaults filled in and a missing NOT NULL column is rejected at validation.
 */
public final class CalciteTable extends AbstractTable {
    private final TableMeta meta;
    private final Initializers initializers = new Initializers();

    public CalciteTable(TableMeta meta) {
        this.meta = meta;
    }

    public TableMeta meta() {
        return meta;
    }

    @Override
    public RelDataType getRowType(RelDataTypeFactory types) {
        RelDataTypeFactory.Builder row = types.builder();
        for (Column c : meta.schema().columns()) {
            row.add(c.name(), TypeMapping.toCalcite(types, c));
        }
        return row.build();
    }

    @Override
    public <C> C unwrap(Class<C> type) {
        if (type == InitializerExpressionFactory.class) {
            return type.cast(initializers);
        }
        return super.unwrap(type);
    }

    /** Column defaults as Calcite literals. */
    private final class Initializers extends NullInitializerExpressionFactory {
        @Override
        public ColumnStrategy generationStrategy(RelOptTable table, int column) {
            if (meta.defaultValue(column) != null) {
                return ColumnStrategy.DEFAULT;
            }
            return meta.column(column).nullable() ? ColumnStrategy.NULLABLE : ColumnStrategy.NOT_NULLABLE;
        }

        @Override
        public RexNode newColumnDefaultValue(RelOptTable table, int column, InitializerContext context) {
            Object value = meta.defaultValue(column);
            RelDataType type = table.getRowType().getFieldList().get(column).getType();
            RexBuilder rex = context.getRexBuilder();
            if (value == null) {
                return rex.makeNullLiteral(type);
            }
            return rex.makeLiteral(toCalciteValue(value), type, true);
        }
    }

    private static Object toCalciteValue(Object value) {
        if (value instanceof Long l) {
            return BigDecimal.valueOf(l);
        }
        if (value instanceof Double d) {
            return BigDecimal.valueOf(d);
        }
        if (value instanceof LocalDate d) {
            return new DateString(d.getYear(), d.getMonthValue(), d.getDayOfMonth());
        }
        if (value instanceof LocalDateTime ts) {
            return new TimestampString(ts.getYear(), ts.getMonthValue(), ts.getDayOfMonth(), ts.getHour(),
                    ts.getMinute(), ts.getSecond()).withNanos(ts.getNano());
        }
        return value;
    }
}
