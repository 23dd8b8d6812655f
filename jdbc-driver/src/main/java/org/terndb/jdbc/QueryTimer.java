package org.terndb.jdbc;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.terndb.engine.Session;

/**
 * Query timeouts ({@code Statement.setQueryTimeout}): one daemon thread for the JVM cancels a statement still
 * running when its time is up, through {@link Session#cancel} with the statement's operation number, so a timer
 * that fires after the statement ended cannot stop the next one. Statements without a timeout never touch it.
 */
final class QueryTimer {
    private static final ScheduledThreadPoolExecutor TIMER = timer();

    private QueryTimer() {
    }

    private static ScheduledThreadPoolExecutor timer() {
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "terndb-query-timeout");
            thread.setDaemon(true);
            return thread;
        });
        t.setRemoveOnCancelPolicy(true); // statements that finish in time leave no task behind
        return t;
    }

    /** Cancels the session's next operation if it still runs after {@code seconds}; cancel the result when done. */
    static ScheduledFuture<?> start(Session session, int seconds) {
        long operation = session.nextOperation();
        return TIMER.schedule(() -> session.cancel(operation, true), seconds, TimeUnit.SECONDS);
    }
}
