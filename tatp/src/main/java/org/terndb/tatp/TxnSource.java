package org.terndb.tatp;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import org.terndb.cli.CommandFailedException;
import org.terndb.harness.DriverThread;
import org.terndb.storage.codec.KeyCodec;
import org.terndb.storage.codec.RowCodec;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * {@link TatpSource} over the protocol's tables ({@code --mode direct}): each call reads in read-only transactions
 * of its own on the caller's worker (retried on conflicts, though the database is quiescent), and joins a table's
 * column groups ({@link TatpRecord}) back into rows by primary key.
 */
final class TxnSource implements TatpSource {
    private final TatpDatabase db;
    private final Worker worker;

    TxnSource(TatpDatabase db, Worker worker) {
        this.db = db;
        this.worker = worker;
    }

    private <R> R inTransaction(Function<Transaction, R> body) {
        return inTransaction(body, false);
    }

    /**
     * @param endByAbort end the transaction with {@code abort()} once {@code body} returned: for the point reads the
     *                   check makes once per subscriber, as a commit of a group-committing protocol (mvto) waits for
     *                   its epoch to close; the database is quiescent, so there is nothing a commit could validate
     */
    private <R> R inTransaction(Function<Transaction, R> body, boolean endByAbort) {
        for (int attempt = 1; ; attempt++) {
            Transaction txn = worker.begin();
            try {
                R result = body.apply(txn);
                if (endByAbort) {
                    txn.abort();
                } else {
                    txn.commit();
                }
                return result;
            } catch (TransactionAbortedException e) {
                if (attempt == DriverThread.MAX_ATTEMPTS) {
                    throw new CommandFailedException("the consistency check's read-only transaction aborted "
                            + attempt + " times: " + e.getMessage());
                }
                worker.backoff();
            } catch (RuntimeException | Error e) {
                if (txn.isActive()) {
                    txn.abort();
                }
                throw e;
            }
        }
    }

    private record Entry(byte[] key, byte[] row) {}

    @Override
    public void rows(TatpTable table, Consumer<Object[]> sink) {
        TatpRecord[] records = TatpRecord.of(table);
        List<List<Entry>> groups = inTransaction(txn -> {
            List<List<Entry>> all = new ArrayList<>();
            for (TatpRecord r : records) {
                List<Entry> entries = new ArrayList<>();
                txn.scan(db.table(r).primary(), null, true, null, true, false, 0, (key, row) -> {
                    entries.add(new Entry(key, row));
                    return true;
                });
                all.add(entries);
            }
            return all;
        });
        // A merge join on the primary key: every group is in key order.
        Object[] values = new Object[table.schema().size()];
        int[] at = new int[records.length];
        while (true) {
            byte[] smallest = null;
            for (int g = 0; g < records.length; g++) {
                if (at[g] < groups.get(g).size()) {
                    byte[] k = groups.get(g).get(at[g]).key();
                    if (smallest == null || KeyCodec.compare(k, smallest) < 0) {
                        smallest = k;
                    }
                }
            }
            if (smallest == null) {
                return;
            }
            java.util.Arrays.fill(values, null);
            for (int g = 0; g < records.length; g++) {
                List<Entry> entries = groups.get(g);
                if (at[g] < entries.size() && KeyCodec.compare(entries.get(at[g]).key(), smallest) == 0) {
                    RowCodec codec = records[g].rows();
                    int[] columns = records[g].columns();
                    byte[] row = entries.get(at[g]++).row();
                    for (int i = 0; i < columns.length; i++) {
                        values[columns[i]] = table.canonical(columns[i], codec.get(row, i));
                    }
                }
            }
            sink.accept(values);
        }
    }

    @Override
    public void numberIndex(NumberSink sink) {
        RowCodec rows = TatpRecord.SUBSCRIBER.rows();
        int number = TatpRecord.SUBSCRIBER.position(TatpColumns.SUB_NBR);
        int id = TatpRecord.SUBSCRIBER.position(TatpColumns.S_ID);
        List<byte[]> found = inTransaction(txn -> {
            List<byte[]> all = new ArrayList<>();
            txn.scan(db.byNumber(), null, true, null, true, false, 0, (key, row) -> all.add(row));
            return all;
        });
        for (byte[] row : found) {
            sink.entry(rows.getString(row, number), rows.getInt(row, id));
        }
    }

    @Override
    public int subscriberOf(String number) {
        byte[] key = TatpDatabase.NUMBER_KEY.newBuilder().addString(number).toKey();
        byte[] row = inTransaction(txn -> txn.read(db.byNumber(), key), true);
        return row == null ? -1 : TatpRecord.SUBSCRIBER.rows().getInt(row, TatpRecord.SUBSCRIBER.position(TatpColumns.S_ID));
    }
}
