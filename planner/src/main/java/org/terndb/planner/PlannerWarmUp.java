package org.terndb.planner;

import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.meta.IndexMeta;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.ColumnType;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.Schema;

/**
 * Plans a few typical statements against a throwaway catalog so that Calcite's classes are loaded and
 * initialised before a user's first statement (the first statement in a fresh JVM otherwise costs 1.5-2 s,
 * ARCHITECTURE.md). Runs once per JVM, on a daemon thread started when the first database opens.
 */
public final class PlannerWarmUp {
    private static final AtomicBoolean STARTED = new AtomicBoolean();
    private static final List<String> STATEMENTS = List.of(
            "SELECT NAME, AMOUNT FROM WARM WHERE ID = ?",
            "SELECT * FROM WARM WHERE ID > ? AND NAME LIKE 'a%' ORDER BY ID DESC LIMIT 10",
            "SELECT COUNT(*), SUM(AMOUNT), MIN(NAME) FROM WARM WHERE AMOUNT > 1.5 GROUP BY NAME",
            "INSERT INTO WARM (ID, NAME) VALUES (?, ?), (2, 'b')",
            "UPDATE WARM SET AMOUNT = AMOUNT + ? WHERE ID = ?",
            "DELETE FROM WARM WHERE ID BETWEEN 1 AND 3 OR NAME IS NULL",
            "SELECT A.NAME, B.AMOUNT FROM WARM A, WARM B WHERE B.ID = A.ID AND A.NAME = ? ORDER BY A.ID LIMIT 5");

    private PlannerWarmUp() {
    }

    /** Starts the warm-up in the background unless it ran already. */
    public static void startOnce() {
        if (STARTED.compareAndSet(false, true)) {
            Thread t = new Thread(PlannerWarmUp::run, "terndb-planner-warmup");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            t.start();
        }
    }

    /** Plans the warm-up statements now, on this thread. */
    public static void run() {
        Schema schema = Schema.of(Column.of("ID", ColumnType.INTEGER).notNull(), Column.of("NAME", ColumnType.VARCHAR, 10),
                Column.of("AMOUNT", ColumnType.DECIMAL, 10, 2));
        IndexMeta primary = new IndexMeta("PRIMARY", null, new int[] {0}, new boolean[1], true, true,
                KeyCodec.of(schema.select(0)));
        TableMeta table = new TableMeta("WARM", schema, new Object[3], null, primary, List.of(), null);
        CatalogView catalog = new CatalogView() {
            @Override
            public long version() {
                return 0;
            }

            @Override
            public TableMeta table(String name) {
                return name.equals("WARM") ? table : null;
            }

            @Override
            public Collection<TableMeta> tables() {
                return List.of(table);
            }
        };
        Planner planner = new Planner(16);
        for (String sql : STATEMENTS) {
            try {
                planner.plan(sql, catalog, 0);
            } catch (RuntimeException e) {
                // A warm-up failure must not hurt the database; the statement's real use will report it.
            }
        }
    }
}
