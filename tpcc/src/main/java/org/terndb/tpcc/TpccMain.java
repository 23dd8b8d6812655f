package org.terndb.tpcc;

import org.terndb.cli.Cli;

/** {@code bin/tern tpcc}: the TPC-C harness ({@link TpccCommand}). */
public final class TpccMain {
    private TpccMain() {
    }

    public static void main(String[] args) {
        Cli.main(new TpccCommand(), args);
    }
}
