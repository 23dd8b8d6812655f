package org.terndb.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TpccInputsTest {
    private static final int[] MIX = {45, 43, 4, 4, 4};

    private static TpccInputs terminal(int warehouses, long seed) {
        return new TpccInputs(1, 1, warehouses, TpccScale.SPEC, TpccRandom.Constants.fromSeed(seed), seed, MIX);
    }

    @Test
    void everyHundredTransactionsFollowTheMixExactly() {
        TpccInputs in = terminal(1, 3);
        for (int deck = 0; deck < 50; deck++) {
            int[] counts = new int[TxnType.count()];
            for (int i = 0; i < 100; i++) {
                counts[in.next().ordinal()]++;
            }
            assertEquals(java.util.Arrays.toString(MIX), java.util.Arrays.toString(counts));
        }
    }

    @Test
    void newOrderInputsFollowClause241() {
        TpccInputs in = new TpccInputs(3, 1, 10, TpccScale.SPEC, TpccRandom.Constants.fromSeed(1), 1,
                new int[] {1, 0, 0, 0, 0});
        int orders = 100_000;
        int rollbacks = 0;
        long lines = 0;
        long remote = 0;
        for (int i = 0; i < orders; i++) {
            assertEquals(TxnType.NEW_ORDER, in.next());
            TpccInputs.NewOrder no = in.newOrder;
            assertEquals(3, no.warehouse);
            assertTrue(no.district >= 1 && no.district <= 10);
            assertTrue(no.customer >= 1 && no.customer <= 3000);
            assertTrue(no.lines >= 5 && no.lines <= 15);
            boolean allLocal = true;
            for (int l = 0; l < no.lines; l++) {
                assertTrue(no.quantities[l] >= 1 && no.quantities[l] <= 10);
                boolean unused = no.items[l] == 100_001;
                assertTrue(unused ? l == no.lines - 1 : no.items[l] >= 1 && no.items[l] <= 100_000);
                rollbacks += unused ? 1 : 0;
                assertTrue(no.supplyWarehouses[l] >= 1 && no.supplyWarehouses[l] <= 10);
                remote += no.supplyWarehouses[l] != 3 ? 1 : 0;
                allLocal &= no.supplyWarehouses[l] == 3;
            }
            assertEquals(allLocal, no.allLocal);
            lines += no.lines;
        }
        assertTrue(rollbacks > 800 && rollbacks < 1200, "1% rollbacks: " + rollbacks);
        double remoteShare = (double) remote / lines;
        assertTrue(remoteShare > 0.008 && remoteShare < 0.012, "1% remote lines: " + remoteShare);
    }

    @Test
    void paymentInputsFollowClause251() {
        TpccInputs in = new TpccInputs(2, 1, 4, TpccScale.SPEC, TpccRandom.Constants.fromSeed(1), 9,
                new int[] {0, 1, 0, 0, 0});
        int n = 100_000;
        int byName = 0;
        int remote = 0;
        for (int i = 0; i < n; i++) {
            in.next();
            TpccInputs.Payment p = in.payment;
            assertTrue(p.amountCents >= 100 && p.amountCents <= 500_000);
            if (p.customerLast != null) {
                byName++;
                assertEquals(0, p.customer);
            } else {
                assertTrue(p.customer >= 1 && p.customer <= 3000);
            }
            if (p.customerWarehouse != 2) {
                remote++;
            } else {
                assertEquals(p.district, p.customerDistrict);
            }
        }
        assertTrue(byName > 0.58 * n && byName < 0.62 * n, "60% by last name: " + byName);
        assertTrue(remote > 0.14 * n && remote < 0.16 * n, "15% remote customers: " + remote);
    }

    @Test
    void runConstantOfCLastDiffersFromTheLoadsAsClause2161Requires() {
        for (long seed = 0; seed < 1_000; seed++) {
            TpccRandom.Constants c = TpccRandom.Constants.fromSeed(seed);
            int delta = Math.abs(c.cLastRun() - c.cLastLoad());
            assertTrue(delta >= 65 && delta <= 119 && delta != 96 && delta != 112, c.toString());
        }
    }

    @Test
    void theSameSeedGivesTheSameInputStream() {
        TpccInputs a = terminal(2, 77);
        TpccInputs b = terminal(2, 77);
        TpccInputs c = terminal(2, 78);
        long da = 0;
        long db = 0;
        long dc = 0;
        for (int i = 0; i < 10_000; i++) {
            da = da * 31 + a.next().ordinal() + a.newOrder.customer + a.payment.amountCents;
            db = db * 31 + b.next().ordinal() + b.newOrder.customer + b.payment.amountCents;
            dc = dc * 31 + c.next().ordinal() + c.newOrder.customer + c.payment.amountCents;
        }
        assertEquals(da, db);
        assertNotEquals(da, dc);
    }

    @Test
    void lastNamesComeFromTheSyllableTable() {
        assertEquals("BARBARBAR", TpccRandom.lastName(0));
        assertEquals("OUGHTABLEPRI", TpccRandom.lastName(123));
        assertEquals("EINGEINGEING", TpccRandom.lastName(999));
    }
}
