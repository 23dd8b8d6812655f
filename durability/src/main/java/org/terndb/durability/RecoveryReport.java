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
 * @param logMillis         the log's share: reading and merging the log and loading its rows (the slowest of the
 *                          partitions replayed in parallel)
 * @param checkpointMillis  the checkpoint's share: loading its rows (the slowest partition)
 */
public record RecoveryReport(String checkpoint, long checkpointEntries, int logFiles, long logBytes, long logRecords,
                             long rowsLoaded, long generation, long millis, long logMillis, long checkpointMillis) {

    /** Recovery speed: log records and checkpoint rows per second of the whole recovery (0 if it took no time). */
    public double recordsPerSecond() {
        return millis == 0 ? 0 : (logRecords + checkpointEntries) * 1000.0 / millis;
    }

    /** Log replay speed: log records per second of the log's share (0 if it took no time). */
    public double logRecordsPerSecond() {
        return logMillis == 0 ? 0 : logRecords * 1000.0 / logMillis;
    }

    /** Log replay bandwidth: MB (10^6 bytes) of valid log per second of the log's share. */
    public double logMegabytesPerSecond() {
        return logMillis == 0 ? 0 : logBytes / 1e3 / logMillis;
    }

    /** Checkpoint load speed: checkpoint rows per second of the checkpoint's share. */
    public double checkpointRowsPerSecond() {
        return checkpointMillis == 0 ? 0 : checkpointEntries * 1000.0 / checkpointMillis;
    }
}
