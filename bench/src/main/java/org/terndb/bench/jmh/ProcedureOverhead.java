package org.terndb.bench.jmh;

import static org.terndb.harness.Measurement.median;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;
import org.terndb.cli.JsonObject;
import org.terndb.engine.Database;
import org.terndb.engine.Session;
import org.terndb.engine.StatementResult;
import org.terndb.engine.proc.CallResult;
import org.terndb.executor.meta.TableMeta;
import org.terndb.harness.compare.ChildJvm;
import org.terndb.jdbc.TernConnection;
import org.terndb.planner.PreparedPlan;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.storage.codec.RowCodec;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * What a stored procedure costs over hand-written code on the transaction API: one transaction of K
 * primary-key operations on a 10,000-row table, single thread, Silo. {@code op=read} reads K rows
 * ({@code SELECT v INTO x ... WHERE id = ids[i]}), {@code op=update} increments a column of K rows
 * ({@code UPDATE ... SET v = v + 1 WHERE id = ids[i]}), in a WHILE loop over an array parameter.
 * <ul>
 *   <li>{@code direct}: the same K operations on {@link Transaction} (key and row codecs by hand);</li>
 *   <li>{@code procedure}: {@code CALL} through the engine {@link Session} (prepared CALL, no JDBC);</li>
 *   <li>{@code jdbc}: {@code {call ...}} through a {@link CallableStatement};</li>
 *   <li>{@code statements}: the K statements of the procedure as K executions of prepared statements in one
 *       explicit transaction of an engine session (what a client without procedures does, minus the network).</li>
 * </ul>
 * All draw the same keys. The ratio procedure / direct is the procedure runtime's overhead.
 *
 * <p>On a machine busy with other work, wall-clock times swing from fork to fork; {@link #main} measures thread
 * CPU time instead, each side in JVMs of its own (so that neither shapes the other's compiled code), a direct and a
 * procedure fork at the same time, and prints the median of the pairs' ratios.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@Threads(1)
@State(Scope.Thread)
public class ProcedureOverhead {
    private static final int ROWS = 10_000;

    @Param({"1", "10"})
    public int k;

    @Param({"read", "update"})
    public String op;

    private Connection connection;
    private Session session;
    private PreparedPlan call;
    private CallableStatement jdbcCall;
    private Worker worker;
    private Session statementSession;
    private PreparedPlan statement;
    private Table table;
    private KeyBuilder keys;
    private RowBuilder rows;
    private RowCodec rowCodec;
    private final SplittableRandom random = new SplittableRandom(42);
    private int[] ids;
    /** The CALL's arguments, one array for all calls, as a prepared statement of the driver keeps one. */
    private final Object[] arguments = new Object[2];

    @Setup(Level.Trial)
    public void open() throws SQLException {
        connection = DriverManager.getConnection("jdbc:tern:mem:proc-overhead;protocol=silo");
        try (Statement s = connection.createStatement()) {
            s.executeUpdate("CREATE TABLE kv (id INT PRIMARY KEY, v BIGINT NOT NULL, pad VARCHAR(40))");
            s.executeUpdate("""
                    CREATE PROCEDURE reads (IN ids INT ARRAY, OUT total BIGINT)
                    BEGIN
                      DECLARE i INT DEFAULT 1;
                      DECLARE x BIGINT;
                      SET total = 0;
                      WHILE i <= CARDINALITY(ids) DO
                        SELECT v INTO x FROM kv WHERE id = ids[i];
                        SET total = total + x;
                        SET i = i + 1;
                      END WHILE;
                    END""");
            s.executeUpdate("""
                    CREATE PROCEDURE updates (IN ids INT ARRAY, OUT total BIGINT)
                    BEGIN
                      DECLARE i INT DEFAULT 1;
                      WHILE i <= CARDINALITY(ids) DO
                        UPDATE kv SET v = v + 1 WHERE id = ids[i];
                        SET i = i + 1;
                      END WHILE;
                      SET total = 0;
                    END""");
        }
        connection.setAutoCommit(false);
        try (PreparedStatement insert = connection.prepareStatement("INSERT INTO kv VALUES (?, ?, ?)")) {
            for (int i = 0; i < ROWS; i++) {
                insert.setInt(1, i);
                insert.setLong(2, i);
                insert.setString(3, "padding-padding-padding-" + i);
                insert.addBatch();
            }
            insert.executeBatch();
        }
        connection.commit();
        connection.setAutoCommit(true);

        String procedure = op.equals("read") ? "reads" : "updates";
        session = connection.unwrap(TernConnection.class).session();
        call = session.prepare("CALL " + procedure + "(?, ?)");
        jdbcCall = connection.prepareCall("{call " + procedure + "(?, ?)}");
        jdbcCall.registerOutParameter(2, java.sql.Types.BIGINT);

        Database db = session.database();
        TableMeta kv = db.catalog().table("KV");
        table = kv.table();
        keys = kv.primaryIndex().codec().newBuilder();
        rowCodec = kv.rowCodec();
        rows = rowCodec.newBuilder();
        worker = db.concurrencyControl().newWorker();
        statementSession = db.openSession();
        statementSession.setAutoCommit(false);
        statement = statementSession.prepare(op.equals("read") ? "SELECT v FROM kv WHERE id = ?"
                : "UPDATE kv SET v = v + 1 WHERE id = ?");
        ids = new int[k];
        // The table's records and rows lie scattered among the load's garbage until a collection moves them
        // together. A side that allocates little (direct reads: one key per operation) would otherwise run its
        // whole fork on that layout, and one that allocates more on the compacted one: collect before either runs.
        System.gc();
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
        worker.close();
        statementSession.close();
        jdbcCall.close();
        connection.close();
    }

    private int[] nextIds() {
        for (int i = 0; i < ids.length; i++) {
            ids[i] = random.nextInt(ROWS);
        }
        return ids;
    }

    @Benchmark
    public long direct() {
        int[] keysToUse = nextIds();
        boolean read = op.equals("read");
        while (true) {
            Transaction txn = worker.begin();
            try {
                long total = 0;
                for (int id : keysToUse) {
                    byte[] key = keys.reset().addInt(id).toKey();
                    if (read) {
                        total += rowCodec.getLong(txn.read(table, key), 1);
                    } else {
                        byte[] row = txn.readForUpdate(table, key);
                        txn.update(table, key, rows.reset().from(row).setLong(1, rowCodec.getLong(row, 1) + 1).build());
                    }
                }
                txn.commit();
                return total;
            } catch (TransactionAbortedException e) {
                worker.backoff();
            }
        }
    }

    @Benchmark
    public Object procedure() {
        arguments[0] = nextIds();
        CallResult r = session.call(call, arguments, null);
        return r.outValues()[1];
    }

    @Benchmark
    public long statements() {
        int[] keysToUse = nextIds();
        long total = 0;
        for (int id : keysToUse) {
            StatementResult r = statementSession.execute(statement, new Object[] {id}, null);
            total += r.isQuery() ? (Long) r.rows().get(0)[0] : r.updateCount();
        }
        statementSession.commit();
        return total;
    }

    @Benchmark
    public long jdbc() throws SQLException {
        jdbcCall.setObject(1, nextIds());
        jdbcCall.execute();
        return jdbcCall.getLong(2);
    }

    /**
     * {@code ProcedureOverhead [FORKS [K,... [read,update [paired|alternating]]]]}: for each K and op, FORKS JVMs per
     * side (direct, procedure), each reporting the median thread CPU time per operation over its measured rounds.
     * {@code paired} (the default) runs each direct fork at the same time as a procedure fork, one per core, so that
     * both see the machine in the same state (the speed of a shared virtual machine drifts by 2x within minutes), and
     * prints the median of the pairs' ratios; {@code alternating} runs the forks one after another and prints the
     * ratio of the sides' medians. {@code ProcedureOverhead fork K OP SIDE} is one fork.
     */
    public static void main(String[] args) throws Exception {
        if (args.length == 4 && args[0].equals("fork")) {
            System.out.println(new JsonObject().put("ns_per_op", fork(Integer.parseInt(args[1]), args[2], args[3])));
            return;
        }
        int forks = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        String[] ks = args.length > 1 ? args[1].split(",") : new String[] {"1", "10"};
        String[] ops = args.length > 2 ? args[2].split(",") : new String[] {"read", "update"};
        boolean paired = args.length <= 3 || args[3].equals("paired");
        if (args.length > 3 && !paired && !args[3].equals("alternating")) {
            throw new IllegalArgumentException("the fourth argument is paired or alternating, not " + args[3]);
        }
        for (String k : ks) {
            for (String op : ops) {
                double[] direct = new double[forks];
                double[] procedure = new double[forks];
                double[] ratios = new double[forks];
                for (int f = 0; f < forks; f++) {
                    if (paired) {
                        CompletableFuture<Double> d =
                                CompletableFuture.supplyAsync(() -> spawnUnchecked(k, op, "direct"));
                        procedure[f] = spawn(k, op, "procedure");
                        direct[f] = d.join();
                    } else {
                        direct[f] = spawn(k, op, "direct");
                        procedure[f] = spawn(k, op, "procedure");
                    }
                    ratios[f] = procedure[f] / direct[f];
                }
                double d = median(direct);
                double p = median(procedure);
                double ratio = paired ? median(ratios) : p / d;
                System.out.printf(Locale.ROOT, "k=%s op=%s direct %.0f ns procedure %.0f ns (CPU time per op, median of "
                        + "%d %s forks) procedure/direct %.2f%s; forks: direct %s procedure %s%n", k, op, d, p, forks,
                        paired ? "paired" : "alternating", ratio, paired ? " (median of the pairs' ratios "
                                + Arrays.toString(Arrays.stream(ratios).map(r -> Math.round(r * 100) / 100.0).toArray())
                                + ")" : "", Arrays.toString(round(direct)), Arrays.toString(round(procedure)));
            }
        }
    }

    private static double spawnUnchecked(String k, String op, String side) {
        try {
            return spawn(k, op, side);
        } catch (Exception e) {
            throw new CompletionException(e);
        }
    }

    /** One fork of one side in a JVM of its own; its median CPU nanoseconds per operation. */
    private static double spawn(String k, String op, String side) throws Exception {
        return ChildJvm.runJson(List.of("-Xms1g", "-Xmx1g", "-XX:+UseParallelGC"), ProcedureOverhead.class.getName(),
                List.of("fork", k, op, side), System.err).get("ns_per_op").getAsDouble();
    }

    /** Warms up, then measures 15 rounds of thread CPU time; the median nanoseconds per operation. */
    private static double fork(int k, String op, String side) throws SQLException {
        ProcedureOverhead b = new ProcedureOverhead();
        b.k = k;
        b.op = op;
        b.open();
        try {
            boolean direct = side.equals("direct");
            if (!direct && !side.equals("procedure")) {
                throw new IllegalArgumentException("side is direct or procedure, not " + side);
            }
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            int n = Math.max(2_000, 200_000 / k);
            double[] rounds = new double[15];
            long sink = 0;
            for (int r = -10; r < rounds.length; r++) {
                long start = threads.getCurrentThreadCpuTime();
                for (int i = 0; i < n; i++) {
                    sink += direct ? b.direct() : b.procedure() == null ? 0 : 1;
                }
                if (r >= 0) {
                    rounds[r] = (threads.getCurrentThreadCpuTime() - start) / (double) n;
                }
            }
            if (sink == 42) {
                System.out.println(); // keeps the work observable
            }
            return median(rounds);
        } finally {
            b.close();
        }
    }

    private static long[] round(double[] values) {
        return Arrays.stream(values).mapToLong(Math::round).toArray();
    }
}
