package org.terndb.harness.compare;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import org.terndb.cli.JsonObject;
import org.terndb.harness.Measurement;

/**
 * Runs one benchmark against several databases in turn, with the same client code, terminals and duration, and
 * reports throughput per database and the ratio of the first database (the reference, TernDB) to each of the
 * others, or over several rounds each database's median. The benchmark supplies a {@link Run} that loads and
 * measures one target and returns its committed transactions per second; this class owns the order, the table and
 * the JSON shape, so {@code compare tpcc} and {@code compare tatp} print alike.
 *
 * <pre>{@code
 * Comparison c = Comparison.run(CompareTarget.ternAndRivals("tpcc", "silo"), target -> measureTps(target.url()), err);
 * c.print(out);                                              // table: database, tps, reference/database
 * JsonObject json = c.toJson(new JsonObject().put("warehouses", 1));  // terndb_tps, h2_tps, ..., h2_ratio, ...
 * }</pre>
 */
public final class Comparison {
    /** The most rounds a comparison runs (each round loads and measures every database). */
    public static final int MAX_ROUNDS = 100;

    /** Loads and measures one target; returns its committed transactions per second. */
    @FunctionalInterface
    public interface Run {
        double tps(CompareTarget target) throws Exception;
    }

    /**
     * One target's throughput: {@code tps} is the median of {@code runs}, its throughput in each round (one run
     * unless the comparison ran several rounds).
     */
    public record Entry(CompareTarget target, double tps, List<Double> runs) {
        public Entry {
            runs = List.copyOf(runs);
        }

        /** A target measured once. */
        public Entry(CompareTarget target, double tps) {
            this(target, tps, List.of(tps));
        }
    }

    private final List<Entry> entries;

    private Comparison(List<Entry> entries) {
        this.entries = List.copyOf(entries);
    }

    /** {@link #run(List, int, Run, PrintStream)} with one round. */
    public static Comparison run(List<CompareTarget> targets, Run run, PrintStream progress) throws Exception {
        return run(targets, 1, run, progress);
    }

    /**
     * Runs every target in order (the first is the reference), {@code rounds} times over, and writes one progress
     * line per run to {@code progress}. Each target's throughput is the median of its rounds: the rounds interleave
     * the targets, so a machine that slows down for a while slows each of them about alike. A failing target fails
     * the comparison with the target named in the message.
     */
    public static Comparison run(List<CompareTarget> targets, int rounds, Run run, PrintStream progress)
            throws Exception {
        if (targets.size() < 2) {
            throw new IllegalArgumentException("a comparison needs a reference and at least one rival");
        }
        if (rounds < 1 || rounds > MAX_ROUNDS) {
            throw new IllegalArgumentException("a comparison runs 1 to " + MAX_ROUNDS + " rounds, not " + rounds);
        }
        List<List<Double>> runs = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            runs.add(new ArrayList<>());
        }
        for (int round = 1; round <= rounds; round++) {
            String of = rounds == 1 ? "" : "round " + round + " of " + rounds + ": ";
            for (int i = 0; i < targets.size(); i++) {
                CompareTarget target = targets.get(i);
                progress.println("== " + of + target.title() + ": " + target.url());
                double tps;
                try {
                    tps = run.tps(target);
                } catch (Exception e) {
                    e.addSuppressed(new Exception("while measuring " + target.title() + " (" + target.url() + ")"));
                    throw e;
                }
                progress.printf(Locale.ROOT, "== %s%s: %,.0f tps%n", of, target.title(), tps);
                runs.get(i).add(tps);
            }
        }
        List<Entry> entries = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            double[] tps = runs.get(i).stream().mapToDouble(Double::doubleValue).toArray();
            entries.add(new Entry(targets.get(i), Measurement.median(tps), runs.get(i)));
        }
        return new Comparison(entries);
    }

    /** How many rounds each target ran. */
    public int rounds() {
        return reference().runs().size();
    }

    /** Builds a comparison of figures measured elsewhere (the first entry is the reference). */
    public static Comparison of(List<Entry> entries) {
        if (entries.size() < 2) {
            throw new IllegalArgumentException("a comparison needs a reference and at least one rival");
        }
        return new Comparison(entries);
    }

    public List<Entry> entries() {
        return entries;
    }

    public Entry reference() {
        return entries.get(0);
    }

    /** Throughput of the target with this key. */
    public double tps(String key) {
        return entry(key).tps();
    }

    /** Reference throughput / this target's throughput (infinite if the target committed nothing). */
    public double ratio(String key) {
        double rival = entry(key).tps();
        return rival == 0 ? Double.POSITIVE_INFINITY : reference().tps() / rival;
    }

    private Entry entry(String key) {
        for (Entry e : entries) {
            if (e.target().key().equals(key)) {
                return e;
            }
        }
        throw new IllegalArgumentException("no target '" + key + "' in this comparison");
    }

    /**
     * The table: one row per target with its tps and the reference's ratio to it; after several rounds the tps is
     * the median, and a last column lists each round's.
     */
    public void print(PrintStream out) {
        int width = "database".length();
        for (Entry e : entries) {
            width = Math.max(width, e.target().title().length());
        }
        String ratioTitle = reference().target().key() + "/x";
        boolean rounds = rounds() > 1;
        String format = "%-" + width + "s %14s %10s" + (rounds ? "   %s" : "%s") + "%n";
        out.printf(Locale.ROOT, format, "database", rounds ? "median tps" : "tps", ratioTitle,
                rounds ? "tps per round" : "");
        for (Entry e : entries) {
            String ratio = e == reference() ? "1.00" : ratioText(ratio(e.target().key()));
            StringJoiner perRound = new StringJoiner(" / ");
            for (double tps : e.runs()) {
                perRound.add(String.format(Locale.ROOT, "%,.0f", tps));
            }
            out.printf(Locale.ROOT, format, e.target().title(), String.format(Locale.ROOT, "%,.0f", e.tps()), ratio,
                    rounds ? perRound.toString() : "");
        }
    }

    private static String ratioText(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.2f", ratio) : "inf";
    }

    /**
     * Adds {@code <key>_tps} for every target and {@code <key>_ratio} (reference / target) for every rival to
     * {@code json}, after whatever the caller put there first (warehouses, threads, seconds...), and returns it.
     * An infinite ratio prints as null. After several rounds the tps are medians, preceded by {@code rounds} and
     * each target's tps per round ({@code <key>_tps_rounds}).
     */
    public JsonObject toJson(JsonObject json) {
        if (rounds() > 1) {
            json.put("rounds", rounds());
            for (Entry e : entries) {
                json.put(e.target().key() + "_tps_rounds",
                        e.runs().stream().map(tps -> Measurement.round(tps, 1)).toList());
            }
        }
        for (Entry e : entries) {
            json.put(e.target().key() + "_tps", Measurement.round(e.tps(), 1));
        }
        for (Entry e : entries.subList(1, entries.size())) {
            double ratio = ratio(e.target().key());
            json.put(e.target().key() + "_ratio", Double.isFinite(ratio) ? Measurement.round(ratio, 3) : null);
        }
        return json;
    }
}
