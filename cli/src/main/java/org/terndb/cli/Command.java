package org.terndb.cli;

import java.io.PrintStream;

/** Something {@code bin/tern} can run: a leaf {@link OptionCommand} or a {@link CommandGroup} of them. */
public interface Command {
    /** The word that selects this command, e.g. {@code index}. */
    String name();

    /** One line for the parent's command list. */
    String summary();

    /**
     * Runs with the arguments that follow the command's name and returns the process exit code:
     * 0 success, {@link Cli#EXIT_FAILURE} failure, {@link Cli#EXIT_USAGE} bad command line.
     * Never throws: errors are reported on {@code err}.
     */
    int execute(String[] args, PrintStream out, PrintStream err);
}
