package org.terndb.durability;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.terndb.txn.ConcurrencyControl;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;
import org.terndb.txn.TransactionAbortedException;
import org.terndb.txn.Worker;

/**
 * The crash tests' workload at the kernel level: transfers between accounts, each one transaction that updates
 * two ACCOUNT rows and inserts two ENTRY rows (its id, the account, the delta). Recovered state is checked
 * against the acknowledged transaction ids: every acknowledged transfer is there, none is there in part, and
 * every balance equals its opening balance plus its entries.
 */
final class Ledger {
    static final int ACCOUNTS = 16;
    static final long OPENING = 1_000;

    private Ledger() {
    }

    static byte[] accountKey(int a) {
        return String.format("acct-%03d", a).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] entryKey(long txn, char side) {
        return String.format("e-%012d-%c", txn, side).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] balance(long v) {
        return ByteBuffer.allocate(8).putLong(v).array();
    }

    static byte[] entry(int account, long delta) {
        return ByteBuffer.allocate(12).putInt(account).putLong(delta).array();
    }

    /** Creates the tables and opening balances unless they exist. */
    static void setUp(KernelDb db) {
        Table accounts = db.createIfAbsent("ACCOUNT");
        db.createIfAbsent("ENTRY");
        try (Worker w = db.cc.newWorker()) {
            Transaction t = w.begin();
            if (t.read(accounts, accountKey(0)) == null) {
                for (int a = 0; a < ACCOUNTS; a++) {
                    t.insert(accounts, accountKey(a), balance(OPENING));
                }
                t.commit();
            } else {
                t.abort();
            }
        }
    }

    /** One transfer with id {@code txn}; retried on conflict. Returns when committed (acknowledged). */
    static void transfer(KernelDb db, Worker w, long txn, int from, int to, long amount) {
        if (from == to) {
            throw new IllegalArgumentException("a transfer needs two accounts");
        }
        Table accounts = db.table("ACCOUNT");
        Table entries = db.table("ENTRY");
        while (true) {
            Transaction t = w.begin();
            try {
                long a = ByteBuffer.wrap(t.readForUpdate(accounts, accountKey(from))).getLong();
                long b = ByteBuffer.wrap(t.readForUpdate(accounts, accountKey(to))).getLong();
                t.update(accounts, accountKey(from), balance(a - amount));
                t.update(accounts, accountKey(to), balance(b + amount));
                t.insert(entries, entryKey(txn, 'a'), entry(from, -amount));
                t.insert(entries, entryKey(txn, 'b'), entry(to, amount));
                t.commit();
                return;
            } catch (TransactionAbortedException e) {
                w.backoff();
            }
        }
    }

    /**
     * Checks the recovered state; returns the ids of the transfers present. Fails (AssertionError) if a transfer is
     * there in part, a balance disagrees with the entries, or an acknowledged transfer is missing.
     */
    static Set<Long> check(ConcurrencyControl cc, Table accounts, Table entries, Set<Long> acknowledged) {
        Map<Long, List<long[]>> byTxn = new HashMap<>();
        long[] balances = new long[ACCOUNTS];
        try (Worker w = cc.newWorker()) {
            Transaction t = w.begin();
            t.scan(entries.primary(), null, true, null, true, false, 0, (k, row) -> {
                String key = new String(k, StandardCharsets.UTF_8);
                long txn = Long.parseLong(key.substring(2, 14));
                ByteBuffer b = ByteBuffer.wrap(row);
                byTxn.computeIfAbsent(txn, x -> new ArrayList<>()).add(new long[] {b.getInt(), b.getLong()});
                return true;
            });
            for (int a = 0; a < ACCOUNTS; a++) {
                byte[] row = t.read(accounts, accountKey(a));
                if (row == null) {
                    throw new AssertionError("account " + a + " is missing");
                }
                balances[a] = ByteBuffer.wrap(row).getLong();
            }
            t.commit();
        }
        long[] expected = new long[ACCOUNTS];
        java.util.Arrays.fill(expected, OPENING);
        for (Map.Entry<Long, List<long[]>> e : byTxn.entrySet()) {
            if (e.getValue().size() != 2) {
                throw new AssertionError("transfer " + e.getKey() + " is there in part: " + e.getValue().size()
                        + " of 2 entries");
            }
            for (long[] x : e.getValue()) {
                expected[(int) x[0]] += x[1];
            }
        }
        for (int a = 0; a < ACCOUNTS; a++) {
            if (expected[a] != balances[a]) {
                throw new AssertionError("account " + a + " has balance " + balances[a] + " but its entries say "
                        + expected[a]);
            }
        }
        Set<Long> present = new HashSet<>(byTxn.keySet());
        for (long id : acknowledged) {
            if (!present.contains(id)) {
                throw new AssertionError("acknowledged transfer " + id + " was lost (" + present.size()
                        + " transfers recovered, " + acknowledged.size() + " acknowledged)");
            }
        }
        return present;
    }
}
