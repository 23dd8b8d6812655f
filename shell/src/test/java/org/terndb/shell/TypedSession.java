package org.terndb.shell;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;

/**
 * A {@link Repl} on its own thread behind JLine's {@link ExternalTerminal}, which emulates a tty over
 * streams (the line discipline turns ^C into SIGINT, ^D is end-of-file, echo, an ANSI screen): the test
 * types keys, as a person would after the prompt shows, and reads the screen without escape sequences.
 */
final class TypedSession implements AutoCloseable {
    private static final long WAIT_SECONDS = 30;   // a failsafe against hanging, not a timing check
    private static final Pattern ESCAPES = Pattern.compile("\u001b\\[[0-9;?]*[A-Za-z]|\r");

    private final PipedOutputStream keys = new PipedOutputStream();
    private final ByteArrayOutputStream screen = new ByteArrayOutputStream();
    private final Connection connection;
    private final Terminal terminal;
    private final Thread thread;
    private volatile Throwable failure;

    TypedSession(Path history) throws IOException, SQLException {
        connection = DriverManager.getConnection("jdbc:tern:mem:");
        terminal = new ExternalTerminal("tern-test", "ansi", new PipedInputStream(keys, 1 << 16), screen,
                StandardCharsets.UTF_8);
        Shell.Settings settings = new Shell.Settings();
        settings.timing = false;
        Shell shell = new Shell(connection, settings, terminal.writer(), terminal.writer());
        thread = new Thread(() -> {
            try {
                new Repl(shell, terminal, history).run();
                terminal.flush();
            } catch (Throwable t) {
                failure = t;
            }
        }, "repl");
        thread.start();
    }

    TypedSession type(String text) throws IOException {
        keys.write(text.getBytes(StandardCharsets.UTF_8));
        keys.flush();
        return this;
    }

    /** Ctrl-C: the terminal's line discipline turns it into the INT signal. */
    TypedSession pressCtrlC() throws IOException {
        return type("\u0003");
    }

    /** Waits until {@code text} shows on the screen {@code times} times. */
    TypedSession awaitScreen(String text, int times) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (count(screen(), text) < times) {
            if (System.nanoTime() > deadline || !thread.isAlive()) {
                throw new AssertionError("the screen never showed '" + text + "' " + times + " times:\n" + screen());
            }
            Thread.sleep(5);
        }
        return this;
    }

    /** Ends the input (as closing the terminal would) and waits for the shell to leave. */
    boolean finished() throws InterruptedException, IOException {
        keys.close();
        thread.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        return !thread.isAlive();
    }

    /** Waits for the shell to leave by itself (\q, Ctrl-D). */
    boolean leftByItself() throws InterruptedException {
        thread.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        return !thread.isAlive();
    }

    String screen() {
        return ESCAPES.matcher(screen.toString(StandardCharsets.UTF_8)).replaceAll("");
    }

    private static int count(String haystack, String needle) {
        int n = 0;
        for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length())) {
            n++;
        }
        return n;
    }

    @Override
    public void close() throws IOException, SQLException {
        keys.close();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while the REPL was finishing", e);
        }
        terminal.close();
        connection.close();
        if (failure != null) {
            throw new AssertionError("the REPL failed", failure);
        }
    }
}
