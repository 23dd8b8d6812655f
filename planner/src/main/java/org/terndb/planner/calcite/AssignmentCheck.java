package org.terndb.planner.calcite;

import java.util.List;
import org.apache.calcite.sql.SqlBasicCall;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlInsert;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlUpdate;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;

/**
 * Rejects string literals too long for the column they are assigned to (INSERT ... VALUES, UPDATE ... SET)
 * with 22001, as SQL's store assignment requires. Calcite folds {@code CAST('toolong' AS VARCHAR(4))} into
 * a truncated literal while converting, so the executor would never see the long value; parameters and
 * computed values are checked by the executor when the row is written.
 *
 * <p>Lengths count characters (code points), as the executor does. Calcite measures a literal in UTF-16 units,
 * so it would cut a literal holding characters outside the Basic Multilingual Plane (emoji: two units each) at
 * the column's length in units; such a literal that fits is handed over as {@code literal || ''}, which is
 * assigned by the executor's code-point-aware cast instead of being folded.
 */
final class AssignmentCheck {
    private AssignmentCheck() {
    }

    static void check(SqlNode node, CatalogView catalog) {
        if (node instanceof SqlInsert insert && insert.getTargetTable() instanceof SqlIdentifier id) {
            TableMeta table = table(catalog, id);
            if (table == null || insert.getSource().getKind() != SqlKind.VALUES) {
                return;
            }
            SqlNodeList columns = insert.getTargetColumnList();
            for (SqlNode row : ((SqlCall) insert.getSource()).getOperandList()) {
                if (row instanceof SqlBasicCall r && r.getKind() == SqlKind.ROW) {
                    List<SqlNode> values = r.getOperandList();
                    for (int i = 0; i < values.size(); i++) {
                        Column column = columns == null ? (i < table.columnCount() ? table.column(i) : null)
                                : column(table, columns.get(i));
                        if (checkValue(table, column, values.get(i))) {
                            r.setOperand(i, keepWhole((SqlCharStringLiteral) values.get(i)));
                        }
                    }
                }
            }
        } else if (node instanceof SqlUpdate update && update.getTargetTable() instanceof SqlIdentifier id) {
            TableMeta table = table(catalog, id);
            if (table == null) {
                return;
            }
            SqlNodeList columns = update.getTargetColumnList();
            SqlNodeList values = update.getSourceExpressionList();
            for (int i = 0; i < columns.size() && i < values.size(); i++) {
                if (checkValue(table, column(table, columns.get(i)), values.get(i))) {
                    values.set(i, keepWhole((SqlCharStringLiteral) values.get(i)));
                }
            }
        }
    }

    private static TableMeta table(CatalogView catalog, SqlIdentifier id) {
        return id.isSimple() ? catalog.table(id.getSimple()) : null;
    }

    private static Column column(TableMeta table, SqlNode name) {
        if (name instanceof SqlIdentifier id && id.isSimple()) {
            int i = table.schema().indexOf(id.getSimple());
            return i < 0 ? null : table.column(i);
        }
        return null;
    }

    /** Checks a string literal assigned to {@code column}; true if it fits but Calcite would cut it. */
    private static boolean checkValue(TableMeta table, Column column, SqlNode value) {
        if (column == null || !column.type().isString() || !(value instanceof SqlCharStringLiteral literal)) {
            return false;
        }
        String s = literal.getValueAs(String.class);
        int end = s.length();
        if (column.type() == org.terndb.storage.codec.ColumnType.CHAR) {
            while (end > 0 && s.charAt(end - 1) == ' ') {
                end--;
            }
        }
        int length = s.codePointCount(0, end);
        if (length > column.precision()) {
            throw new TernSqlException(SqlState.STRING_TOO_LONG, "value '" + (s.length() > 40 ? s.substring(0, 37)
                    + "..." : s) + "' is too long for column " + column.name() + " " + column.sqlType() + " of table "
                    + table.name() + " (" + length + " characters)");
        }
        return s.length() > column.precision() && s.length() != s.codePointCount(0, s.length());
    }

    /** {@code literal || ''}: an expression, which Calcite casts to the column's type without folding it. */
    private static SqlNode keepWhole(SqlCharStringLiteral literal) {
        SqlParserPos pos = literal.getParserPosition();
        return SqlStdOperatorTable.CONCAT.createCall(pos, literal, SqlLiteral.createCharString("", pos));
    }
}
