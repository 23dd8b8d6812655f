package org.terndb.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.terndb.cli.Cli;
import org.terndb.cli.Command;
import org.terndb.cli.OptionCommand;
import org.terndb.cli.Options;
import org.terndb.cli.ParsedOptions;
import org.terndb.cli.UsageException;

/**
 * {@code tern shell}: opens a JDBC connection, then either the interactive {@link Repl} (standard input is a
 * terminal and there is no {@code -f} or {@code -c}) or a script run: {@code -c SQL}, {@code -f FILE} or
 * standard input, which exits 1 at the first error (or, with {@code --continue-on-error}, after running
 * everything, if anything failed).
 */
final class ShellCommand implements Command {
    static final String DEFAULT_URL = "jdbc:tern:mem:";
    static final String HISTORY_FILE = ".tern_history";

    private static final Set<String> TAKES_VALUE = Set.of("--url", "--file", "--command", "--max-width", "--history");

    private final InputStream stdin;
    private final boolean stdinIsTerminal;
    private final OptionCommand command;

    /**
     * @param stdin           where scripts come from when there is no {@code -f} or {@code -c}
     * @param stdinIsTerminal whether to run interactively when there is no {@code -f} or {@code -c}
     */
    ShellCommand(InputStream stdin, boolean stdinIsTerminal) {
        this.stdin = stdin;
        this.stdinIsTerminal = stdinIsTerminal;
        Options options = new Options("tern shell", """
                An SQL shell over JDBC, for TernDB (or any JDBC database on the classpath).
                  tern shell [JDBC-URL]                  interactive (\\help inside for meta-commands)
                  tern shell [JDBC-URL] -f FILE          run a script    (-f is --file)
                  tern shell [JDBC-URL] -c "SQL; ..."    run statements  (-c is --command)
                  ... | tern shell [JDBC-URL]            run standard input
                Without a URL the database is a private in-memory one (jdbc:tern:mem:), gone at exit.
                Scripts stop at the first error with exit status 1.""")
                .value("url", "JDBC-URL", "the database to connect to (may be given first, without --url)",
                        DEFAULT_URL)
                .value("file", "FILE", "run the statements and meta-commands in FILE, then exit", null)
                .value("command", "SQL", "run SQL (statements ended by ';', meta-commands on lines of their own),"
                        + " then exit", null)
                .flag("csv", "print rows as CSV (a header line, RFC 4180 quoting, NULL as an empty field)")
                .flag("json", "print one JSON object per statement, one per line: {\"columns\",\"rows\"} or"
                        + " {\"update_count\"}")
                .flag("continue-on-error", "keep running a script after an error (the exit status is still 1)")
                .flag("debug", "print the stack trace of errors (also TERN_DEBUG=1)")
                .value("max-width", "N", "widest a value prints in a table before it is cut with '...'"
                        + " (0: never cut)", "50")
                .value("history", "FILE", "the interactive shell's history file", "~/" + HISTORY_FILE);
        this.command = new OptionCommand("shell", options) {
            @Override
            protected int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception {
                return ShellCommand.this.run(args, out, err);
            }
        };
    }

    @Override
    public String name() {
        return command.name();
    }

    @Override
    public String summary() {
        return command.summary();
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        return command.execute(normalise(args), out, err);
    }

    /** psql-style arguments to the house's named options: {@code -f}, {@code -c}, a bare JDBC URL. */
    static String[] normalise(String[] args) {
        List<String> out = new ArrayList<>(args.length + 1);
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (TAKES_VALUE.contains(arg) && i + 1 < args.length) {
                out.add(arg);
                out.add(args[++i]);
            } else if (arg.equals("-f")) {
                out.add("--file");
            } else if (arg.equals("-c")) {
                out.add("--command");
            } else if (arg.regionMatches(true, 0, "jdbc:", 0, 5)) {
                out.add("--url");
                out.add(arg);
            } else {
                out.add(arg);
            }
        }
        return out.toArray(new String[0]);
    }

    private int run(ParsedOptions args, PrintStream stdout, PrintStream stderr) throws IOException, SQLException {
        Shell.Settings settings = new Shell.Settings();
        if (args.isSet("csv") && args.isSet("json")) {
            throw new UsageException("--csv and --json exclude each other");
        }
        if (args.isGiven("file") && args.isGiven("command")) {
            throw new UsageException("-f FILE and -c SQL exclude each other; put the statements in the file");
        }
        settings.format = args.isSet("csv") ? Shell.Format.CSV : args.isSet("json") ? Shell.Format.JSON
                : Shell.Format.TABLE;
        settings.continueOnError = args.isSet("continue-on-error");
        settings.debug = args.isSet("debug") || System.getenv(Cli.DEBUG_ENV) != null;
        settings.maxWidth = args.getInt("max-width", 0, 1_000_000);
        String url = args.getString("url");
        boolean defaultUrl = !args.isGiven("url");
        boolean interactive = stdinIsTerminal && !args.isGiven("file") && !args.isGiven("command");

        Connection connection;
        try {
            connection = DriverManager.getConnection(url);
        } catch (SQLException e) {
            stderr.println("ERROR " + e.getSQLState() + ": " + e.getMessage());
            if (settings.debug) {
                e.printStackTrace(stderr);
            }
            return Cli.EXIT_FAILURE;
        }
        try (connection) {
            if (interactive) {
                return interactive(connection, settings, url, defaultUrl, historyFile(args.getString("history")));
            }
            PrintWriter out = new PrintWriter(stdout, false);
            PrintWriter err = new PrintWriter(stderr, true);
            if (defaultUrl) {
                err.println(inMemoryNote());
            }
            Shell shell = new Shell(connection, settings, out, err);
            try {
                if (args.isGiven("command")) {
                    shell.run(args.getString("command"), null, 1);
                } else if (args.isGiven("file")) {
                    String file = args.getString("file");
                    try (BufferedReader reader = Files.newBufferedReader(Path.of(file), StandardCharsets.UTF_8)) {
                        shell.runScript(reader, file);
                    } catch (NoSuchFileException e) {
                        err.println("ERROR: cannot run " + file + ": no such file");
                        return Cli.EXIT_FAILURE;
                    }
                } else {
                    shell.runScript(new BufferedReader(new InputStreamReader(stdin, StandardCharsets.UTF_8)),
                            "standard input");
                }
            } finally {
                out.flush();
            }
            return shell.failures() == 0 ? Cli.EXIT_OK : Cli.EXIT_FAILURE;
        }
    }

    private static int interactive(Connection connection, Shell.Settings settings, String url, boolean defaultUrl,
                                   Path history) throws IOException {
        try (Terminal terminal = TerminalBuilder.builder().system(true).name("tern").build()) {
            PrintWriter writer = terminal.writer();
            writer.println("TernDB shell: \\help for help, \\q or Ctrl-D to quit.");
            writer.println(defaultUrl ? inMemoryNote() : "Connected to " + url + ".");
            writer.flush();
            Shell shell = new Shell(connection, settings, writer, writer);
            new Repl(shell, terminal, history).run();
            writer.flush();
        }
        return Cli.EXIT_OK;
    }

    static String inMemoryNote() {
        return "Connected to a private in-memory database (" + DEFAULT_URL + "), gone when the shell exits.";
    }

    private static Path historyFile(String name) {
        if (name.equals("~") || name.startsWith("~/")) {
            return Path.of(System.getProperty("user.home")).resolve(name.substring(Math.min(2, name.length())));
        }
        return Path.of(name);
    }
}
