package org.terndb.tpcc;

import org.terndb.harness.MixDeck;

/**
 * One terminal's input generator (clauses 2.4.1, 2.5.1, 2.6.1, 2.7.1, 2.8.1 and the card deck of 5.2.4.2): picks
 * the next transaction type from a shuffled deck holding the mix, and fills that type's reusable input object.
 * Each terminal has a home warehouse (and a home district for Stock-Level) and its own random stream, so a seed
 * reproduces every terminal's input sequence whatever the mode.
 */
final class TpccInputs {
    final int homeWarehouse;
    final int homeDistrict;
    private final int warehouses;
    private final TpccScale scale;
    private final TpccRandom.Constants constants;
    private final TpccRandom random;
    private final MixDeck deck;

    final NewOrder newOrder = new NewOrder();
    final Payment payment = new Payment();
    final OrderStatus orderStatus = new OrderStatus();
    final Delivery delivery = new Delivery();
    final StockLevel stockLevel = new StockLevel();

    /**
     * @param mix weights of the five types in {@link TxnType} order (e.g. 45, 43, 4, 4, 4): the deck holds that many
     *            cards of each and is reshuffled when used up
     */
    TpccInputs(int homeWarehouse, int homeDistrict, int warehouses, TpccScale scale, TpccRandom.Constants constants,
               long seed, int[] mix) {
        this.homeWarehouse = homeWarehouse;
        this.homeDistrict = homeDistrict;
        this.warehouses = warehouses;
        this.scale = scale;
        this.constants = constants;
        this.random = new TpccRandom(seed);
        this.deck = new MixDeck(mix, TxnType.count());
    }

    /** Draws the next transaction type and generates its input. */
    TxnType next() {
        TxnType type = TxnType.of(deck.next(random.generator()));
        switch (type) {
            case NEW_ORDER -> newOrder();
            case PAYMENT -> payment();
            case ORDER_STATUS -> orderStatus();
            case DELIVERY -> delivery();
            case STOCK_LEVEL -> stockLevel();
        }
        return type;
    }

    private int customerId() {
        return random.nuRand(1023, 1, scale.customers(), constants.cId());
    }

    private String customerLastName() {
        return TpccRandom.lastName(random.nuRand(255, 0, scale.lastNames() - 1, constants.cLastRun()));
    }

    /** A warehouse other than the home one, uniformly (the home one when there is no other). */
    private int remoteWarehouse() {
        if (warehouses == 1) {
            return homeWarehouse;
        }
        int w = random.uniform(1, warehouses - 1);
        return w >= homeWarehouse ? w + 1 : w;
    }

    private static long nowMicros() {
        return System.currentTimeMillis() * 1000;
    }

    /** Clause 2.4.1. */
    private void newOrder() {
        NewOrder in = newOrder;
        in.warehouse = homeWarehouse;
        in.district = random.uniform(1, TpccScale.DISTRICTS);
        in.customer = customerId();
        in.lines = random.uniform(5, 15);
        boolean rollback = random.uniform(1, 100) == 1;
        in.allLocal = true;
        for (int i = 0; i < in.lines; i++) {
            // 2.4.1.5: the last item of 1% of the orders is an unused id, which makes the transaction roll back.
            in.items[i] = rollback && i == in.lines - 1 ? scale.items() + 1
                    : random.nuRand(8191, 1, scale.items(), constants.olIid());
            boolean remote = warehouses > 1 && random.uniform(1, 100) == 1;
            in.supplyWarehouses[i] = remote ? remoteWarehouse() : homeWarehouse;
            in.allLocal &= !remote;
            in.quantities[i] = random.uniform(1, 10);
        }
        in.entryMicros = nowMicros();
    }

    /** Clause 2.5.1. */
    private void payment() {
        Payment in = payment;
        in.warehouse = homeWarehouse;
        in.district = random.uniform(1, TpccScale.DISTRICTS);
        if (random.uniform(1, 100) <= 85 || warehouses == 1) {
            in.customerWarehouse = homeWarehouse;
            in.customerDistrict = in.district;
        } else {
            in.customerWarehouse = remoteWarehouse();
            in.customerDistrict = random.uniform(1, TpccScale.DISTRICTS);
        }
        if (random.uniform(1, 100) <= 60) {
            in.customerLast = customerLastName();
            in.customer = 0;
        } else {
            in.customerLast = null;
            in.customer = customerId();
        }
        in.amountCents = random.uniform(100L, 500_000L);
        in.dateMicros = nowMicros();
    }

    /** Clause 2.6.1. */
    private void orderStatus() {
        OrderStatus in = orderStatus;
        in.warehouse = homeWarehouse;
        in.district = random.uniform(1, TpccScale.DISTRICTS);
        if (random.uniform(1, 100) <= 60) {
            in.customerLast = customerLastName();
            in.customer = 0;
        } else {
            in.customerLast = null;
            in.customer = customerId();
        }
    }

    /** Clause 2.7.1. */
    private void delivery() {
        delivery.warehouse = homeWarehouse;
        delivery.carrier = random.uniform(1, 10);
        delivery.dateMicros = nowMicros();
    }

    /** Clause 2.8.1: the terminal's own district, a threshold in [10, 20]. */
    private void stockLevel() {
        stockLevel.warehouse = homeWarehouse;
        stockLevel.district = homeDistrict;
        stockLevel.threshold = random.uniform(10, 20);
    }

    static final class NewOrder {
        int warehouse;
        int district;
        int customer;
        int lines;
        final int[] items = new int[15];
        final int[] supplyWarehouses = new int[15];
        final int[] quantities = new int[15];
        boolean allLocal;
        long entryMicros;
    }

    static final class Payment {
        int warehouse;
        int district;
        int customerWarehouse;
        int customerDistrict;
        /** The customer's id, or 0 when selected by {@link #customerLast}. */
        int customer;
        String customerLast;
        long amountCents;
        long dateMicros;
    }

    static final class OrderStatus {
        int warehouse;
        int district;
        /** The customer's id, or 0 when selected by {@link #customerLast}. */
        int customer;
        String customerLast;
    }

    static final class Delivery {
        int warehouse;
        int carrier;
        long dateMicros;
    }

    static final class StockLevel {
        int warehouse;
        int district;
        int threshold;
    }
}
