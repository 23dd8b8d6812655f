package org.terndb.durability;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * File names of a database directory. {@code log-GGGGGGGGGG-SSS-NNNNNNNNNN.tlog}: generation (one per open of
 * the database: recovery orders versions by generation, then stamp), stream (logger), sequence.
 * {@code ckpt-GGGGGGGGGG-EEEEEEEEEEEEEEEE.tckp}: generation and start epoch ({@code .tmp} while being written).
 * Either name with {@code .old} appended: covered by a checkpoint, being deleted ({@link RetiredFiles}).
 */
final class LogFiles {
    private static final Pattern LOG = Pattern.compile("log-(\\d{10})-(\\d{3})-(\\d{10})\\.tlog");
    private static final Pattern CHECKPOINT = Pattern.compile("ckpt-(\\d{10})-(\\d{16})\\.tckp");

    /** A log file. */
    record Log(Path path, long generation, int stream, long sequence) {}

    /** A checkpoint file. */
    record Checkpoint(Path path, long generation, long startEpoch) {}

    /** A closed log file of the running generation and the largest epoch of its records. */
    record Closed(Path path, long maxEpoch) {}

    private LogFiles() {
    }

    static String logName(long generation, int stream, long sequence) {
        return String.format("log-%010d-%03d-%010d.tlog", generation, stream, sequence);
    }

    static String checkpointName(long generation, long startEpoch) {
        return String.format("ckpt-%010d-%016d.tckp", generation, startEpoch);
    }

    static List<Log> logs(Path dir) throws IOException {
        List<Log> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "log-*.tlog")) {
            for (Path p : ds) {
                Matcher m = LOG.matcher(p.getFileName().toString());
                if (m.matches()) {
                    out.add(new Log(p, Long.parseLong(m.group(1)), Integer.parseInt(m.group(2)),
                            Long.parseLong(m.group(3))));
                }
            }
        }
        out.sort((a, b) -> a.generation() != b.generation() ? Long.compare(a.generation(), b.generation())
                : a.stream() != b.stream() ? Integer.compare(a.stream(), b.stream())
                : Long.compare(a.sequence(), b.sequence()));
        return out;
    }

    /** Complete (renamed) checkpoints, oldest first. */
    static List<Checkpoint> checkpoints(Path dir) throws IOException {
        List<Checkpoint> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "ckpt-*.tckp")) {
            for (Path p : ds) {
                Matcher m = CHECKPOINT.matcher(p.getFileName().toString());
                if (m.matches()) {
                    out.add(new Checkpoint(p, Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
                }
            }
        }
        out.sort((a, b) -> a.generation() != b.generation() ? Long.compare(a.generation(), b.generation())
                : Long.compare(a.startEpoch(), b.startEpoch()));
        return out;
    }

    /**
     * Files a crash left that are never read: half-written checkpoints (and catalog), {@code .tmp}, and covered
     * files not yet deleted ({@link RetiredFiles}). Deleted at open.
     */
    static List<Path> leftovers(Path dir) throws IOException {
        return list(dir, "*.{tmp,old}");
    }

    /** Covered files renamed for deletion and not deleted yet ({@link RetiredFiles}). */
    static List<Path> retired(Path dir) throws IOException {
        return list(dir, "*.old");
    }

    private static List<Path> list(Path dir, String glob) throws IOException {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, glob)) {
            for (Path p : ds) {
                out.add(p);
            }
        }
        return out;
    }
}
