package org.terndb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class OptionsTest {
    private static Options options() {
        return new Options("tern demo", "Demonstrates options.")
                .value("keys", "N", "keys to load", "1000")
                .value("seconds", "S", "seconds per phase", "2.5")
                .value("name", "TEXT", "a name without default", null)
                .json();
    }

    @Test
    void valuesFallBackToDefaults() {
        ParsedOptions parsed = options().parse();
        assertEquals(1000, parsed.getInt("keys", 1, 10_000));
        assertEquals(2.5, parsed.getDouble("seconds", 0, 10));
        assertFalse(parsed.isSet("json"));
        assertFalse(parsed.isGiven("keys"));
        assertFalse(parsed.helpRequested());
    }

    @Test
    void parsesSpaceAndEqualsFormsAndFlags() {
        ParsedOptions parsed = options().parse("--keys", "1_000_000", "--seconds=0.2", "--json", "--name", "x=y");
        assertEquals(1_000_000L, parsed.getLong("keys", 1, Long.MAX_VALUE));
        assertEquals(0.2, parsed.getDouble("seconds", 0, 10));
        assertTrue(parsed.isSet("json"));
        assertEquals("x=y", parsed.getString("name"));
        assertTrue(parsed.isGiven("keys"));
    }

    @Test
    void unknownOptionNamesTheValidOnes() {
        UsageException e = assertThrows(UsageException.class, () -> options().parse("--kyes", "5"));
        assertEquals("unknown option --kyes; valid options are --keys, --seconds, --name, --json, --help", e.getMessage());
    }

    @Test
    void positionalArgumentIsRejected() {
        UsageException e = assertThrows(UsageException.class, () -> options().parse("extra"));
        assertTrue(e.getMessage().startsWith("unexpected argument 'extra'"), e.getMessage());
    }

    @Test
    void malformedInputsSayWhatWasWrong() {
        assertEquals("--keys needs a value (N)",
                assertThrows(UsageException.class, () -> options().parse("--keys")).getMessage());
        assertEquals("--json is a flag and takes no value",
                assertThrows(UsageException.class, () -> options().parse("--json=yes")).getMessage());
        assertEquals("--keys given more than once",
                assertThrows(UsageException.class, () -> options().parse("--keys", "1", "--keys", "2")).getMessage());
        assertEquals("--keys expects a whole number, got 'ten'",
                assertThrows(UsageException.class, () -> options().parse("--keys", "ten").getInt("keys", 1, 9)).getMessage());
        assertEquals("--keys must be between 1 and 9, got 10",
                assertThrows(UsageException.class, () -> options().parse("--keys", "10").getInt("keys", 1, 9)).getMessage());
        assertEquals("--seconds expects a number, got 'soon'",
                assertThrows(UsageException.class, () -> options().parse("--seconds", "soon").getDouble("seconds", 0, 9))
                        .getMessage());
        assertThrows(UsageException.class, () -> options().parse("--seconds", "0").getDouble("seconds", 0, 9));
        assertThrows(UsageException.class, () -> options().parse("--seconds", "NaN").getDouble("seconds", 0, 9));
        assertEquals("--name TEXT is required",
                assertThrows(UsageException.class, () -> options().parse().getString("name")).getMessage());
    }

    @Test
    void helpListsEveryOptionWithDefaults() {
        assertTrue(options().parse("--keys", "3", "-h").helpRequested());
        String help = options().help();
        assertTrue(help.startsWith("Usage: tern demo [options]\n\nDemonstrates options.\n\nOptions:\n"), help);
        assertTrue(help.contains("  --keys N      keys to load (default: 1000)\n"), help);
        assertTrue(help.contains("  --name TEXT   a name without default\n"), help);
        assertTrue(help.contains("  --help        show this help and exit\n"), help);
    }

    @Test
    void commandExitsWithTwoAndAMessageOnBadUsage() {
        OptionCommand command = new OptionCommand("demo", options()) {
            @Override
            protected int run(ParsedOptions args, PrintStream out, PrintStream err) {
                out.println("ran with " + args.getInt("keys", 1, 100));
                return Cli.EXIT_OK;
            }
        };
        Output out = new Output();
        Output err = new Output();
        assertEquals(Cli.EXIT_USAGE, command.execute(new String[] {"--bogus"}, out.stream, err.stream));
        assertEquals("", out.text());
        assertTrue(err.text().startsWith("tern demo: unknown option --bogus; valid options are --keys"), err.text());
        assertTrue(err.text().contains("Run 'tern demo --help' for usage."), err.text());

        assertEquals(Cli.EXIT_OK, command.execute(new String[] {"--help"}, out.stream, err.stream));
        assertTrue(out.text().startsWith("Usage: tern demo"), out.text());

        Output ran = new Output();
        assertEquals(Cli.EXIT_OK, command.execute(new String[] {"--keys", "7"}, ran.stream, err.stream));
        assertEquals("ran with 7\n", ran.text());
    }

    @Test
    void commandFailureIsOneLineWithExitOne() {
        OptionCommand command = new OptionCommand("demo", options()) {
            @Override
            protected int run(ParsedOptions args, PrintStream out, PrintStream err) {
                throw new CommandFailedException("the index lost 3 keys");
            }
        };
        Output err = new Output();
        assertEquals(Cli.EXIT_FAILURE, command.execute(new String[0], new Output().stream, err.stream));
        assertEquals("tern demo: error: the index lost 3 keys\n", err.text());
    }

    @Test
    void groupDispatchesAndRejectsUnknownSubCommands() {
        OptionCommand leaf = new OptionCommand("leaf", new Options("tern group leaf", "A leaf.")) {
            @Override
            protected int run(ParsedOptions args, PrintStream out, PrintStream err) {
                out.println("leaf ran");
                return Cli.EXIT_OK;
            }
        };
        CommandGroup group = new CommandGroup("tern group", "group", "A group.").add(leaf);
        Output out = new Output();
        Output err = new Output();
        assertEquals(Cli.EXIT_OK, group.execute(new String[] {"leaf"}, out.stream, err.stream));
        assertEquals("leaf ran\n", out.text());

        assertEquals(Cli.EXIT_USAGE, group.execute(new String[] {"nope"}, out.stream, err.stream));
        assertTrue(err.text().startsWith("tern group: unknown sub-command 'nope'; valid sub-commands are leaf"), err.text());

        Output help = new Output();
        assertEquals(Cli.EXIT_OK, group.execute(new String[0], help.stream, err.stream));
        assertTrue(help.text().contains("  leaf   A leaf.\n"), help.text());
    }

    /** Captures what a command prints. */
    static final class Output {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8);

        String text() {
            stream.flush();
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }
}
