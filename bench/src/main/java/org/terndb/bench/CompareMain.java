package org.terndb.bench;

import org.terndb.cli.Cli;
import org.terndb.cli.CommandGroup;
import org.terndb.tatp.TatpCompareCommand;
import org.terndb.tpcc.TpccCompareCommand;

/**
 * {@code tern compare}: a benchmark's JDBC mode, with the same client code, on TernDB and on the embedded databases
 * applications would pick instead (H2, HSQLDB), in one run.
 */
public final class CompareMain {
    private CompareMain() {
    }

    public static CommandGroup command() {
        return new CommandGroup("tern compare", "compare",
                "One benchmark's JDBC mode on TernDB, H2 and HSQLDB in one run: tps and TernDB/rival ratios.")
                .add(new TpccCompareCommand())
                .add(new TatpCompareCommand());
    }

    public static void main(String[] args) {
        Cli.main(command(), args);
    }
}
