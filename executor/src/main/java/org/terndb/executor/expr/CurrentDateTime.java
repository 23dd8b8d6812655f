package org.terndb.executor.expr;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import org.terndb.executor.ExprType;
import org.terndb.storage.codec.ColumnType;

/**
 * {@code CURRENT_TIMESTAMP} / {@code CURRENT_DATE}: the statement's start time in UTC (TIMESTAMP values are
 * UTC wall-clock times, see {@link Values}), the same for every row of one execution. The plan reads it from
 * the binding slot {@code slot} that the prepared plan fills when it binds parameters; a caller that binds
 * without that slot gets the time of evaluation.
 */
public record CurrentDateTime(int slot, ExprType type) implements Expr {

    /** Now, as CURRENT_TIMESTAMP values are kept (UTC, microseconds). */
    public static LocalDateTime now() {
        return LocalDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }

    @Override
    public Object eval(Object[] row, Object[] params) {
        LocalDateTime now = slot < params.length && params[slot] instanceof LocalDateTime t ? t : now();
        return type.type() == ColumnType.DATE ? now.toLocalDate() : now;
    }

    @Override
    public String explain() {
        return type.type() == ColumnType.DATE ? "CURRENT_DATE" : "CURRENT_TIMESTAMP";
    }
}
