package org.terndb.crashtest;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;
import org.terndb.durability.DurabilityOptions;
import org.terndb.tpcc.DurableTpcc;

/**
 * TPC-C in direct mode (the protocol's transaction API, no SQL) on a durable database: the child loads the
 * population on the first round (then checkpoints it) or recovers it, and runs the five-transaction mix on its
 * threads, acknowledging each New-Order by (w, d, o_id) and each Payment by its HISTORY row's key. The check
 * reopens the directory and requires every acknowledged order with all its order lines and every acknowledged
 * payment, plus the TPC-C consistency conditions of clause 3.3.2 (all but 11, which Deliveries end).
 *
 * <p>Options besides the durability ones: {@code protocol} (silo), {@code warehouses} (1) and {@code scale} (1:
 * TPC-C's item and customer counts; smaller fractions load faster).
 */
final class TpccCrashWorkload implements CrashWorkload {

    @Override
    public String name() {
        return "tpcc";
    }

    @Override
    public String childHeap() {
        return "2g";
    }

    /** The options of a target split into the workload's and the durability layer's. */
    private record Setup(String protocol, int warehouses, double scale, DurabilityOptions durability) {
        static Setup of(CrashTarget target, boolean recoverOnly) {
            Map<String, String> options = new HashMap<>(target.options());
            String protocol = options.getOrDefault("protocol", "silo");
            int warehouses = Integer.parseInt(options.getOrDefault("warehouses", "1"));
            double scale = Double.parseDouble(options.getOrDefault("scale", "1"));
            options.remove("protocol");
            options.remove("warehouses");
            options.remove("scale");
            if (recoverOnly) {
                options.put("durability", "none"); // the check writes nothing: the next round sees what it saw
            }
            return new Setup(protocol, warehouses, scale, DurabilityOptions.of(options));
        }
    }

    @Override
    public void child(CrashTarget target, int threads, long firstId, int round, Runnable ready,
                      LongConsumer acknowledged) throws Exception {
        Setup s = Setup.of(target, false);
        try (DurableTpcc db = DurableTpcc.open(target.dir(), s.protocol(), s.durability(), s.warehouses(),
                s.scale())) {
            db.populateIfEmpty(System.err);
            ready.run();
            db.runUntilKilled(threads, round, acknowledged);
        }
    }

    @Override
    public Verified verify(CrashTarget target, Set<Long> acknowledged) throws Exception {
        Setup s = Setup.of(target, true);
        long t0 = System.nanoTime();
        try (DurableTpcc db = DurableTpcc.open(target.dir(), s.protocol(), s.durability(), s.warehouses(),
                s.scale())) {
            long millis = (System.nanoTime() - t0) / 1_000_000;
            if (!db.recovered()) {
                throw new AssertionError("the recovered database is empty: the loaded population was lost");
            }
            return new Verified(db.verify(acknowledged), millis);
        }
    }
}
