package org.terndb.shell;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.terndb.cli.JsonObject;

/**
 * {@code --json}: one JSON object per statement, each on its own line (JSON Lines):
 * {@code {"columns":["ID","NAME"],"rows":[[1,"a"],[2,null]],"row_count":2}} for rows, and
 * {@code {"update_count":3}} for other statements. Numbers and booleans keep their JSON types, NULL is
 * {@code null}, other values (dates, timestamps) are strings.
 */
final class JsonPrinter {
    private JsonPrinter() {
    }

    static void rows(ResultTable table, PrintWriter out) {
        List<List<Object>> rows = new ArrayList<>(table.rows().size());
        for (Object[] row : table.rows()) {
            List<Object> values = new ArrayList<>(row.length);
            for (Object value : row) {
                values.add(value == null || value instanceof Number || value instanceof Boolean
                        ? value : ResultTable.text(value));
            }
            rows.add(values);
        }
        out.println(new JsonObject()
                .put("columns", table.columns())
                .put("rows", rows)
                .put("row_count", rows.size()));
    }

    static void updateCount(long count, PrintWriter out) {
        out.println(new JsonObject().put("update_count", count));
    }
}
