package org.terndb.harness.compare;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One database a benchmark's JDBC mode runs against in a comparison ({@code bin/tern compare tpcc|tatp}).
 *
 * @param key   short lower-case name used in the JSON result: {@code <key>_tps}, {@code <key>_ratio}
 * @param title name printed in the table
 * @param url   JDBC URL of a fresh in-memory database
 */
public record CompareTarget(String key, String title, String url) {

    public CompareTarget {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(url, "url");
        if (key == null || !key.matches("[a-z][a-z0-9_]*")) {
            throw new IllegalArgumentException("a target key is lower-case letters, digits and '_': " + key);
        }
    }

    /**
     * TernDB in memory with the given protocol ({@code jdbc:tern:mem:NAME;protocol=P}).
     *
     * @param database the in-memory database's name, e.g. the benchmark's ({@code tpcc})
     */
    public static CompareTarget terndb(String database, String protocol) {
        return new CompareTarget("terndb", "TernDB (" + protocol + ")",
                "jdbc:tern:mem:" + database + ";protocol=" + protocol.toLowerCase(Locale.ROOT));
    }

    /** H2 in memory (its default MVStore engine, multi-version rows with row locks). */
    public static CompareTarget h2(String database) {
        return new CompareTarget("h2", "H2 (in-memory, MVStore)", "jdbc:h2:mem:" + database);
    }

    /** HSQLDB in memory with multi-version concurrency control. */
    public static CompareTarget hsqldb(String database) {
        return new CompareTarget("hsqldb", "HSQLDB (in-memory, MVCC)", "jdbc:hsqldb:mem:" + database
                + ";hsqldb.tx=mvcc");
    }

    /** TernDB first (the reference of the ratios), then H2 and HSQLDB. */
    public static List<CompareTarget> ternAndRivals(String database, String protocol) {
        return List.of(terndb(database, protocol), h2(database), hsqldb(database));
    }
}
