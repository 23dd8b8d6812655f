package org.terndb.tpcc;

/**
 * Cardinalities of the initial population (clause 4.3.3.1). {@link #SPEC} is the specification's; {@link #of}
 * shrinks items, customers and orders proportionally for tests ({@code --scale}, not TPC-C). Ten districts per
 * warehouse, one order per customer and 30% of the orders undelivered hold at every scale, so every transaction
 * and consistency condition keeps its meaning.
 *
 * @param items             ITEM rows, and STOCK rows per warehouse (100,000)
 * @param customers         CUSTOMER rows per district (3,000), also ORDER rows per district
 * @param newOrders         NEW_ORDER rows per district (900): the last orders of each district
 */
record TpccScale(int items, int customers, int newOrders) {
    static final int DISTRICTS = 10;
    static final TpccScale SPEC = new TpccScale(100_000, 3_000, 900);

    /** The spec's cardinalities times {@code fraction} (0 &lt; fraction &lt;= 1), with small floors. */
    static TpccScale of(double fraction) {
        if (!(fraction > 0 && fraction <= 1)) {
            throw new IllegalArgumentException("scale must be in (0, 1], got " + fraction);
        }
        if (fraction == 1) {
            return SPEC;
        }
        int customers = Math.max(10, (int) Math.round(SPEC.customers * fraction));
        return new TpccScale(Math.max(50, (int) Math.round(SPEC.items * fraction)), customers,
                (int) Math.round(customers * 0.3));
    }

    boolean isSpec() {
        return equals(SPEC);
    }

    /** ORDER rows per district: one per customer. */
    int orders() {
        return customers;
    }

    /** Orders per district loaded as delivered (2,100): consistency condition 11's constant. */
    int deliveredOrders() {
        return customers - newOrders;
    }

    /** Distinct last names per district: the first min(1000, customers) customers take 0..999 in turn. */
    int lastNames() {
        return Math.min(1000, customers);
    }
}
