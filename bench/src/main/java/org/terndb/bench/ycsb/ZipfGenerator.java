package org.terndb.bench.ycsb;

import java.util.SplittableRandom;

/**
 * Zipf-distributed ranks in {@code [0, n)} by Gray et al.'s method ("Quickly generating billion-record synthetic
 * databases", SIGMOD'94, §5), the generator CCBench uses for its skew parameter: rank 0 is the hottest, and
 * rank {@code i} is drawn with probability about {@code (1 / (i + 1)^θ) / ζ(n, θ)}. The first two ranks are
 * exact; the rest follow the paper's closed-form approximation of the inverse CDF.
 *
 * <p>The zeta sum is computed once in the constructor (O(n)); an instance is immutable and shared by all
 * threads, each drawing with its own {@link SplittableRandom}, so a draw allocates nothing. θ = 0 is the
 * uniform distribution, drawn directly.
 */
public final class ZipfGenerator {
    private final int n;
    private final double theta;
    private final double zetan;
    private final double alpha;
    private final double eta;
    // 1 + 0.5^θ: u·ζ(n) below this (and at least 1) selects rank 1.
    private final double secondRankBound;

    /**
     * @param n the number of ranks, at least 1
     * @param theta the skew, {@code 0 <= θ < 1} (the approximation's {@code 1 / (1 - θ)} is undefined at 1)
     */
    public ZipfGenerator(int n, double theta) {
        if (n < 1) {
            throw new IllegalArgumentException("Zipf needs at least one rank, got " + n);
        }
        if (!(theta >= 0 && theta < 1)) {
            throw new IllegalArgumentException("Zipf skew must be at least 0 and below 1, got " + theta);
        }
        this.n = n;
        this.theta = theta;
        this.zetan = zeta(n, theta);
        this.alpha = 1 / (1 - theta);
        double zeta2 = zeta(Math.min(n, 2), theta);
        this.eta = n <= 2 ? 0 : (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetan);
        this.secondRankBound = 1 + Math.pow(0.5, theta);
    }

    /** {@code ζ(n, θ) = Σ_{i=1..n} 1 / i^θ}. */
    static double zeta(int n, double theta) {
        double sum = 0;
        for (int i = 1; i <= n; i++) {
            sum += 1 / Math.pow(i, theta);
        }
        return sum;
    }

    /** The exact Zipf probability of {@code rank} (0-based), for tests and reports. */
    public double probability(int rank) {
        return 1 / Math.pow(rank + 1, theta) / zetan;
    }

    public int size() {
        return n;
    }

    public double theta() {
        return theta;
    }

    /** The next rank in {@code [0, n)}. */
    public int next(SplittableRandom random) {
        if (theta == 0) {
            return random.nextInt(n);
        }
        double u = random.nextDouble();
        double uz = u * zetan;
        if (uz < 1) {
            return 0;
        }
        if (uz < secondRankBound) {
            return Math.min(1, n - 1);
        }
        long rank = (long) (n * Math.pow(eta * u - eta + 1, alpha));
        return (int) Math.min(rank, n - 1);
    }
}
