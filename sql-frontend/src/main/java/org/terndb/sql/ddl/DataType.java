package org.terndb.sql.ddl;

/**
 * A column's declared type. {@code precision} is the length for CHAR/VARCHAR and the digits for DECIMAL,
 * {@code scale} the DECIMAL scale; both 0 when not applicable.
 */
public record DataType(TypeName name, int precision, int scale) {

    @Override
    public String toString() {
        return switch (name) {
            case CHAR, VARCHAR -> name + "(" + precision + ")";
            case DECIMAL -> "DECIMAL(" + precision + "," + scale + ")";
            default -> name.name();
        };
    }
}
