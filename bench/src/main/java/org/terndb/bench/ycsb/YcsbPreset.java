package org.terndb.bench.ycsb;

import java.util.Locale;
import org.terndb.cli.UsageException;

/**
 * The key-wise YCSB core workloads CCBench runs (its "YCSB'": A, B, C and F; D needs inserts and E range
 * scans). A preset only fixes the read ratio and the write model; explicit flags override it.
 */
enum YcsbPreset {
    A(0.5, false, "50% read, 50% update"),
    B(0.95, false, "95% read, 5% update"),
    C(1.0, false, "100% read"),
    F(0.5, true, "50% read, 50% read-modify-write");

    final double readRatio;
    final boolean readModifyWrite;
    final String description;

    YcsbPreset(double readRatio, boolean readModifyWrite, String description) {
        this.readRatio = readRatio;
        this.readModifyWrite = readModifyWrite;
        this.description = description;
    }

    /** The preset named by a letter, case-insensitive. */
    static YcsbPreset parse(String text) {
        for (YcsbPreset p : values()) {
            if (p.name().equalsIgnoreCase(text.trim())) {
                return p;
            }
        }
        throw new UsageException("--workload must be one of A, B, C, F, got '" + text + "'");
    }

    /** One line per preset, for the help text. */
    static String helpLines() {
        StringBuilder sb = new StringBuilder();
        for (YcsbPreset p : values()) {
            sb.append(String.format(Locale.ROOT, "  %s  %s%n", p.name(), p.description));
        }
        return sb.toString();
    }
}
