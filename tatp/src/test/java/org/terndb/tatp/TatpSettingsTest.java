package org.terndb.tatp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.terndb.cli.ParsedOptions;

class TatpSettingsTest {

    private static TatpSettings parse(String... args) {
        ParsedOptions parsed = new TatpCommand().options().parse(args);
        return TatpSettings.parse(parsed);
    }

    @Test
    void defaultsAreTheStandardMixOnOneHundredThousandSubscribers() {
        TatpSettings s = parse();
        assertArrayEquals(new int[] {35, 10, 35, 2, 14, 2, 2}, s.mix());
        assertEquals(16.0, s.ingestPercent(), 1e-9);
        assertEquals(100_000, s.subscribers());
        assertEquals("silo", s.protocol());
        assertEquals(TatpSettings.Mode.DIRECT, s.mode());
    }

    @Test
    void ingestSixteenIsTheStandardMix() {
        assertArrayEquals(new int[] {3500, 1000, 3500, 200, 1400, 200, 200}, TatpSettings.ingestMix(16));
    }

    @Test
    void ingestRaisesTheIngestionShareKeepingBothSidesProportions() {
        for (double p : new double[] {0, 16, 33.3, 50, 80, 99.99, 100}) {
            int[] mix = TatpSettings.ingestMix(p);
            assertEquals(10_000, Arrays.stream(mix).sum(), "p=" + p);
            assertEquals(p, TatpSettings.ingestPercent(mix), 0.01, "p=" + p);
        }
        int[] eighty = TatpSettings.ingestMix(80);
        assertEquals(1000, eighty[TatpTxn.UPDATE_SUBSCRIBER_DATA.ordinal()]);
        assertEquals(7000, eighty[TatpTxn.UPDATE_LOCATION.ordinal()]);
        // the other 20% in the standard 35:10:35:2:2 proportions (of 84)
        assertEquals(833, eighty[TatpTxn.GET_SUBSCRIBER_DATA.ordinal()], 1);
        assertEquals(238, eighty[TatpTxn.GET_NEW_DESTINATION.ordinal()], 1);
        assertEquals(48, eighty[TatpTxn.INSERT_CALL_FORWARDING.ordinal()], 1);
        int[] all = TatpSettings.ingestMix(100);
        assertArrayEquals(new int[] {0, 0, 0, 1250, 8750, 0, 0}, all);
    }

    @Test
    void updateIntensiveIsEightyPercentIngestion() {
        TatpSettings s = parse("--update-intensive");
        assertEquals(80.0, s.ingestPercent(), 1e-9);
        assertArrayEquals(TatpSettings.ingestMix(80), s.mix());
        assertEquals(true, s.updateIntensive());
    }

    @Test
    void protocolOfATernDbUrlIsAppendedToIt() {
        TatpSettings s = parse("--mode", "proc", "--protocol", "MVTO");
        assertEquals("jdbc:tern:mem:tatp;protocol=mvto", s.jdbcUrl());
        assertEquals(true, s.tern());
        TatpSettings plain = parse("--mode", "jdbc", "--url", "jdbc:tern:mem:x;protocol=tictoc");
        assertEquals("jdbc:tern:mem:x;protocol=tictoc", plain.jdbcUrl());
        assertEquals(null, plain.protocol());
        TatpSettings h2 = parse("--mode", "jdbc", "--url", "jdbc:h2:mem:x");
        assertEquals("jdbc:h2:mem:x", h2.jdbcUrl());
        assertEquals(false, h2.tern());
    }
}
