package org.terndb.cli;

import java.io.PrintStream;

/**
 * A command with declared {@link Options}. Subclasses implement {@link #run}; this class handles
 * {@code --help}, usage errors (exit 2) and failures (one line on stderr, exit 1).
 */
public abstract class OptionCommand implements Command {
    private final String name;
    private final Options options;

    protected OptionCommand(String name, Options options) {
        this.name = name;
        this.options = options;
    }

    @Override
    public final String name() {
        return name;
    }

    /** The first line of the options' summary. */
    @Override
    public String summary() {
        return options.summary().lines().findFirst().orElse("");
    }

    public final Options options() {
        return options;
    }

    /**
     * Does the work. Human-readable output goes to {@code out}; with {@code --json} the last line
     * written to {@code out} must be the single JSON result object. Progress belongs on {@code err}.
     *
     * @return the exit code, normally {@link Cli#EXIT_OK}
     */
    protected abstract int run(ParsedOptions args, PrintStream out, PrintStream err) throws Exception;

    @Override
    public final int execute(String[] args, PrintStream out, PrintStream err) {
        try {
            ParsedOptions parsed = options.parse(args);
            if (parsed.helpRequested()) {
                out.print(options.help());
                return Cli.EXIT_OK;
            }
            return run(parsed, out, err);
        } catch (UsageException e) {
            return Cli.usageError(options.program(), e, err);
        } catch (Throwable e) {
            return Cli.failure(options.program(), e, err);
        } finally {
            out.flush();
        }
    }
}
