package org.terndb.tatp;

import org.terndb.cli.Cli;

/** {@code bin/tern tatp}: the TATP harness ({@link TatpCommand}). */
public final class TatpMain {
    private TatpMain() {
    }

    public static void main(String[] args) {
        Cli.main(new TatpCommand(), args);
    }
}
