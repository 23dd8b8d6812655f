package org.terndb.shell;

import org.terndb.cli.Cli;

/** {@code bin/tern shell}: see {@link ShellCommand}. */
public final class ShellMain {
    private ShellMain() {
    }

    public static void main(String[] args) {
        // Console is null unless both standard input and output are terminals: piped runs are scripts.
        Cli.main(new ShellCommand(System.in, System.console() != null), args);
    }
}
