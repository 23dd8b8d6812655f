package org.terndb.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The version of TernDB (driver and engine ship together), as the build wrote it into the jar. */
final class TernVersion {
    static final String TEXT;
    static final int MAJOR;
    static final int MINOR;

    static {
        Properties p = new Properties();
        try (InputStream in = TernVersion.class.getResourceAsStream("terndb-version.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String v = p.getProperty("version", "");
        // An unfiltered file (a build that skipped resource filtering) still yields a usable version.
        TEXT = v.isEmpty() || v.startsWith("$") ? "0.0.0-unknown" : v;
        String[] parts = TEXT.split("[.-]");
        MAJOR = number(parts, 0);
        MINOR = number(parts, 1);
    }

    private TernVersion() {
    }

    private static int number(String[] parts, int i) {
        try {
            return i < parts.length ? Integer.parseInt(parts[i]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
