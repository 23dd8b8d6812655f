package org.terndb.crashtest;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.DriverManager;

/**
 * The process a crash trial kills: opens the database (recovering it), sets the workload up, prints
 * {@code READY}, then runs it on several connections and prints {@code ACK id} after each commit returns.
 * Arguments: JDBC URL, workload, connections, first transaction id.
 */
public final class CrashChild {
    private CrashChild() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        CrashWorkload workload = Workloads.create(args[1]);
        int threads = Integer.parseInt(args[2]);
        long firstId = Long.parseLong(args[3]);
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        try (Connection c = DriverManager.getConnection(url)) {
            workload.setUp(c);
            out.println("READY");
            Thread[] ts = new Thread[threads];
            for (int t = 0; t < threads; t++) {
                long base = firstId + t * 100_000_000L;
                ts[t] = new Thread(() -> {
                    try (Connection own = DriverManager.getConnection(url)) {
                        workload.run(own, base, id -> out.println("ACK " + id));
                    } catch (Exception e) {
                        out.println("ERROR " + e);
                        e.printStackTrace();
                    }
                });
                ts[t].start();
            }
            for (Thread t : ts) {
                t.join();
            }
        }
    }
}
