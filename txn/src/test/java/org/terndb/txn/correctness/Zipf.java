package org.terndb.txn.correctness;

import java.util.SplittableRandom;

/** Zipfian choice of 0..n-1 (item 0 hottest) from a precomputed distribution; allocation-free draws. */
final class Zipf {
    private final double[] cdf;

    Zipf(int n, double theta) {
        cdf = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += 1.0 / Math.pow(i + 1, theta);
            cdf[i] = sum;
        }
        for (int i = 0; i < n; i++) {
            cdf[i] /= sum;
        }
    }

    int next(SplittableRandom rnd) {
        double u = rnd.nextDouble();
        int lo = 0;
        int hi = cdf.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cdf[mid] < u) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }
}
