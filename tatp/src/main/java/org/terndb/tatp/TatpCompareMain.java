package org.terndb.tatp;

import org.terndb.cli.Cli;

/** {@code bin/tern compare tatp}: TATP's JDBC mode on TernDB, H2 and HSQLDB ({@link TatpCompareCommand}). */
public final class TatpCompareMain {
    private TatpCompareMain() {
    }

    public static void main(String[] args) {
        Cli.main(new TatpCompareCommand(), args);
    }
}
