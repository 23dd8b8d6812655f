package org.terndb.tpcc;

import java.util.Arrays;

/**
 * A terminal's memory of the oldest NEW_ORDER row its Deliveries found, per district: the lower bound its next
 * Delivery scans from. Every lower NO_O_ID had been deleted by a committed Delivery when that row was read as the
 * oldest committed one (whether or not the reading transaction later committed), and order ids are never reused,
 * so starting there finds the same oldest row; it only skips the deleted entries that wait for reclamation at the
 * head of the district's range (Silo's TPC-C keeps the same per-district hint).
 */
final class OldestNewOrders {
    private int[] oldest = new int[0];

    /** The oldest NO_O_ID seen in district (w, d), 0 before the first Delivery there. */
    int floor(int w, int d) {
        int i = index(w, d);
        return i < oldest.length ? oldest[i] : 0;
    }

    /** A Delivery found {@code orderId} as the oldest new order of district (w, d). */
    void saw(int w, int d, int orderId) {
        int i = index(w, d);
        if (i >= oldest.length) {
            oldest = Arrays.copyOf(oldest, Math.max(i + 1, 2 * oldest.length));
        }
        oldest[i] = orderId;
    }

    private static int index(int w, int d) {
        return w * TpccScale.DISTRICTS + d - 1;
    }
}
