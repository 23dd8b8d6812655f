package org.terndb.crashtest;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The process a crash trial kills: opens the database (recovering it), sets the workload up, prints
 * {@code READY}, then runs it on several threads and prints {@code ACK id} after each commit returns; a failure
 * prints {@code ERROR ...}. Arguments: database directory, URL options, workload, threads, first transaction id,
 * round.
 */
public final class CrashChild {
    private CrashChild() {
    }

    public static void main(String[] args) throws Exception {
        CrashTarget target = new CrashTarget(Path.of(args[0]), args[1]);
        CrashWorkload workload = Workloads.create(args[2]);
        int threads = Integer.parseInt(args[3]);
        long firstId = Long.parseLong(args[4]);
        int round = Integer.parseInt(args[5]);
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> { // a workload thread failed: report, stop
            out.println("ERROR " + thread.getName() + ": " + e);
            e.printStackTrace();
            System.exit(1);
        });
        try {
            workload.child(target, threads, firstId, round, () -> out.println("READY"),
                    id -> out.println("ACK " + id));
        } catch (Throwable e) {
            out.println("ERROR " + e);
            e.printStackTrace();
            System.exit(1);
        }
    }
}
