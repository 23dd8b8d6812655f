package org.terndb.shell;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One non-interactive {@code tern shell} run on given standard input: exit status and what it printed. */
record ShellRun(int status, String out, String err) {

    static ShellRun run(String stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ShellCommand command = new ShellCommand(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), false);
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = command.execute(args, o, e);
        }
        return new ShellRun(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "status " + status + "\n--- out ---\n" + out + "--- err ---\n" + err;
    }
}
