package org.terndb.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The options a command accepts, its generated {@code --help} text, and the parser.
 *
 * <p>Syntax: {@code --name value}, {@code --name=value} and {@code --flag}; {@code --help} (or
 * {@code -h}) is always accepted. Positional arguments are not: every input has a name.
 *
 * <pre>{@code
 * Options options = new Options("tern bench index", "Compares Masstree with a skip list.")
 *         .value("keys", "N", "keys loaded into each structure", "1000000")
 *         .json();
 * ParsedOptions parsed = options.parse(args);   // throws UsageException
 * int keys = parsed.getInt("keys", 1, Integer.MAX_VALUE);
 * }</pre>
 */
public final class Options {
    public static final String HELP = "help";
    public static final String JSON = "json";

    /** One declared option; {@code valueName == null} means a flag. */
    record Spec(String name, String valueName, String description, String defaultValue) {
        boolean isFlag() {
            return valueName == null;
        }
    }

    private final String program;
    private final String summary;
    private final Map<String, Spec> specs = new LinkedHashMap<>();

    /**
     * @param program how the user types the command, e.g. {@code "tern bench index"}
     * @param summary one or two sentences printed under the usage line
     */
    public Options(String program, String summary) {
        this.program = program;
        this.summary = summary;
    }

    /** Declares {@code --name VALUE}; {@code defaultValue} may be null for an option without a default. */
    public Options value(String name, String valueName, String description, String defaultValue) {
        return add(new Spec(name, valueName, description, defaultValue));
    }

    /** Declares a boolean {@code --name}, false unless given. */
    public Options flag(String name, String description) {
        return add(new Spec(name, null, description, null));
    }

    /** Declares the house {@code --json} flag with its standard wording. */
    public Options json() {
        return flag(JSON, "print the result as one JSON object on the last line of stdout");
    }

    private Options add(Spec spec) {
        if (spec.name().isEmpty() || spec.name().startsWith("-") || spec.name().equals(HELP)) {
            throw new IllegalArgumentException("bad option name: " + spec.name());
        }
        if (specs.putIfAbsent(spec.name(), spec) != null) {
            throw new IllegalArgumentException("option declared twice: --" + spec.name());
        }
        return this;
    }

    public String program() {
        return program;
    }

    public String summary() {
        return summary;
    }

    /** Parses {@code args}; an unknown, repeated, or malformed option throws {@link UsageException}. */
    public ParsedOptions parse(String... args) {
        Map<String, String> values = new HashMap<>();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--" + HELP) || arg.equals("-h")) {
                help = true;
                continue;
            }
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new UsageException("unexpected argument '" + arg + "'; options are " + validOptions());
            }
            int eq = arg.indexOf('=');
            String name = arg.substring(2, eq < 0 ? arg.length() : eq);
            Spec spec = specs.get(name);
            if (spec == null) {
                throw new UsageException("unknown option --" + name + "; valid options are " + validOptions());
            }
            String value;
            if (spec.isFlag()) {
                if (eq >= 0) {
                    throw new UsageException("--" + name + " is a flag and takes no value");
                }
                value = "true";
            } else if (eq >= 0) {
                value = arg.substring(eq + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException("--" + name + " needs a value (" + spec.valueName() + ")");
            }
            if (values.put(name, value) != null) {
                throw new UsageException("--" + name + " given more than once");
            }
        }
        return new ParsedOptions(this, values, help);
    }

    Spec spec(String name) {
        Spec spec = specs.get(name);
        if (spec == null) {
            // A programming error in the command, not a user error.
            throw new IllegalArgumentException(program + " declares no option --" + name);
        }
        return spec;
    }

    private String validOptions() {
        StringJoiner joiner = new StringJoiner(", ");
        specs.keySet().forEach(name -> joiner.add("--" + name));
        return joiner.add("--" + HELP).toString();
    }

    /** The {@code --help} text: usage line, summary, one aligned line per option. */
    public String help() {
        List<String[]> rows = new ArrayList<>();
        for (Spec spec : specs.values()) {
            String left = "--" + spec.name() + (spec.isFlag() ? "" : " " + spec.valueName());
            String right = spec.description()
                    + (spec.defaultValue() == null ? "" : " (default: " + spec.defaultValue() + ")");
            rows.add(new String[] {left, right});
        }
        rows.add(new String[] {"--" + HELP, "show this help and exit"});
        int width = rows.stream().mapToInt(r -> r[0].length()).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: ").append(program).append(" [options]\n\n");
        sb.append(summary).append("\n\nOptions:\n");
        for (String[] row : rows) {
            sb.append("  ").append(row[0]).append(" ".repeat(width - row[0].length() + 3)).append(row[1]).append('\n');
        }
        return sb.toString();
    }
}
