package org.terndb.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The shell's engine room, shared by every way in: the REPL hands it each accepted input, scripts
 * ({@code -f}, standard input, {@code \i}) and {@code -c} hand it their text. It runs statements through
 * JDBC, meta-commands through {@link MetaCommands}, prints results in the chosen {@link Format}, and
 * reports errors as {@code ERROR <SQLState>: <message>} (the stack trace only with {@code --debug}).
 *
 * <p>Transactions: the shell runs in autocommit. {@code BEGIN} (or {@code START TRANSACTION}) turns
 * autocommit off; {@code COMMIT} and {@code ROLLBACK} call {@link Connection#commit()} and
 * {@link Connection#rollback()} and turn autocommit back on. If the database rolls an open transaction back
 * after an error (a conflict, a failed write), the shell refuses further statements (SQLState 25P02) until
 * {@code ROLLBACK} (or {@code COMMIT}, which then rolls back) ends it, so nothing typed afterwards runs
 * outside the transaction the user believes is open.
 *
 * <p>An error stops the rest of the current input (the typed lines, or the script) unless
 * {@code --continue-on-error}.
 */
final class Shell {
    enum Format { TABLE, CSV, JSON }

    /** What the user can change while the shell runs; the command line sets the first values. */
    static final class Settings {
        Format format = Format.TABLE;
        boolean expanded;
        boolean timing = true;
        int maxWidth = 50;
        boolean continueOnError;
        boolean debug;
    }

    static final String PROMPT = "tern=> ";
    static final String PROMPT_IN_TRANSACTION = "tern*> ";
    static final String PROMPT_FAILED_TRANSACTION = "tern!> ";
    static final String PROMPT_CONTINUATION = "tern-> ";

    private static final int MAX_INCLUDE_DEPTH = 16;
    private static final Set<String> DML = Set.of("INSERT", "UPDATE", "DELETE", "MERGE", "UPSERT");

    private final Connection connection;
    private final Settings settings;
    private final PrintWriter out;
    private final PrintWriter err;
    private final MetaCommands meta;
    private volatile Statement running;
    private boolean quit;
    private boolean transactionFailed;
    private int failures;
    private int includeDepth;

    /**
     * @param out results (and, in table format, status lines)
     * @param err errors, warnings, and in CSV/JSON format the status messages, so {@code out} stays data
     */
    Shell(Connection connection, Settings settings, PrintWriter out, PrintWriter err) {
        this.connection = connection;
        this.settings = settings;
        this.out = out;
        this.err = err;
        this.meta = new MetaCommands(this);
    }

    Connection connection() {
        return connection;
    }

    Settings settings() {
        return settings;
    }

    PrintWriter out() {
        return out;
    }

    /** Statements or meta-commands that failed so far. */
    int failures() {
        return failures;
    }

    boolean quitRequested() {
        return quit;
    }

    void requestQuit() {
        quit = true;
    }

    /** The prompt for the next input: it shows whether a transaction is open, or failed. */
    String prompt() {
        if (transactionFailed) {
            return PROMPT_FAILED_TRANSACTION;
        }
        try {
            return connection.getAutoCommit() ? PROMPT : PROMPT_IN_TRANSACTION;
        } catch (SQLException e) {
            return PROMPT;
        }
    }

    // ---- input -----------------------------------------------------------------------------------

    /**
     * Runs the statements and meta-commands in {@code input}; an unfinished last statement (no {@code ;})
     * runs too. Stops at the first error unless {@code --continue-on-error}, and after {@code \q}.
     *
     * @param source where the input comes from, for error locations; null for what the user typed
     * @return false if an error stopped it
     */
    boolean run(String input, String source, int firstLine) {
        InputSplitter.Split split = InputSplitter.split(input, firstLine);
        List<InputSplitter.Item> items = new ArrayList<>(split.items());
        if (split.restHasContent()) {
            items.add(new InputSplitter.Item(InputSplitter.Kind.STATEMENT, split.rest(), split.restLine()));
        }
        for (InputSplitter.Item item : items) {
            if (quit) {
                return true;
            }
            if (!runItem(item, source) && !settings.continueOnError) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads a script to its end, running each statement as soon as its {@code ;} arrives (so a script
     * on standard input runs while it is typed or piped).
     *
     * @return false if an error stopped it
     */
    boolean runScript(BufferedReader reader, String source) throws IOException {
        StringBuilder pending = new StringBuilder();
        int pendingLine = 1;
        int lineNumber = 0;
        String line;
        while (!quit && (line = reader.readLine()) != null) {
            lineNumber++;
            if (pending.length() == 0) {
                pendingLine = lineNumber;
            }
            pending.append(line).append('\n');
            if (InputSplitter.isComplete(pending.toString())) {
                boolean ok = run(pending.toString(), source, pendingLine);
                pending.setLength(0);
                if (!ok) {
                    return false;
                }
            }
        }
        return quit || run(pending.toString(), source, pendingLine);
    }

    /** {@code \i}: runs a script file inside the current input. */
    boolean include(BufferedReader reader, String source) throws IOException, ShellException {
        if (includeDepth >= MAX_INCLUDE_DEPTH) {
            throw new ShellException("\\i nested more than " + MAX_INCLUDE_DEPTH + " deep; does " + source
                    + " include itself?");
        }
        includeDepth++;
        try {
            return runScript(reader, source);
        } finally {
            includeDepth--;
        }
    }

    private boolean runItem(InputSplitter.Item item, String source) {
        try {
            if (item.kind() == InputSplitter.Kind.META) {
                // A failing included script has reported its own errors.
                return meta.run(item.text());
            }
            statement(item.text());
            return true;
        } catch (SQLException e) {
            report("ERROR " + (e.getSQLState() == null ? "" : e.getSQLState()) + ": " + message(e), e, item, source);
        } catch (ShellException e) {
            report("ERROR: " + e.getMessage(), e, item, source);
        } catch (IOException e) {
            report("ERROR: " + e.getMessage(), e, item, source);
        } catch (RuntimeException e) {
            report("ERROR: internal error: " + e, e, item, source);
        }
        return false;
    }

    private void report(String line, Exception e, InputSplitter.Item item, String source) {
        failures++;
        out.flush();
        err.println(line);
        if (source != null) {
            err.println("  at line " + item.line() + " of " + source);
        }
        if (e instanceof TransactionLostException) {
            err.println("  the open transaction was rolled back: type ROLLBACK to end it");
        }
        if (settings.debug) {
            e.printStackTrace(err);
        }
        err.flush();
    }

    /** A statement failed and the database rolled the open transaction back with it. */
    private static final class TransactionLostException extends SQLException {
        private static final long serialVersionUID = 1L;

        TransactionLostException(SQLException cause) {
            super(message(cause), cause.getSQLState(), cause.getErrorCode(), cause);
        }
    }

    private static String message(SQLException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    // ---- statements ------------------------------------------------------------------------------

    private void statement(String sql) throws SQLException {
        TransactionCommand command = TransactionCommand.of(sql);
        if (command != null) {
            transaction(command);
            return;
        }
        if (transactionFailed) {
            throw new SQLException("the transaction was rolled back after an error; end it with ROLLBACK before"
                    + " running more statements", "25P02");
        }
        boolean explicit = !connection.getAutoCommit();
        boolean wasOpen = explicit && TernInfo.inTransaction(connection);
        long start = System.nanoTime();
        try (Statement statement = connection.createStatement()) {
            running = statement;
            if (statement.execute(sql)) {
                ResultTable table;
                try (ResultSet rs = statement.getResultSet()) {
                    table = ResultTable.read(rs);
                }
                printRows(table, System.nanoTime() - start);
            } else {
                printUpdate(sql, statement.getUpdateCount(), System.nanoTime() - start);
            }
        } catch (SQLException e) {
            if (explicit && !connection.isClosed() && transactionLost(e, wasOpen)) {
                transactionFailed = true;
                throw new TransactionLostException(e);
            }
            throw e;
        } finally {
            running = null;
        }
    }

    /** Whether the failed statement took the open transaction with it. */
    private boolean transactionLost(SQLException e, boolean wasOpen) {
        String state = e.getSQLState();
        return (state != null && state.startsWith("40")) || (wasOpen && !TernInfo.inTransaction(connection));
    }

    private void transaction(TransactionCommand command) throws SQLException {
        boolean open = !connection.getAutoCommit();
        switch (command) {
            case BEGIN -> {
                if (open) {
                    warn("a transaction is already open; BEGIN ignored");
                    return;
                }
                connection.setAutoCommit(false);
                status("BEGIN");
            }
            case COMMIT, ROLLBACK -> {
                if (!open) {
                    warn("no transaction is open; " + command + " ignored");
                    return;
                }
                boolean rollback = command == TransactionCommand.ROLLBACK || transactionFailed;
                transactionFailed = false;
                try {
                    if (rollback) {
                        connection.rollback();
                    } else {
                        connection.commit();
                    }
                } finally {
                    connection.setAutoCommit(true);
                }
                status(rollback ? "ROLLBACK" : "COMMIT");
            }
            default -> throw new IllegalStateException(command.toString());
        }
    }

    /** Ctrl-C while a statement runs: asks the driver to cancel it. */
    void cancelRunning() {
        Statement statement = running;
        if (statement == null) {
            return;
        }
        try {
            statement.cancel();
            warn("cancel requested");
        } catch (SQLException e) {
            warn("the statement cannot be cancelled (" + message(e) + "); wait for it to finish");
        }
    }

    // ---- output ----------------------------------------------------------------------------------

    /**
     * Prints rows in the current format; in table format a row count (and time) follows.
     *
     * @param nanos how long the statement took; negative for rows the shell made (no time shown)
     */
    void printRows(ResultTable table, long nanos) {
        switch (settings.format) {
            case CSV -> CsvPrinter.print(table, out);
            case JSON -> JsonPrinter.rows(table, out);
            case TABLE -> {
                TablePrinter printer = new TablePrinter(settings.maxWidth);
                if (settings.expanded) {
                    printer.expanded(table, out);
                } else {
                    printer.aligned(table, out);
                }
                int n = table.rows().size();
                String time = elapsed(nanos);
                out.println("(" + n + (n == 1 ? " row" : " rows") + (time.isEmpty() ? "" : ", " + time) + ")");
                out.println();
            }
            default -> throw new IllegalStateException(settings.format.toString());
        }
        out.flush();
    }

    /** Rows a meta-command made: printed like a query's, without a time. */
    void printRows(ResultTable table) {
        printRows(table, -1);
    }

    private void printUpdate(String sql, long count, long nanos) {
        switch (settings.format) {
            case JSON -> JsonPrinter.updateCount(count, out);
            case CSV -> {
                // CSV carries rows only.
            }
            case TABLE -> {
                String what = DML.contains(firstWord(sql))
                        ? count + (count == 1 ? " row" : " rows") + " affected" : "OK";
                String time = elapsed(nanos);
                out.println(what + (time.isEmpty() ? "" : " (" + time + ")"));
            }
            default -> throw new IllegalStateException(settings.format.toString());
        }
        out.flush();
    }

    /** The time a statement took, or "" when timing is off or there is none. */
    private String elapsed(long nanos) {
        return settings.timing && nanos >= 0 ? String.format(Locale.ROOT, "%.3f ms", nanos / 1e6) : "";
    }

    /** A message about what the shell did: on {@code out} in table format, else on {@code err}. */
    void status(String message) {
        PrintWriter to = settings.format == Format.TABLE ? out : err;
        to.println(message);
        to.flush();
    }

    void warn(String message) {
        out.flush();
        err.println("WARNING: " + message);
        err.flush();
    }

    private static String firstWord(String sql) {
        int i = 0;
        while (i < sql.length() && !Character.isLetter(sql.charAt(i))) {
            i++;
        }
        int j = i;
        while (j < sql.length() && Character.isLetter(sql.charAt(j))) {
            j++;
        }
        return sql.substring(i, j).toUpperCase(Locale.ROOT);
    }
}
