package org.terndb.planner.calcite;

import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeName;

/** Calcite's default type system, except that TIMESTAMP keeps microseconds (TernDB stores them). */
final class TernTypeSystem extends RelDataTypeSystemImpl {
    static final TernTypeSystem INSTANCE = new TernTypeSystem();

    private TernTypeSystem() {
    }

    @Override
    public int getMaxPrecision(SqlTypeName type) {
        return type == SqlTypeName.TIMESTAMP ? 6 : super.getMaxPrecision(type);
    }

    @Override
    public int getDefaultPrecision(SqlTypeName type) {
        return type == SqlTypeName.TIMESTAMP ? 6 : super.getDefaultPrecision(type);
    }
}
