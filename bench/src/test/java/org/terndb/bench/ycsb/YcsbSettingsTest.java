package org.terndb.bench.ycsb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.terndb.cli.UsageException;

/** Presets, overrides and option checks; every case names --protocol none so it needs no registered protocol. */
class YcsbSettingsTest {
    private static YcsbSettings parse(String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--protocol";
        all[1] = "none";
        System.arraycopy(args, 0, all, 2, args.length);
        return YcsbSettings.parse(new YcsbCommand().options().parse(YcsbCommand.joinRepeatedOpt(all)));
    }

    @Test
    void presetsSetReadRatioAndWriteModel() {
        assertEquals(0.5, parse("--workload", "A").readRatio());
        assertFalse(parse("--workload", "A").readModifyWrite());
        assertEquals(0.95, parse("--workload", "B").readRatio());
        assertFalse(parse("--workload", "B").readModifyWrite());
        assertEquals(1.0, parse("--workload", "c").readRatio());
        YcsbSettings f = parse("--workload", "F");
        assertEquals(0.5, f.readRatio());
        assertTrue(f.readModifyWrite());
        assertEquals(YcsbPreset.F, f.preset());
    }

    @Test
    void explicitFlagsOverrideThePreset() {
        YcsbSettings s = parse("--workload", "C", "--read-ratio", "0.8", "--rmw");
        assertEquals(0.8, s.readRatio());
        assertTrue(s.readModifyWrite());
        assertEquals(YcsbPreset.C, s.preset());
    }

    @Test
    void withoutAPresetTheDefaultsAreCcbenchs() {
        YcsbSettings s = parse();
        assertNull(s.preset());
        assertEquals(0.5, s.readRatio());
        assertFalse(s.readModifyWrite());
        assertEquals(1_000_000, s.records());
        assertEquals(100, s.payload());
        assertEquals(10, s.opsPerTxn());
        assertEquals(0.0, s.skew());
        assertEquals(2, s.threads());
        assertTrue(s.baseline());
        assertTrue(s.protocols().isEmpty());
    }

    @Test
    void unknownPresetIsAUsageError() {
        UsageException e = assertThrows(UsageException.class, () -> parse("--workload", "E"));
        assertTrue(e.getMessage().contains("A, B, C, F"), e.getMessage());
    }

    @Test
    void optionSwitchesAndRepeatedOptReachTxnOptions() {
        YcsbSettings s = parse("--opt", "epoch_ms=10", "--opt=lock_timeout_ms=50,deadlock=wound-wait",
                "--backoff", "false", "--no-wait", "--read-phase-extension-us", "5");
        assertEquals(Map.of("epoch_ms", "10", "lock_timeout_ms", "50", "deadlock", "wound-wait", "backoff", "false",
                "no_wait", "true", "read_phase_extension_us", "5"), s.txnOptions().nonDefault());
    }

    @Test
    void repeatedOptIsJoinedAndOtherArgumentsKeepTheirOrder() {
        assertArrayEquals(new String[] {"--seed", "3", "--json", "--opt=a=1,b=2"},
                YcsbCommand.joinRepeatedOpt(new String[] {"--opt", "a=1", "--seed", "3", "--opt=b=2", "--json"}));
    }

    @Test
    void invalidTxnOptionListsTheValidKeys() {
        UsageException e = assertThrows(UsageException.class, () -> parse("--opt", "bogus=1"));
        assertTrue(e.getMessage().contains("bogus") && e.getMessage().contains("epoch_ms"), e.getMessage());
        e = assertThrows(UsageException.class, () -> parse("--backoff", "maybe"));
        assertTrue(e.getMessage().contains("true or false"), e.getMessage());
        e = assertThrows(UsageException.class, () -> parse("--opt", "epoch_ms"));
        assertTrue(e.getMessage().contains("key=value"), e.getMessage());
    }

    @Test
    void outOfRangeWorkloadParametersAreUsageErrors() {
        assertThrows(UsageException.class, () -> parse("--skew", "1"));
        assertThrows(UsageException.class, () -> parse("--skew", "-0.5"));
        assertThrows(UsageException.class, () -> parse("--read-ratio", "1.5"));
        assertThrows(UsageException.class, () -> parse("--read-ratio", "-0.1"));
        assertThrows(UsageException.class, () -> parse("--records", "0"));
        assertEquals(0.0, parse("--warmup", "0").warmup());
    }

    @Test
    void unknownProtocolListsTheValidNames() {
        UsageException e = assertThrows(UsageException.class,
                () -> YcsbSettings.parse(new YcsbCommand().options().parse("--protocol", "nope")));
        assertTrue(e.getMessage().contains("none") && e.getMessage().contains("all"), e.getMessage());
    }
}
