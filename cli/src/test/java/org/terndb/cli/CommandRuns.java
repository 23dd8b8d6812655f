package org.terndb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs a command as {@code bin/tern} would and captures what it prints: the commands' tests share it. */
public final class CommandRuns {
    private CommandRuns() {
    }

    /**
     * Runs {@code command} with {@code args}, checks its exit code (the failure message shows what it printed), and
     * returns its stdout and its stderr, in that order.
     */
    public static String[] run(Command command, int expectedExit, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = command.execute(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String stdout = out.toString(StandardCharsets.UTF_8);
        String stderr = err.toString(StandardCharsets.UTF_8);
        assertEquals(expectedExit, code, stderr + stdout);
        return new String[] {stdout, stderr};
    }
}
