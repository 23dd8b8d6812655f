package org.terndb.tpcc;

import org.terndb.cli.Cli;

/** {@code bin/tern compare tpcc}: TPC-C's JDBC mode on TernDB, H2 and HSQLDB ({@link TpccCompareCommand}). */
public final class TpccCompareMain {
    private TpccCompareMain() {
    }

    public static void main(String[] args) {
        Cli.main(new TpccCompareCommand(), args);
    }
}
