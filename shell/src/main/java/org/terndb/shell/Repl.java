package org.terndb.shell;

import java.io.IOException;
import java.nio.file.Path;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * The interactive loop on a JLine terminal: line editing, history in a file, multi-line statements
 * ({@link ReplParser}), a prompt that shows an open transaction. Ctrl-C drops the input being typed (and
 * asks a running statement to cancel); Ctrl-D on an empty line, or {@code \q}, leaves. Each accepted
 * input goes to {@link Shell#run}, the same path scripts take.
 */
final class Repl {
    private final Shell shell;
    private final Terminal terminal;
    private final Path historyFile;

    /** @param historyFile where history is loaded from and saved to; null for none */
    Repl(Shell shell, Terminal terminal, Path historyFile) {
        this.shell = shell;
        this.terminal = terminal;
        this.historyFile = historyFile;
    }

    void run() {
        LineReaderBuilder builder = LineReaderBuilder.builder()
                .terminal(terminal)
                .appName("tern")
                .parser(new ReplParser())
                .variable(LineReader.SECONDARY_PROMPT_PATTERN, Shell.PROMPT_CONTINUATION)
                // '!' is SQL ('<>', '!='), not history expansion.
                .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true);
        if (historyFile != null) {
            builder.variable(LineReader.HISTORY_FILE, historyFile);
        }
        LineReader reader = builder.build();
        Terminal.SignalHandler previous = terminal.handle(Terminal.Signal.INT, signal -> shell.cancelRunning());
        try {
            while (!shell.quitRequested()) {
                String input;
                try {
                    input = reader.readLine(shell.prompt());
                } catch (UserInterruptException e) {
                    continue;   // Ctrl-C: forget what was typed, prompt again
                } catch (EndOfFileException e) {
                    break;      // Ctrl-D
                }
                shell.run(input, null, 1);
                terminal.flush();
            }
        } finally {
            terminal.handle(Terminal.Signal.INT, previous);
            try {
                reader.getHistory().save();
            } catch (IOException e) {
                shell.warn("could not save the history to " + historyFile + ": " + e.getMessage());
            }
        }
    }
}
