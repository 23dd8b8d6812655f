package org.terndb.bench.ycsb;

import org.terndb.cli.Cli;

/** {@code bin/tern ycsb}: the YCSB harness over the concurrency-control protocols ({@link YcsbCommand}). */
public final class YcsbMain {
    private YcsbMain() {
    }

    public static void main(String[] args) {
        Cli.main(new YcsbCommand(), args);
    }
}
