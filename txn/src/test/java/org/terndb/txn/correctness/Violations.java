package org.terndb.txn.correctness;

import java.util.ArrayList;
import java.util.List;

/**
 * Invariant violations found by a scenario, collected (thread-safely) instead of thrown at once, so that a
 * negative control can check that a broken protocol does produce them and a failure report shows several.
 */
final class Violations {
    private static final int KEEP = 12;

    private final String context;
    private final List<String> kept = new ArrayList<>();
    private int count;

    /** @param context protocol, scenario and seed: printed with every failure */
    Violations(String context) {
        this.context = context;
    }

    synchronized void add(String message) {
        if (kept.size() < KEEP) {
            kept.add(message);
        }
        count++;
    }

    synchronized int count() {
        return count;
    }

    synchronized boolean isEmpty() {
        return count == 0;
    }

    synchronized String report() {
        StringBuilder sb = new StringBuilder(context).append(": ").append(count).append(" violation(s)");
        for (String m : kept) {
            sb.append("\n  - ").append(m.replace("\n", "\n    "));
        }
        if (count > kept.size()) {
            sb.append("\n  ... and ").append(count - kept.size()).append(" more");
        }
        return sb.toString();
    }

    /** Fails the test with every kept message if there is any violation. */
    void assertNone() {
        if (!isEmpty()) {
            throw new AssertionError(report());
        }
    }

    String context() {
        return context;
    }
}
