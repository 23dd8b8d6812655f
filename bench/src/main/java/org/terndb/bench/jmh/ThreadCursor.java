package org.terndb.bench.jmh;

import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * A benchmark thread's keys: random loaded keys written into a reused probe buffer, and fresh keys
 * (indices {@code keys + thread + j * threads}) that no other thread and no earlier iteration uses.
 * After each iteration the thread removes the keys it inserted, so inserts always meet about
 * {@code keys} entries rather than a structure that grows for the whole run.
 */
@State(Scope.Thread)
public class ThreadCursor {
    private LoadedIndex loaded;
    private SplittableRandom random;
    private int thread;
    private int threads;
    private long nextFresh;       // j of the next fresh key
    private long iterationStart;  // j of the first fresh key inserted in this iteration
    byte[] probe;

    @Setup(Level.Trial)
    public void setUp(LoadedIndex loaded, ThreadParams params) {
        this.loaded = loaded;
        this.thread = params.getThreadIndex();
        this.threads = params.getThreadCount();
        this.random = new SplittableRandom(LoadedIndex.SEED * 31 + thread);
        this.probe = new byte[loaded.keyBytes];
    }

    /** Fills {@link #probe} with a random loaded key and returns it. */
    byte[] existingKey() {
        loaded.space.write(random.nextInt(loaded.keys), probe);
        return probe;
    }

    /** A new array holding a key that is not in the index. */
    byte[] freshKey() {
        return loaded.space.key(freshIndex(nextFresh++));
    }

    private long freshIndex(long j) {
        return loaded.keys + thread + j * threads;
    }

    @TearDown(Level.Iteration)
    public void removeInserted() {
        for (long j = iterationStart; j < nextFresh; j++) {
            if (loaded.structure.remove(loaded.space.key(freshIndex(j))) == null) {
                throw new IllegalStateException(loaded.index + " lost inserted fresh key " + freshIndex(j));
            }
        }
        iterationStart = nextFresh;
    }
}
