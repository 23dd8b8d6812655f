package org.terndb.durability;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.terndb.txn.Worker;

/**
 * The process a crash test kills: opens (recovering) a kernel-level database and runs {@link Ledger} transfers
 * on several threads, printing {@code ACK id} after each commit returns. Arguments: directory, protocol,
 * threads, durability mode, scenario ({@code ledger} or {@code checkpoint}), first transfer id, checkpoint rate
 * (KiB/s, 0 = unlimited).
 *
 * <p>{@code checkpoint}: after some transfers takes a checkpoint ({@code CKPT1 name}), makes more, then starts a
 * second, slow checkpoint and prints {@code CKPT2-WRITING} once its temporary file exists, and keeps going.
 */
public final class CrashChild {
    private CrashChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        String protocol = args[1];
        int threads = Integer.parseInt(args[2]);
        String mode = args[3];
        String scenario = args[4];
        long firstId = Long.parseLong(args[5]);
        String rate = args.length > 6 ? args[6] : "0";
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
        KernelDb db = KernelDb.open(dir, protocol, Map.of("durability", mode, "checkpoint_rate_kb", rate,
                "checkpoint_interval_s", scenario.equals("ledger") ? "1" : "0"));
        Ledger.setUp(db);
        out.println("READY");
        if (scenario.equals("checkpoint")) {
            long id = firstId;
            try (Worker w = db.cc.newWorker()) {
                SplittableRandom r = new SplittableRandom(firstId);
                for (int i = 0; i < 200; i++, id++) {
                    transfer(db, w, r, id);
                    ack(out, id);
                }
                CheckpointReport first = db.durability.checkpoint();
                out.println("CKPT1 " + first.file().getFileName());
                for (int i = 0; i < 3000; i++, id++) {
                    transfer(db, w, r, id);
                    ack(out, id);
                }
                Thread second = new Thread(() -> {
                    try {
                        db.durability.checkpoint();
                        out.println("CKPT2-DONE");
                    } catch (Exception e) {
                        out.println("CKPT2-FAILED " + e);
                    }
                });
                second.setDaemon(true);
                second.start();
                while (!hasTemporary(dir)) {
                    Thread.sleep(5);
                }
                out.println("CKPT2-WRITING");
                while (true) {
                    transfer(db, w, r, id);
                    ack(out, id++);
                }
            }
        }
        AtomicBoolean stop = new AtomicBoolean();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            long base = firstId + t * 10_000_000L;
            ts[t] = new Thread(() -> {
                SplittableRandom r = new SplittableRandom(base);
                try (Worker w = db.cc.newWorker()) {
                    for (long id = base; !stop.get(); id++) {
                        int from = r.nextInt(Ledger.ACCOUNTS);
                        Ledger.transfer(db, w, id, from, (from + 1 + r.nextInt(Ledger.ACCOUNTS - 1)) % Ledger.ACCOUNTS,
                                1 + r.nextInt(99));
                        ack(out, id);
                    }
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
    }

    private static void transfer(KernelDb db, Worker w, SplittableRandom r, long id) {
        int from = r.nextInt(Ledger.ACCOUNTS);
        Ledger.transfer(db, w, id, from, (from + 1 + r.nextInt(Ledger.ACCOUNTS - 1)) % Ledger.ACCOUNTS,
                1 + r.nextInt(9));
    }

    private static void ack(PrintStream out, long id) {
        out.println("ACK " + id);
    }

    private static boolean hasTemporary(Path dir) throws java.io.IOException {
        try (var s = Files.list(dir)) {
            return s.anyMatch(p -> p.getFileName().toString().endsWith(".tckp.tmp"));
        }
    }
}
