package org.terndb.storage.masstree;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Lookups that race the splits of both border and interior nodes: a get trusts the border node its
 * validated descent reached without looking at the right sibling, so a key inserted before the get
 * began must still be found while the nodes around it split.
 */
class MasstreeGetDuringSplitsTest {
  private static final int WRITERS = 2;
  private static final int READERS = 2;
  private static final int KEYS_PER_WRITER = 120_000;

  @Test
  void getsFindEveryKeyInsertedBeforeThemWhileBorderAndInteriorNodesSplit() throws Exception {
    Masstree<Integer> tree = new Masstree<>();
    AtomicLongArray progress = new AtomicLongArray(WRITERS); // keys [0, progress) of writer w are in
    AtomicInteger writersLeft = new AtomicInteger(WRITERS);
    AtomicReference<String> failure = new AtomicReference<>();
    Thread[] threads = new Thread[WRITERS + READERS];
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      threads[w] = new Thread(() -> {
        // Writer w owns keys w, w + WRITERS, ...: ascending at the right end (sequential splits)
        // while the other writer fills in between (ordinary splits), every 8th batch in random order.
        SplittableRandom rnd = new SplittableRandom(writer);
        for (int i = 0; i < KEYS_PER_WRITER; i += 64) {
          int n = Math.min(64, KEYS_PER_WRITER - i);
          int start = rnd.nextInt(8) == 0 ? rnd.nextInt(n) : 0;
          for (int j = 0; j < n; j++) {
            int k = i + (start + j) % n;
            tree.put(key(k * WRITERS + writer), k);
          }
          progress.set(writer, i + n);
        }
        writersLeft.decrementAndGet();
      });
    }
    for (int r = 0; r < READERS; r++) {
      SplittableRandom rnd = new SplittableRandom(100 + r);
      threads[WRITERS + r] = new Thread(() -> {
        while (writersLeft.get() > 0 && failure.get() == null) {
          int writer = rnd.nextInt(WRITERS);
          long done = progress.get(writer);
          if (done == 0) {
            continue;
          }
          int k = (int) (done - 1 - rnd.nextLong(Math.min(done, 4096)));
          Integer v = tree.get(key(k * WRITERS + writer));
          if (v == null || v != k) {
            failure.compareAndSet(null, "key " + (k * WRITERS + writer) + " read " + v + ", expected " + k);
          }
        }
      });
    }
    for (Thread t : threads) {
      t.setDaemon(true);
      t.start();
    }
    for (Thread t : threads) {
      t.join(60_000);
    }
    assertEquals(null, failure.get());
    TreeStructure.check(tree);
  }

  private static byte[] key(int i) {
    return new byte[] {(byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) i};
  }
}
