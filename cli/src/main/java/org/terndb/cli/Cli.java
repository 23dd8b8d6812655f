package org.terndb.cli;

import java.io.PrintStream;

/** Exit codes and the {@code main} glue shared by every TernDB command-line tool. */
public final class Cli {
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILURE = 1;
    public static final int EXIT_USAGE = 2;

    /** Set to any value to get full stack traces instead of one-line error messages. */
    public static final String DEBUG_ENV = "TERN_DEBUG";

    private Cli() {
    }

    /** Runs {@code command} on the process's streams and exits with its code. */
    public static void main(Command command, String[] args) {
        int code = command.execute(args, System.out, System.err);
        System.out.flush();
        System.exit(code);
    }

    /** Reports a usage error the same way everywhere: what was wrong, then where help is. */
    static int usageError(String program, UsageException e, PrintStream err) {
        err.println(program + ": " + e.getMessage());
        err.println("Run '" + program + " --help' for usage.");
        return EXIT_USAGE;
    }

    /** A failure while running: one line for the user, the stack trace only when asked for. */
    static int failure(String program, Throwable t, PrintStream err) {
        String message = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
        err.println(program + ": error: " + message);
        if (System.getenv(DEBUG_ENV) != null) {
            t.printStackTrace(err);
        } else if (!(t instanceof CommandFailedException)) {
            err.println("(" + t.getClass().getName() + "; set " + DEBUG_ENV + "=1 for the stack trace)");
        }
        return EXIT_FAILURE;
    }
}
