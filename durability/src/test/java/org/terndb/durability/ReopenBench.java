package org.terndb.durability;

import java.nio.file.Path;
import java.util.Map;

/** Not a test: reopens a kernel database (durability=none, so nothing changes on disk) and prints the recovery. */
public final class ReopenBench {
    private ReopenBench() {
    }

    public static void main(String[] args) throws Exception {
        for (int i = 0; i < Integer.parseInt(args[2]); i++) {
            long t0 = System.nanoTime();
            try (KernelDb db = KernelDb.open(Path.of(args[0]), args[1], Map.of("durability", "none"))) {
                RecoveryReport r = db.recovery;
                System.out.printf("recovery: %d log records + %d checkpoint rows, %.1f MB log, %.2f s: %.0f records/s,"
                                + " %.1f MB/s log%n", r.logRecords(), r.checkpointEntries(), r.logBytes() / 1e6,
                        r.millis() / 1e3, r.recordsPerSecond(), r.logBytes() / 1e6 / (r.millis() / 1e3));
            }
            System.out.printf("  open %.2f s%n", (System.nanoTime() - t0) / 1e9);
        }
        if (args.length > 3) { // a checkpoint of the whole recovered table
            try (KernelDb db = KernelDb.open(Path.of(args[0]), args[1], Map.of("durability", "async"))) {
                long t0 = System.nanoTime();
                CheckpointReport c = db.durability.checkpoint();
                double s = (System.nanoTime() - t0) / 1e9;
                System.out.printf("checkpoint: %d rows, %.1f MB in %.2f s: %.0f rows/s, %.1f MB/s%n", c.entries(),
                        c.bytes() / 1e6, s, c.entries() / s, c.bytes() / 1e6 / s);
            }
        }
    }
}
