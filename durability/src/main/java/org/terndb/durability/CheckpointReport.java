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
 * @param millis        wall time, including the wait for the end epoch to become durable
 * @param deletedFiles  log and checkpoint files deleted because this checkpoint covers them
 */
public record CheckpointReport(Path file, long startEpoch, long endEpoch, long entries, long bytes, long millis,
                               int deletedFiles) {
}
