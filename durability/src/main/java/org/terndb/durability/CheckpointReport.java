package org.terndb.durability;

import java.nio.file.Path;

/**
 * What one checkpoint did.
 *
 * @param file          the published checkpoint
 * @param startEpoch    recovery replays the log from this epoch on
 * @param endEpoch      the global epoch when the scan ended (the checkpoint was published once it was durable)
 * @param entries       rows written
 * @param bytes         size of the file
 * @param millis        wall time until it was published, including the wait for the end epoch to become durable
 * @param deletedFiles  log and checkpoint files deleted because this checkpoint covers them
 * @param deleteMillis  wall time of deleting them, after the publication (gradual: see {@link RetiredFiles})
 * @param cpuNanos      CPU time (user and system) of the thread that wrote it, or -1 where the JVM cannot tell
 */
public record CheckpointReport(Path file, long startEpoch, long endEpoch, long entries, long bytes, long millis,
                               int deletedFiles, long deleteMillis, long cpuNanos) {
    /** CPU nanoseconds per row written, or -1 if unknown. */
    public double cpuNanosPerRow() {
        return cpuNanos < 0 || entries == 0 ? -1 : (double) cpuNanos / entries;
    }
}
