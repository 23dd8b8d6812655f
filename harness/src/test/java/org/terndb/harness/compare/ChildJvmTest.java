package org.terndb.harness.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.cli.CommandFailedException;

/** {@link ChildJvm}: a command in a JVM of its own, its messages passed on, its JSON result read, its failure told. */
class ChildJvmTest {
    private final ByteArrayOutputStream progressBytes = new ByteArrayOutputStream();
    private final PrintStream progress = new PrintStream(progressBytes, true, StandardCharsets.UTF_8);

    /** Prints its arguments' count and its process id as JSON after a line for people; exits with args[0]. */
    public static final class Child {
        public static void main(String[] args) {
            System.err.println("child: working on " + String.join(" ", args));
            System.out.println("a table for people");
            if (!args[1].equals("no-json")) {
                System.out.println("{\"tps\":" + args.length + ",\"abort_ratio\":0.25,\"pid\":"
                        + ProcessHandle.current().pid() + ",\"consistency\":{\"ok\":true}}");
            }
            System.exit(Integer.parseInt(args[0]));
        }
    }

    private String progress() {
        return progressBytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void runsTheCommandInAnotherJvmAndReadsTheJsonItEndsWith() throws Exception {
        JsonObject json = ChildJvm.runJson(Child.class.getName(), List.of("0", "json", "--json"), progress);
        assertEquals(3, json.get("tps").getAsInt());
        assertTrue(json.get("pid").getAsLong() != ProcessHandle.current().pid(), json.toString());
        assertTrue(progress().contains("child: working on 0 json --json"), progress());
    }

    @Test
    void aComparisonRunReportsTheTargetsFigures() throws Exception {
        Comparison.Run run = ChildJvm.comparisonRun(Child.class, target -> new String[] {"0", target.key()}, progress);
        assertEquals(3, run.tps(CompareTarget.h2("db")));
        assertTrue(progress().contains("child: working on 0 h2 --json"), progress());
        assertTrue(progress().contains("H2 (in-memory, MVStore): 3 tps, abort ratio 0.2500, consistent"), progress());
    }

    @Test
    void aFailingCommandFailsWithItsStatusAndItsMessagesPassedOn() {
        CommandFailedException e = assertThrows(CommandFailedException.class,
                () -> ChildJvm.runJson(Child.class.getName(), List.of("1", "json"), progress));
        assertTrue(e.getMessage().contains("exited with status 1"), e.getMessage());
        assertTrue(progress().contains("child: working on 1 json"), progress());
    }

    @Test
    void aCommandThatPrintsNoJsonFailsClearly() {
        CommandFailedException e = assertThrows(CommandFailedException.class,
                () -> ChildJvm.runJson(Child.class.getName(), List.of("0", "no-json"), progress));
        assertTrue(e.getMessage().contains("did not end its output with a JSON object: 'a table for people'"),
                e.getMessage());
    }
}
