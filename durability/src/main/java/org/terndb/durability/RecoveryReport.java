package org.terndb.durability;

/**
 * What opening a database recovered.
 *
 * @param checkpoint        the checkpoint used (file name), or null if there was none
 * @param checkpointEntries rows read from it
 * @param logFiles          log files read
 * @param logBytes          bytes of valid log read
 * @param logRecords        log records replayed (within the checkpoint's start epoch and the durable epoch)
 * @param rowsLoaded        rows in the database after recovery
 * @param generation        the generation this open writes (one more than any found)
 * @param millis            wall time of the recovery
 */
public record RecoveryReport(String checkpoint, long checkpointEntries, int logFiles, long logBytes, long logRecords,
                             long rowsLoaded, long generation, long millis) {

    /** Replay speed in log records per second (0 if nothing was replayed). */
    public double recordsPerSecond() {
        return millis == 0 ? 0 : (logRecords + checkpointEntries) * 1000.0 / millis;
    }
}
