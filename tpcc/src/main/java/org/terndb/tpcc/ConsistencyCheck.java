package org.terndb.tpcc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The consistency conditions of clause 3.3.2, evaluated over a {@link ConsistencySource}. All twelve are checked
 * except where the data does not allow it: condition 11 ((count of ORDER) - (count of NEW-ORDER) = 2,100 per
 * district) holds only until the first Delivery, so it is checked only when no Delivery committed since the load.
 * Condition 2's NEW-ORDER part and condition 3 skip districts without new orders, as the spec says.
 */
final class ConsistencyCheck {

    /** One condition's outcome; {@code detail} names the first violation and how many there were. */
    record Result(int condition, String title, Status status, String detail) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "condition %2d  %-4s  %s%s", condition, status.word, title,
                    detail.isEmpty() ? "" : "  (" + detail + ")");
        }
    }

    enum Status {
        PASS("pass"), FAIL("FAIL"), SKIPPED("skip");

        final String word;

        Status(String word) {
            this.word = word;
        }
    }

    static final String[] TITLES = {
        null,
        "W_YTD = sum(D_YTD)",
        "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)",
        "max(NO_O_ID) - min(NO_O_ID) + 1 = rows in NEW-ORDER",
        "sum(O_OL_CNT) = rows in ORDER-LINE",
        "O_CARRIER_ID is null iff a NEW-ORDER row exists",
        "O_OL_CNT = the order's ORDER-LINE rows",
        "OL_DELIVERY_D is null iff O_CARRIER_ID is null",
        "W_YTD = sum(H_AMOUNT) of the warehouse",
        "D_YTD = sum(H_AMOUNT) of the district",
        "C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT)",
        "rows in ORDER - rows in NEW-ORDER = initial delivered orders",
        "C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT)",
    };

    private final int warehouses;
    private final TpccScale scale;
    private final boolean deliveriesRan;
    private final long[] violations = new long[TITLES.length];
    private final String[] firstViolation = new String[TITLES.length];

    /**
     * @param deliveriesRan whether any Delivery committed since the load (condition 11 then no longer applies)
     */
    ConsistencyCheck(int warehouses, TpccScale scale, boolean deliveriesRan) {
        this.warehouses = warehouses;
        this.scale = scale;
        this.deliveriesRan = deliveriesRan;
    }

    /** Evaluates every applicable condition; the results are in condition order. */
    List<Result> run(ConsistencySource source) throws Exception {
        // History first: per warehouse, district and customer sums (conditions 8, 9, 10).
        int customers = scale.customers();
        long[] historyByWarehouse = new long[warehouses + 1];
        long[][] historyByDistrict = new long[warehouses + 1][TpccScale.DISTRICTS + 1];
        long[][][] historyByCustomer = new long[warehouses + 1][TpccScale.DISTRICTS + 1][customers + 1];
        source.history((c, cd, cw, d, w, amount) -> {
            if (w < 1 || w > warehouses || d < 1 || d > TpccScale.DISTRICTS || cw < 1 || cw > warehouses
                    || cd < 1 || cd > TpccScale.DISTRICTS || c < 1 || c > customers) {
                fail(8, "HISTORY row with ids out of range: customer " + cw + "/" + cd + "/" + c + ", district " + w
                        + "/" + d);
                return;
            }
            historyByWarehouse[w] += amount;
            historyByDistrict[w][d] += amount;
            historyByCustomer[cw][cd][c] += amount;
        });

        for (int w = 1; w <= warehouses; w++) {
            long wYtd = source.warehouseYtd(w);
            if (wYtd == Long.MIN_VALUE) {
                fail(1, "warehouse " + w + " is missing");
                continue;
            }
            long[] dYtd = new long[TpccScale.DISTRICTS + 1];
            int[] nextOrderId = new int[TpccScale.DISTRICTS + 1];
            source.districts(w, (d, ytd, next) -> {
                if (d >= 1 && d <= TpccScale.DISTRICTS) {
                    dYtd[d] = ytd;
                    nextOrderId[d] = next;
                }
            });
            long sumDistricts = Arrays.stream(dYtd).sum();
            if (wYtd != sumDistricts) {
                fail(1, "warehouse " + w + ": W_YTD " + TpccLogic.money(wYtd) + " != sum(D_YTD) "
                        + TpccLogic.money(sumDistricts));
            }
            if (wYtd != historyByWarehouse[w]) {
                fail(8, "warehouse " + w + ": W_YTD " + TpccLogic.money(wYtd) + " != sum(H_AMOUNT) "
                        + TpccLogic.money(historyByWarehouse[w]));
            }
            for (int d = 1; d <= TpccScale.DISTRICTS; d++) {
                if (nextOrderId[d] == 0) {
                    fail(2, "district " + w + "/" + d + " is missing");
                    continue;
                }
                if (dYtd[d] != historyByDistrict[w][d]) {
                    fail(9, "district " + w + "/" + d + ": D_YTD " + TpccLogic.money(dYtd[d]) + " != sum(H_AMOUNT) "
                            + TpccLogic.money(historyByDistrict[w][d]));
                }
                checkDistrict(source, w, d, nextOrderId[d], historyByCustomer[w][d]);
            }
        }

        List<Result> results = new ArrayList<>();
        for (int n = 1; n < TITLES.length; n++) {
            if (n == 11 && deliveriesRan) {
                results.add(new Result(n, TITLES[n], Status.SKIPPED, "holds only until the first Delivery"));
            } else if (violations[n] == 0) {
                results.add(new Result(n, TITLES[n], Status.PASS, ""));
            } else {
                results.add(new Result(n, TITLES[n], Status.FAIL, violations[n] + " violation"
                        + (violations[n] == 1 ? "" : "s") + ", first: " + firstViolation[n]));
            }
        }
        return results;
    }

    /** Conditions 2 to 7, 10, 11 and 12 for one district. */
    private void checkDistrict(ConsistencySource source, int w, int d, int nextOrderId, long[] historyByCustomer)
            throws Exception {
        String where = "district " + w + "/" + d;
        int capacity = nextOrderId + 1;
        // Per order id: customer, carrier null?, line count; -1 customer = no such order.
        int[] orderCustomer = new int[capacity];
        Arrays.fill(orderCustomer, -1);
        boolean[] carrierNull = new boolean[capacity];
        int[] lineCount = new int[capacity];
        long[] orderStats = new long[3];   // count, max id, sum(O_OL_CNT)
        source.orders(w, d, (id, c, isNull, lines) -> {
            orderStats[0]++;
            orderStats[1] = Math.max(orderStats[1], id);
            orderStats[2] += lines;
            if (id < 1 || id >= capacity) {
                fail(2, where + ": order " + id + " is at or beyond D_NEXT_O_ID " + nextOrderId);
                return;
            }
            orderCustomer[id] = c;
            carrierNull[id] = isNull;
            lineCount[id] = lines;
        });
        if (nextOrderId - 1 != orderStats[1]) {
            fail(2, where + ": D_NEXT_O_ID - 1 = " + (nextOrderId - 1) + " != max(O_ID) = " + orderStats[1]);
        }

        boolean[] hasNewOrder = new boolean[capacity];
        long[] noStats = {0, Long.MIN_VALUE, Long.MAX_VALUE};   // count, max, min
        source.newOrders(w, d, id -> {
            noStats[0]++;
            noStats[1] = Math.max(noStats[1], id);
            noStats[2] = Math.min(noStats[2], id);
            if (id >= 1 && id < capacity) {
                hasNewOrder[id] = true;
            }
            if (id < 1 || id >= capacity || orderCustomer[id] < 0) {
                fail(5, where + ": NEW-ORDER " + id + " has no ORDER row");
            }
        });
        if (noStats[0] > 0) {
            if (nextOrderId - 1 != noStats[1]) {
                fail(2, where + ": D_NEXT_O_ID - 1 = " + (nextOrderId - 1) + " != max(NO_O_ID) = " + noStats[1]);
            }
            if (noStats[1] - noStats[2] + 1 != noStats[0]) {
                fail(3, where + ": max - min + 1 = " + (noStats[1] - noStats[2] + 1) + " != " + noStats[0] + " rows");
            }
        }
        if (!deliveriesRan && orderStats[0] - noStats[0] != scale.deliveredOrders()) {
            fail(11, where + ": " + orderStats[0] + " orders - " + noStats[0] + " new orders != "
                    + scale.deliveredOrders());
        }

        int[] linesSeen = new int[capacity];
        long customers = scale.customers();
        long[] deliveredByCustomer = new long[(int) customers + 1];
        long[] lineTotal = new long[1];
        source.orderLines(w, d, (id, deliveryNull, amount) -> {
            lineTotal[0]++;
            if (id < 1 || id >= capacity || orderCustomer[id] < 0) {
                fail(6, where + ": ORDER-LINE of order " + id + " has no ORDER row");
                return;
            }
            linesSeen[id]++;
            if (deliveryNull != carrierNull[id]) {
                fail(7, where + ": order " + id + " has O_CARRIER_ID " + (carrierNull[id] ? "null" : "set")
                        + " but a line with OL_DELIVERY_D " + (deliveryNull ? "null" : "set"));
            }
            int c = orderCustomer[id];
            if (!deliveryNull && c >= 1 && c <= customers) {
                deliveredByCustomer[c] += amount;
            }
        });
        if (orderStats[2] != lineTotal[0]) {
            fail(4, where + ": sum(O_OL_CNT) = " + orderStats[2] + " != " + lineTotal[0] + " ORDER-LINE rows");
        }
        for (int id = 1; id < capacity; id++) {
            if (orderCustomer[id] < 0) {
                continue;
            }
            if (carrierNull[id] != hasNewOrder[id]) {
                fail(5, where + ": order " + id + " has O_CARRIER_ID " + (carrierNull[id] ? "null" : "set")
                        + (hasNewOrder[id] ? " and" : " but no") + " NEW-ORDER row");
            }
            if (lineCount[id] != linesSeen[id]) {
                fail(6, where + ": order " + id + " has O_OL_CNT " + lineCount[id] + " but " + linesSeen[id]
                        + " lines");
            }
        }

        source.customers(w, d, (c, balance, ytdPayment) -> {
            if (c < 1 || c > customers) {
                return;
            }
            long delivered = deliveredByCustomer[c];
            if (balance != delivered - historyByCustomer[c]) {
                fail(10, "customer " + w + "/" + d + "/" + c + ": C_BALANCE " + TpccLogic.money(balance)
                        + " != " + TpccLogic.money(delivered) + " - " + TpccLogic.money(historyByCustomer[c]));
            }
            if (balance + ytdPayment != delivered) {
                fail(12, "customer " + w + "/" + d + "/" + c + ": C_BALANCE + C_YTD_PAYMENT "
                        + TpccLogic.money(balance + ytdPayment) + " != " + TpccLogic.money(delivered));
            }
        });
    }

    private void fail(int condition, String detail) {
        if (violations[condition]++ == 0) {
            firstViolation[condition] = detail;
        }
    }

    /** True when no condition failed. */
    static boolean passed(List<Result> results) {
        return results.stream().noneMatch(r -> r.status() == Status.FAIL);
    }
}
