package org.terndb.cli;

/**
 * A command ran but could not produce a valid result (for example a benchmarked structure lost keys).
 * Reported as one line, exit code {@link Cli#EXIT_FAILURE}, no stack trace: the message is the story.
 */
public final class CommandFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CommandFailedException(String message) {
        super(message);
    }
}
