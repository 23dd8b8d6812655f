package org.terndb.crashtest;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One crash trial: for each round, a child JVM runs the workload on the database directory and is killed with
 * SIGKILL ({@link Process#destroyForcibly()} on Linux) at a random moment between {@code minMillis} and
 * {@code maxMillis} after its first acknowledged commit; then the database is reopened in this process and checked
 * against every transaction the child acknowledged so far.
 *
 * @param dir         the database directory (a fresh one per trial)
 * @param urlOptions  the URL's options after the path, e.g. {@code ;protocol=silo;durability=sync}
 * @param workload    the workload's name
 * @param connections the child's connections (threads)
 * @param rounds      kill-and-recover rounds
 * @param minMillis   the earliest kill, after the child's first acknowledged commit of the round
 * @param maxMillis   the latest kill
 */
public record CrashTrial(Path dir, String urlOptions, String workload, int connections, int rounds, int minMillis,
                         int maxMillis) {

    /**
     * The outcome.
     *
     * @param passed       every round's check passed
     * @param acknowledged transactions acknowledged by the children
     * @param recovered    transactions found after the last recovery
     * @param recoveryMillis time to reopen (recover) the database after the last kill
     * @param message      what failed (null if passed)
     */
    public record Result(boolean passed, long acknowledged, long recovered, long recoveryMillis, String message) {}

    public String url() {
        return "jdbc:tern:file:" + dir + urlOptions;
    }

    public Result run(long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
        CrashWorkload check = Workloads.create(workload);
        CrashTarget target = new CrashTarget(dir, urlOptions);
        long recovered = 0;
        long recoveryMillis = 0;
        for (int round = 0; round < rounds; round++) {
            Process child = start(check, round);
            List<String> other = new ArrayList<>();
            Thread reader = readOutput(child, acknowledged, other);
            StringBuilder err = new StringBuilder();
            Thread errors = drain(child, err);
            if (!awaitReady(other, child, 120_000)) {
                child.destroyForcibly();
                child.waitFor(30, TimeUnit.SECONDS);
                errors.join(10_000);
                return new Result(false, acknowledged.size(), 0, 0, "round " + round + ": the child did not start: "
                        + other + " " + err);
            }
            // The kill comes at a random moment once the workload commits (a loaded machine may take a while to
            // get there: the delay counts from the first acknowledgement of this round, not from READY).
            awaitAcknowledgement(acknowledged, acknowledged.size(), child, 120_000);
            Thread.sleep(minMillis + random.nextInt(Math.max(1, maxMillis - minMillis)));
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
            reader.join(10_000);
            errors.join(10_000);
            synchronized (other) {
                for (String line : other) {
                    if (line.startsWith("ERROR")) {
                        return new Result(false, acknowledged.size(), 0, 0, "round " + round + ": the child failed: "
                                + line + "\n" + err);
                    }
                }
            }
            try {
                CrashWorkload.Verified v = check.verify(target, acknowledged);
                recovered = v.recovered();
                recoveryMillis = v.recoveryMillis();
            } catch (AssertionError e) {
                return new Result(false, acknowledged.size(), 0, recoveryMillis, "round " + round + ": "
                        + e.getMessage());
            }
        }
        return new Result(true, acknowledged.size(), recovered, recoveryMillis, null);
    }

    private Process start(CrashWorkload w, int round) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + w.childHeap());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(CrashChild.class.getName());
        cmd.add(dir.toString());
        cmd.add(urlOptions);
        cmd.add(workload);
        cmd.add(Integer.toString(connections));
        cmd.add(Long.toString(1 + round * 1_000_000_000_000L));
        cmd.add(Integer.toString(round));
        return new ProcessBuilder(cmd).start();
    }

    private static Thread readOutput(Process p, Set<Long> acknowledged, List<String> other) {
        Thread t = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.startsWith("ACK ")) {
                        acknowledged.add(Long.parseLong(line.substring(4)));
                    } else {
                        synchronized (other) {
                            other.add(line);
                        }
                    }
                }
            } catch (IOException e) {
                // the pipe closes when the child dies
            }
        }, "crash-child-out");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static Thread drain(Process p, StringBuilder err) {
        Thread t = new Thread(() -> {
            try {
                String all = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
                synchronized (err) {
                    err.append(all.length() > 4000 ? all.substring(all.length() - 4000) : all);
                }
            } catch (IOException e) {
                // gone
            }
        }, "crash-child-err");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** Waits until more than {@code before} transactions are acknowledged, the child died, or the time is up. */
    private static void awaitAcknowledgement(Set<Long> acknowledged, int before, Process p, long timeoutMillis)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (acknowledged.size() <= before && p.isAlive() && System.currentTimeMillis() < deadline) {
            Thread.sleep(5);
        }
    }

    private static boolean awaitReady(List<String> lines, Process p, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            synchronized (lines) {
                if (lines.contains("READY")) {
                    return true;
                }
            }
            if (!p.isAlive()) {
                return false;
            }
            Thread.sleep(10);
        }
        return false;
    }
}
