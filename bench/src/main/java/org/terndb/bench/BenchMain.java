package org.terndb.bench;

import org.terndb.cli.Cli;
import org.terndb.cli.CommandGroup;
import org.terndb.bench.index.IndexBenchCommand;
import org.terndb.bench.memory.MemoryBenchCommand;
import org.terndb.bench.sql.SqlBenchCommand;

/** {@code tern bench}: micro-benchmarks of TernDB's building blocks against JDK baselines. */
public final class BenchMain {
    private BenchMain() {
    }

    public static CommandGroup command() {
        return new CommandGroup("tern bench", "bench", "Micro-benchmarks of TernDB's building blocks against JDK baselines.")
                .add(new IndexBenchCommand())
                .add(new SqlBenchCommand())
                .add(new MemoryBenchCommand());
    }

    public static void main(String[] args) {
        Cli.main(command(), args);
    }
}
