package org.terndb.shell;

/** A shell-level mistake (unknown meta-command, missing argument, unreadable file): printed as {@code ERROR: message}. */
final class ShellException extends Exception {
    private static final long serialVersionUID = 1L;

    ShellException(String message) {
        super(message);
    }
}
