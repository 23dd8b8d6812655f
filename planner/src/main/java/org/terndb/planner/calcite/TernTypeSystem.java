package org.terndb.planner.calcite;

import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's default type system, except that TIMESTAMP keeps microseconds (TernDB stores them) and that
 * constants folded to a smaller DECIMAL scale round half up, as the executor rounds values on assignment and
 * CAST (Calcite's default truncates, so a literal and a parameter of the same value would store differently).
 */
final class TernTypeSystem extends RelDataTypeSystemImpl {
    static final TernTypeSystem INSTANCE = new TernTypeSystem();

    private TernTypeSystem() {
    }

    @Override
    public int getMaxPrecision(SqlTypeName type) {
        return type == SqlTypeName.TIMESTAMP ? 6 : super.getMaxPrecision(type);
    }

    @Override
    public java.math.RoundingMode roundingMode() {
        return java.math.RoundingMode.HALF_UP;
    }

    @Override
    public int getDefaultPrecision(SqlTypeName type) {
        return type == SqlTypeName.TIMESTAMP ? 6 : super.getDefaultPrecision(type);
    }
}
