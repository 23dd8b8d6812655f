package org.terndb.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.terndb.planner.PreparedPlan;

/** The plan cache seen through a session: hits never plan, DDL retires plans. */
class PlanCacheTest {

    @Test
    void runningAPreparedStatementAgainNeverEntersThePlanner() {
        try (Database db = Database.open(DatabaseConfig.of("cachehit", Map.of()));
             Session s = db.openSession()) {
            s.execute("CREATE TABLE acc (id INT PRIMARY KEY, bal DECIMAL(10,2))");
            s.execute("INSERT INTO acc VALUES (1, 5.00), (2, 7.00)");
            PreparedPlan select = s.prepare("SELECT bal FROM acc WHERE id = ?");
            long planned = db.planner().plansMade();
            for (int i = 0; i < 50; i++) {
                s.execute(select, new Object[] {1 + i % 2}, null);
                s.execute("SELECT bal FROM acc WHERE id = ?", 2); // same text: a cache hit
            }
            assertEquals(planned, db.planner().plansMade(), "executions and cache hits must not plan");
        }
    }

    @Test
    void ddlRetiresCachedPlans() {
        try (Database db = Database.open(DatabaseConfig.of("cacheddl", Map.of()));
             Session s = db.openSession()) {
            s.execute("CREATE TABLE t (id INT PRIMARY KEY, v INT)");
            String sql = "SELECT id FROM t WHERE v = ?";
            PreparedPlan before = s.prepare(sql);
            assertTrue(before.explainText().contains("index=PRIMARY"), before.explainText());
            s.execute("CREATE INDEX t_v ON t (v)");
            PreparedPlan after = s.prepare(sql);
            assertNotEquals(before.catalogVersion(), after.catalogVersion());
            assertTrue(after.explainText().contains("index=T_V"), after.explainText());
            // A statement prepared before the DDL is re-planned when it runs.
            s.execute("INSERT INTO t VALUES (1, 4)");
            assertEquals(1, s.execute(before, new Object[] {4}, null).rows().size());
        }
    }
}
