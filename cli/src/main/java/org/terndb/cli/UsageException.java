package org.terndb.cli;

/**
 * The command line was wrong: unknown option, missing or malformed value. The message says what was
 * wrong in words a user can act on; commands exit with {@link Cli#EXIT_USAGE}.
 */
public final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }
}
