package org.terndb.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/** A command whose first argument picks one of its sub-commands, as in {@code tern bench index}. */
public final class CommandGroup implements Command {
    private final String program;
    private final String name;
    private final String summary;
    private final Map<String, Command> commands = new LinkedHashMap<>();

    /**
     * @param program how the user types this group, e.g. {@code "tern bench"}
     * @param name the word that selects it in its parent, e.g. {@code "bench"}
     */
    public CommandGroup(String program, String name, String summary) {
        this.program = program;
        this.name = name;
        this.summary = summary;
    }

    public CommandGroup add(Command command) {
        if (commands.putIfAbsent(command.name(), command) != null) {
            throw new IllegalArgumentException("sub-command declared twice: " + command.name());
        }
        return this;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String summary() {
        return summary;
    }

    @Override
    public int execute(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            out.print(help());
            out.flush();
            return Cli.EXIT_OK;
        }
        Command command = commands.get(args[0]);
        if (command == null) {
            return Cli.usageError(program, new UsageException(
                    "unknown sub-command '" + args[0] + "'; valid sub-commands are " + String.join(", ", commands.keySet())),
                    err);
        }
        return command.execute(Arrays.copyOfRange(args, 1, args.length), out, err);
    }

    public String help() {
        int width = commands.keySet().stream().mapToInt(String::length).max().orElse(0);
        StringBuilder sb = new StringBuilder();
        sb.append("Usage: ").append(program).append(" <sub-command> [options]\n\n");
        sb.append(summary).append("\n\nSub-commands:\n");
        commands.forEach((key, command) -> sb.append("  ").append(key).append(" ".repeat(width - key.length() + 3))
                .append(command.summary()).append('\n'));
        sb.append("\nRun '").append(program).append(" <sub-command> --help' for its options.\n");
        return sb.toString();
    }
}
