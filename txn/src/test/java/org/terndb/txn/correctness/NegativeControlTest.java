package org.terndb.txn.correctness;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.terndb.txn.ConcurrencyControl;

/**
 * The suite's checks must be able to fail: each scenario is run against a deliberately broken protocol and must
 * report a violation. {@code no-validation} installs writes without validating anything; {@code
 * no-phantom-validation} validates the records it read but not the node set; {@code si-reference} is snapshot
 * isolation, whose only anomalies are cycles of rw edges (write skew). A scenario gets a few tries, since a
 * broken protocol only shows its bug when the scheduler interleaves the threads.
 */
class NegativeControlTest {
    private static final int TRIES = 8;

    /** Runs the scenario on fresh instances until it reports a violation that mentions {@code expected}. */
    private static void assertCaught(String protocol, String scenario, String expected,
                                     Function<ConcurrencyControl, Violations> run) {
        StringBuilder tries = new StringBuilder();
        for (int i = 0; i < TRIES; i++) {
            try (ConcurrencyControl cc = ProtocolsUnderTest.open(protocol)) {
                Violations v = run.apply(cc);
                if (!v.isEmpty() && (expected == null || v.report().contains(expected))) {
                    String report = v.report();
                    System.out.println("negative control caught on try " + (i + 1) + ", as it should: "
                            + report.substring(0, Math.min(report.length(), 1500)));
                    return;
                }
                tries.append("\n  try ").append(i + 1).append(": ").append(v.isEmpty() ? "no violation" : v.report());
            }
        }
        fail(scenario + " did not catch the broken protocol " + protocol + " in " + TRIES + " tries"
                + (expected == null ? "" : " (expected a report mentioning '" + expected + "')") + tries);
    }

    private static long seed(int i) {
        return 1000 + i;
    }

    @Test
    void bankCheckSeesTheTotalChangeWithoutValidation() {
        assertCaught(ProtocolsUnderTest.NO_VALIDATION, "bank", null,
                cc -> BankInvariantTest.transfers(cc, 4, 0, 700, seed(1), 300));
    }

    @Test
    void lostUpdateCheckSeesLostIncrementsWithoutValidation() {
        assertCaught(ProtocolsUnderTest.NO_VALIDATION, "lost update", "lost",
                cc -> LostUpdateTest.increments(cc, Harness.THREADS, 300));
    }

    @Test
    void writeSkewCheckSeesBothDoctorsOffWithoutValidation() {
        assertCaught(ProtocolsUnderTest.NO_VALIDATION, "write skew", "write skew",
                cc -> WriteSkewTest.doctors(cc, 20).violations());
    }

    @Test
    void historyCheckReportsLostUpdatesAndCyclesWithoutValidation() {
        assertCaught(ProtocolsUnderTest.NO_VALIDATION, "serialization graph", "cycle",
                cc -> SerializationGraphTest.history(cc, seed(2), 300).violations());
    }

    @Test
    void historyCheckFindsWriteSkewCyclesUnderSnapshotIsolation() {
        assertCaught(SnapshotReferenceProtocol.NAME, "serialization graph", "cycle",
                cc -> SerializationGraphTest.history(cc, seed(3), 300).violations());
    }

    @Test
    void historyCheckFindsPhantomCyclesWithoutNodeSetValidation() {
        assertCaught(ProtocolsUnderTest.NO_PHANTOM_VALIDATION, "serialization graph", "cycle",
                cc -> SerializationGraphTest.history(cc, seed(4), 300).violations());
    }

    @Test
    void scanCountCheckSeesPhantomsWithoutNodeSetValidation() {
        assertCaught(ProtocolsUnderTest.NO_PHANTOM_VALIDATION, "phantom summary", "counted",
                cc -> PhantomTest.summaries(cc, seed(5), 300));
    }

    @Test
    void rangeCapCheckSeesPhantomsWithoutNodeSetValidation() {
        assertCaught(ProtocolsUnderTest.NO_PHANTOM_VALIDATION, "capped range", "capped",
                cc -> PhantomTest.cappedRange(cc, seed(6), 300));
    }

    @Test
    void everyInsertInterleavingCatchesAMissingNodeSetValidation() {
        for (PhantomTest.Case c : PhantomTest.cases()) {
            if (c.change() != PhantomTest.Change.INSERT) {
                continue; // a deleted row was read, so record validation alone catches deletes
            }
            assertCaught(ProtocolsUnderTest.NO_PHANTOM_VALIDATION, "interleaving '" + c.name() + "'", c.name(), cc -> {
                Violations v = new Violations(cc.name() + " interleaving");
                PhantomTest.interleave(cc, c, v);
                return v;
            });
        }
    }

    @Test
    void everyDeleteInterleavingCatchesMissingValidation() {
        for (PhantomTest.Case c : PhantomTest.cases()) {
            if (c.change() == PhantomTest.Change.DELETE) {
                assertCaught(ProtocolsUnderTest.NO_VALIDATION, "interleaving '" + c.name() + "'", c.name(), cc -> {
                    Violations v = new Violations(cc.name() + " interleaving");
                    PhantomTest.interleave(cc, c, v);
                    return v;
                });
            }
        }
    }

    @Test
    void secondaryIndexCheckSeesBrokenIndexesWithoutValidation() {
        assertCaught(ProtocolsUnderTest.NO_VALIDATION, "secondary indexes", null,
                cc -> SecondaryIndexConsistencyTest.indexes(cc, seed(7), 300));
    }

    @Test
    void theBrokenVariantsAreNotInTheSuitesProtocolList() {
        assertTrue(ProtocolsUnderTest.names().noneMatch(n ->
                n.equals(ProtocolsUnderTest.NO_VALIDATION) || n.equals(ProtocolsUnderTest.NO_PHANTOM_VALIDATION)));
    }
}
