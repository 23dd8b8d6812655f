package org.terndb.harness.compare;

import java.util.ArrayList;
import java.util.List;
import org.terndb.cli.ParsedOptions;

/**
 * The options a comparison passes on unchanged to each of its runs: the benchmark's own {@code --mode jdbc --url URL}
 * command line, rebuilt from the comparison's parsed options so that each run parses (and validates) it exactly as
 * {@code tern tpcc} or {@code tern tatp} would.
 */
public final class ForwardedOptions {
    private final List<String> values;
    private final List<String> flags;

    /** {@code values}: options with a value given on the comparison's command line; {@code flags}: those without. */
    public ForwardedOptions(List<String> values, List<String> flags) {
        this.values = List.copyOf(values);
        this.flags = List.copyOf(flags);
    }

    /** The run's command line: {@code --mode jdbc --url URL} and every forwarded option the user gave. */
    public String[] jdbcRun(ParsedOptions args, String url) {
        List<String> run = new ArrayList<>(List.of("--mode", "jdbc", "--url", url));
        for (String name : values) {
            if (args.isGiven(name)) {
                run.add("--" + name);
                run.add(args.getString(name));
            }
        }
        for (String name : flags) {
            if (args.isSet(name)) {
                run.add("--" + name);
            }
        }
        return run.toArray(new String[0]);
    }
}
