package org.terndb.harness.compare;

import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import com.google.gson.JsonParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.terndb.cli.CommandFailedException;

/**
 * A benchmark command run in a JVM of its own, with this JVM's {@code java}, flags and class path, so that each
 * database of a comparison is measured as an application using only that database would run it. In one shared JVM
 * the database measured later runs the client code compiled for the drivers seen before it: its JDBC call sites are
 * megamorphic and its heap holds the earlier databases' garbage. H2 measured after TernDB in one JVM ran TATP at
 * 0.7-0.8 of its speed in a JVM of its own.
 *
 * <p>The child's standard error is copied to the caller's progress stream line by line as it comes; its standard
 * output's last line is the command's {@code --json} result.
 */
public final class ChildJvm {
    private ChildJvm() {
    }

    /**
     * A comparison's run of one target: the benchmark's {@code main} with {@code commandLine}'s arguments and
     * {@code --json}, in a JVM of its own; reads its {@code tps} and reports it, the abort ratio and whether the
     * consistency conditions were checked (a failed one makes the command exit with status 1, which fails the
     * comparison).
     */
    public static Comparison.Run comparisonRun(Class<?> main, Function<CompareTarget, String[]> commandLine,
                                               PrintStream progress) {
        return target -> {
            List<String> args = new ArrayList<>(List.of(commandLine.apply(target)));
            args.add("--json");
            JsonObject result = runJson(main.getName(), args, progress);
            double tps = result.get("tps").getAsDouble();
            progress.printf(Locale.ROOT, "%s: %,.0f tps, abort ratio %.4f, %s%n", target.title(), tps,
                    result.get("abort_ratio").getAsDouble(), result.has("consistency") ? "consistent" : "not checked");
            return tps;
        };
    }

    /**
     * Runs {@code mainClass} with {@code args} (which must ask for {@code --json}) and returns the JSON object its
     * standard output ends with.
     *
     * @throws CommandFailedException if the child exits with another status than 0 or prints no JSON object last
     */
    public static JsonObject runJson(String mainClass, List<String> args, PrintStream progress)
            throws IOException, InterruptedException {
        return runJson(jvmFlags(), mainClass, args, progress);
    }

    /** As {@link #runJson(String, List, PrintStream)}, with these JVM flags in place of this JVM's. */
    public static JsonObject runJson(List<String> jvmFlags, String mainClass, List<String> args, PrintStream progress)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmFlags);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(args);
        Process process = new ProcessBuilder(command).start();
        // The child must not outlive this JVM when it is stopped (Ctrl-C) while the child runs.
        Thread stopChild = new Thread(process::destroyForcibly, "child-jvm-stop");
        Runtime.getRuntime().addShutdownHook(stopChild);
        List<String> stdout = new ArrayList<>();
        int status;
        try {
            process.getOutputStream().close();
            Thread copier = new Thread(() -> copyLines(process.getErrorStream(), progress), "child-jvm-stderr");
            copier.setDaemon(true);
            copier.start();
            try (BufferedReader out = reader(process.getInputStream())) {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    stdout.add(line);
                }
            }
            status = process.waitFor();
            copier.join();
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly(); // this thread failed or was interrupted while the child ran
            }
            try {
                Runtime.getRuntime().removeShutdownHook(stopChild);
            } catch (IllegalStateException shuttingDown) {
                // the hook runs anyway
            }
        }
        if (status != 0) {
            throw new CommandFailedException(mainClass + " exited with status " + status + " in its JVM (its"
                    + " messages are above)");
        }
        String last = stdout.isEmpty() ? "" : stdout.get(stdout.size() - 1);
        try {
            return JsonParser.parseString(last).getAsJsonObject();
        } catch (JsonParseException | IllegalStateException e) {
            throw new CommandFailedException(mainClass + " did not end its output with a JSON object: '" + last + "'");
        }
    }

    /** This JVM's flags, without a debugger agent (its port would clash). */
    private static List<String> jvmFlags() {
        List<String> flags = new ArrayList<>();
        for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (!flag.startsWith("-agentlib:jdwp") && !flag.startsWith("-Xrunjdwp")) {
                flags.add(flag);
            }
        }
        return flags;
    }

    private static void copyLines(InputStream in, PrintStream to) {
        try (BufferedReader r = reader(in)) {
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                to.println(line);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static BufferedReader reader(InputStream in) {
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }
}
