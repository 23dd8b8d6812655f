package org.terndb.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.terndb.cli.CommandFailedException;

class DriverThreadTest {
    enum Kind implements TransactionType {
        READ, WRITE;

        @Override
        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        @Override
        public String title() {
            return name();
        }
    }

    /**
     * Plays a script of attempt outcomes for one transaction type; stops the run when the script ends (after the
     * last transaction finished, or at its last abort).
     */
    private static final class Scripted extends DriverThread<Kind> {
        final Deque<Outcome> script = new ArrayDeque<>();
        final RunPhase phase;
        int backoffs;
        int finished;
        boolean started;
        boolean ended;

        Scripted(RunPhase phase, Outcome... outcomes) {
            super(Kind.values().length);
            this.phase = phase;
            script.addAll(List.of(outcomes));
        }

        @Override
        protected Kind next() {
            return Kind.WRITE;
        }

        @Override
        protected Outcome attempt(Kind type) {
            Outcome o = script.poll();
            if (script.isEmpty() && o == Outcome.ABORTED) {
                phase.set(RunPhase.STOP);
            }
            return o == Outcome.ABORTED ? aborted("CONFLICT", "test") : o;
        }

        @Override
        protected void backoff() {
            backoffs++;
        }

        @Override
        protected void finished(Kind type, Outcome outcome) {
            finished++;
            if (script.isEmpty()) {
                phase.set(RunPhase.STOP);
            }
        }

        @Override
        protected void measureStarted() {
            started = true;
        }

        @Override
        protected void measureEnded() {
            ended = true;
        }
    }

    @Test
    void abortsAreRetriedAndCountedUntilTheTransactionCommitsOrRollsBack() throws Exception {
        RunPhase phase = new RunPhase();
        phase.set(RunPhase.MEASURE);
        Scripted d = new Scripted(phase, Outcome.ABORTED, Outcome.ABORTED, Outcome.COMMITTED, Outcome.ABORTED,
                Outcome.ROLLED_BACK);
        d.loop(phase);
        TerminalStats s = d.stats();
        assertEquals(1, s.commits(Kind.WRITE.ordinal()));
        assertEquals(1, s.rollbacks(Kind.WRITE.ordinal()));
        assertEquals(3, s.aborts(Kind.WRITE.ordinal()));
        assertEquals(0, s.aborts(Kind.READ.ordinal()));
        assertEquals(java.util.Map.of("CONFLICT", 3L), s.abortsByReason());
        assertEquals(3, d.backoffs);
        assertEquals(2, d.finished);
        assertTrue(d.started && d.ended);
    }

    @Test
    void nothingIsCountedDuringWarmUpAndARetryAfterTheStopIsAbandoned() throws Exception {
        RunPhase phase = new RunPhase();
        Scripted d = new Scripted(phase, Outcome.COMMITTED, Outcome.ABORTED, Outcome.ABORTED);
        d.loop(phase);
        assertEquals(0, d.stats().totalCommits() + d.stats().totalAborts());
        assertEquals(1, d.finished, "the abandoned transaction never finished");
        assertTrue(!d.started && !d.ended);
    }

    @Test
    void aPendingCommitIsCountedWhenTheDriverAcknowledgesIt() throws Exception {
        RunPhase phase = new RunPhase();
        phase.set(RunPhase.MEASURE);
        long[] start = new long[1];
        int[] finished = new int[1];
        DriverThread<Kind> d = new DriverThread<>(2) {
            int attempts;

            @Override
            protected Kind next() {
                return Kind.WRITE;
            }

            @Override
            protected Outcome attempt(Kind type) {
                attempts++;
                if (attempts == 1) {
                    start[0] = System.nanoTime();
                    return Outcome.PENDING;
                }
                assertEquals(0, stats().totalCommits(), "a pending commit is not counted by the loop");
                assertEquals(0, finished[0]);
                acknowledged(Kind.WRITE, Outcome.COMMITTED, start[0]);
                phase.set(RunPhase.STOP);
                return Outcome.ROLLED_BACK;
            }

            @Override
            protected void finished(Kind type, Outcome outcome) {
                finished[0]++;
            }
        };
        d.loop(phase);
        assertEquals(1, d.stats().commits(Kind.WRITE.ordinal()), "counted once, at its acknowledgement");
        assertEquals(0, d.stats().rollbacks(Kind.WRITE.ordinal()), "the stop came first: not counted");
        assertEquals(2, finished[0]);
        RunPhase warmup = new RunPhase();
        DriverThread<Kind> idle = new DriverThread<>(2) {
            @Override
            protected Kind next() {
                return Kind.READ;
            }

            @Override
            protected Outcome attempt(Kind type) {
                acknowledged(Kind.READ, Outcome.COMMITTED, System.nanoTime());
                warmup.set(RunPhase.STOP);
                return Outcome.PENDING;
            }
        };
        idle.loop(warmup);
        assertEquals(0, idle.stats().totalCommits(), "acknowledged during the warm-up: not counted");
    }

    /** Commits {@code n} READs, then stops. */
    private static DriverThread<Kind> committing(int n, int latencySampling, RunPhase phase) {
        return new DriverThread<>(2, latencySampling) {
            int left = n;

            @Override
            protected Kind next() {
                return Kind.READ;
            }

            @Override
            protected Outcome attempt(Kind type) {
                return Outcome.COMMITTED;
            }

            @Override
            protected void finished(Kind type, Outcome outcome) {
                if (--left == 0) {
                    phase.set(RunPhase.STOP);
                }
            }
        };
    }

    @Test
    void everyTransactionIsCountedAndARandomSampleTimed() throws Exception {
        RunPhase phase = new RunPhase();
        phase.set(RunPhase.MEASURE);
        DriverThread<Kind> all = committing(1_000, 1, phase);
        all.loop(phase);
        assertEquals(1_000, all.stats().commits(Kind.READ.ordinal()));
        assertEquals(1_000, all.stats().timed(Kind.READ.ordinal()));

        phase.set(RunPhase.MEASURE);
        DriverThread<Kind> sampled = committing(80_000, 8, phase);
        sampled.loop(phase);
        assertEquals(80_000, sampled.stats().commits(Kind.READ.ordinal()), "every transaction counted");
        long timed = sampled.stats().timed(Kind.READ.ordinal());
        // one in eight: 10,000 expected, with a standard deviation of about 94
        assertTrue(timed > 9_000 && timed < 11_000, "timed " + timed);
        assertTrue(sampled.stats().percentileMicros(Kind.READ.ordinal(), 50) > 0);

        assertThrows(IllegalArgumentException.class, () -> committing(1, 3, phase));
        assertThrows(IllegalArgumentException.class, () -> committing(1, 0, phase));
    }

    @Test
    void aTransactionThatNeverCommitsFailsTheRunWithItsReason() {
        RunPhase phase = new RunPhase();
        DriverThread<Kind> stuck = new DriverThread<>(2) {
            @Override
            protected Kind next() {
                return Kind.READ;
            }

            @Override
            protected Outcome attempt(Kind type) {
                return aborted("WRITE_LOCK_CONFLICT", "always");
            }
        };
        CommandFailedException e = assertThrows(CommandFailedException.class, () -> stuck.loop(phase));
        assertTrue(e.getMessage().contains("READ aborted " + DriverThread.MAX_ATTEMPTS + " times in a row"
                + " (WRITE_LOCK_CONFLICT: always)"), e.getMessage());
    }

    @Test
    void statisticsAddUpAndPrintAsTableAndJson() {
        TerminalStats a = new TerminalStats(2);
        TerminalStats b = new TerminalStats(2);
        a.finished(0, true, 1_000);
        b.finished(0, true, 3_000_000);
        b.finished(1, false, 2_000);
        b.aborted(1, "X");
        a.add(b);
        assertEquals(2, a.commits(0));
        assertEquals(1, a.rollbacks(1));
        assertEquals(1, a.totalAborts());
        assertTrue(a.percentileMicros(0, 99) >= 2_990, "p99 " + a.percentileMicros(0, 99));
        Measurement m = new Measurement(a, 2.0);
        assertEquals(1.0, m.tps());
        assertEquals(0.25, m.abortRatio());
        String json = m.byTxn(List.of(Kind.values()), "failed").toString();
        assertTrue(json.startsWith("{\"read\":{\"commits\":2,\"aborts\":0,\"failed\":0,\"p50_us\":"), json);
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        m.printTable(new java.io.PrintStream(bytes, true), List.of(Kind.values()), "failed");
        String table = bytes.toString();
        assertTrue(table.contains("transaction") && table.contains("failed") && table.contains("WRITE"), table);
        assertEquals("aborts by reason: X=1", m.abortsByReasonLine());
        assertThrows(IllegalArgumentException.class, () -> a.add(new TerminalStats(3)));
    }
}
