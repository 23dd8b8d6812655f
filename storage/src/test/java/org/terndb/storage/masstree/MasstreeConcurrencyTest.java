package org.terndb.storage.masstree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * Several threads mixing inserts, removes, gets and scans on overlapping key ranges for a bounded
 * time, checking invariants that must hold under any interleaving.
 */
class MasstreeConcurrencyTest {
  private static final int THREADS = 4;
  private static final long RUN_NANOS = 1_500_000_000L;
  private static final int KEYS = 3000;

  private static final byte[] P16 = "abcdefghijklmnop".getBytes();

  /** Three key shapes: layer 0 only, and two that share 8 and 16 bytes (layers 1 and 2). */
  static byte[] key(int i) {
    switch (i % 3) {
      case 0:
        return MasstreeModelTest.bigEndian(i);
      case 1: {
        byte[] k = Arrays.copyOf(P16, 20);
        System.arraycopy(MasstreeModelTest.bigEndian(i), 0, k, 16, 4);
        return k;
      }
      default: {
        byte[] k = Arrays.copyOf(P16, 12);
        System.arraycopy(MasstreeModelTest.bigEndian(i), 0, k, 8, 4);
        return k;
      }
    }
  }

  private static boolean stable(int i) {
    return i % 5 == 0;
  }

  private static int owner(int i) {
    return i % THREADS;
  }

  @Test
  void concurrentMixedOperationsKeepInvariantsAndFinalContentsMatch() throws Exception {
    Masstree<String> tree = new Masstree<>();
    TreeMap<byte[], Integer> index = TreeModel.newModel(); // key -> id, read-only during the run
    for (int i = 0; i < KEYS; i++) {
      index.put(key(i), i);
      if (stable(i)) {
        tree.put(key(i), "s" + i);
      }
    }
    List<Map<Integer, String>> owned = new ArrayList<>();
    for (int t = 0; t < THREADS; t++) {
      owned.add(new HashMap<>());
    }
    runThreads(THREADS, t -> {
      SplittableRandom r = new SplittableRandom(1234 + t);
      Map<Integer, String> mine = owned.get(t);
      long end = System.nanoTime() + RUN_NANOS;
      int op = 0;
      while ((op++ & 63) != 0 || System.nanoTime() < end) {
        int i = r.nextInt(KEYS);
        int choice = r.nextInt(100);
        if (choice < 10) {
          checkScan(tree, index, r, t, mine);
          continue;
        }
        if (stable(i) || owner(i) != t) {
          String v = tree.get(key(i));
          if (stable(i) && !("s" + i).equals(v)) {
            throw new AssertionError("stable key " + i + " read as " + v);
          }
          if (stable(i)) {
            continue;
          }
          // another thread's key: only putIfAbsent would collide; just read it
          continue;
        }
        String v = "t" + t + "-" + op;
        if (choice < 45) {
          String prev = tree.putIfAbsent(key(i), v);
          assertEquals(mine.get(i), prev, "putIfAbsent of own key " + i);
          mine.putIfAbsent(i, v);
        } else if (choice < 60) {
          assertEquals(mine.put(i, v), tree.put(key(i), v), "put of own key " + i);
        } else if (choice < 85) {
          assertEquals(mine.remove(i), tree.remove(key(i)), "remove of own key " + i);
        } else {
          assertEquals(mine.get(i), tree.get(key(i)), "get of own key " + i);
        }
      }
    });
    Map<byte[], String> expected = TreeModel.newModel();
    for (int i = 0; i < KEYS; i += 5) {
      expected.put(key(i), "s" + i);
    }
    for (Map<Integer, String> m : owned) {
      m.forEach((i, v) -> expected.put(key(i), v));
    }
    TreeMap<byte[], String> model = TreeModel.newModel();
    model.putAll(expected);
    TreeModel.assertSameEntries(TreeModel.expectedScan(model, null, true, null, true, false, 0, 0),
        TreeModel.scan(tree, null, true, null, true, false, 0, 0), "final contents");
    assertEquals(model.size(), tree.size());
    TreeStructure.check(tree);
  }

  /**
   * A scan by thread t: sorted, within bounds, every stable key in range present, and thread t's
   * own keys present exactly as t left them (nobody else changes them).
   */
  private static void checkScan(Masstree<String> tree, TreeMap<byte[], Integer> index,
      SplittableRandom r, int t, Map<Integer, String> mine) {
    byte[] lo = r.nextInt(8) == 0 ? null : key(r.nextInt(KEYS));
    byte[] hi = r.nextInt(8) == 0 ? null : key(r.nextInt(KEYS));
    if (lo != null && hi != null && Arrays.compareUnsigned(lo, hi) > 0) {
      byte[] x = lo;
      lo = hi;
      hi = x;
    }
    boolean loIncl = r.nextBoolean();
    boolean hiIncl = r.nextBoolean();
    boolean reverse = r.nextBoolean();
    int limit = r.nextInt(4) == 0 ? 20 : 0;
    List<Map.Entry<byte[], String>> got =
        TreeModel.scan(tree, lo, loIncl, hi, hiIncl, reverse, limit, 0);
    for (int j = 0; j < got.size(); j++) {
      byte[] k = got.get(j).getKey();
      if (lo != null) {
        int c = Arrays.compareUnsigned(k, lo);
        if (c < 0 || (c == 0 && !loIncl)) {
          throw new AssertionError("key below lo: " + TreeModel.hex(k));
        }
      }
      if (hi != null) {
        int c = Arrays.compareUnsigned(k, hi);
        if (c > 0 || (c == 0 && !hiIncl)) {
          throw new AssertionError("key above hi: " + TreeModel.hex(k));
        }
      }
      if (j > 0) {
        int c = Arrays.compareUnsigned(got.get(j - 1).getKey(), k);
        if (reverse ? c <= 0 : c >= 0) {
          throw new AssertionError("scan out of order or repeated at " + TreeModel.hex(k));
        }
      }
    }
    // expected presence of stable and own keys within the part of the range the scan covered
    Map<byte[], String> seen = TreeModel.newModel();
    got.forEach(e -> seen.put(e.getKey(), e.getValue()));
    byte[] coveredLo = lo;
    boolean coveredLoIncl = loIncl;
    byte[] coveredHi = hi;
    boolean coveredHiIncl = hiIncl;
    if (limit > 0 && got.size() == limit) {
      if (reverse) {
        coveredLo = got.get(got.size() - 1).getKey();
        coveredLoIncl = true;
      } else {
        coveredHi = got.get(got.size() - 1).getKey();
        coveredHiIncl = true;
      }
    }
    for (Map.Entry<byte[], Integer> e : TreeModel.expectedScan(index, coveredLo, coveredLoIncl,
        coveredHi, coveredHiIncl, false, 0, 0)) {
      int i = e.getValue();
      String v = seen.get(e.getKey());
      if (stable(i) && !("s" + i).equals(v)) {
        throw new AssertionError("scan missed stable key " + i + " (saw " + v + ")");
      }
      if (!stable(i) && owner(i) == t && !java.util.Objects.equals(mine.get(i), v)) {
        throw new AssertionError("scan saw own key " + i + " as " + v + ", expected "
            + mine.get(i));
      }
    }
  }

  /**
   * Sliding windows: each lane thread appends ascending keys and removes its oldest ones, which
   * empties and unlinks border nodes all the time; a scanner checks that every key live for its
   * whole scan is seen, in order, once.
   */
  @Test
  void slidingWindowsUnlinkNodesWhileScansSeeEveryLiveKey() throws Exception {
    Masstree<Integer> tree = new Masstree<>();
    int lanes = 2;
    int window = 300;
    // keys [removed, inserted) are live: inserted is set after the insert, removed before the remove
    AtomicLongArray inserted = new AtomicLongArray(lanes);
    AtomicLongArray removed = new AtomicLongArray(lanes);
    runThreads(lanes + 2, t -> {
      long end = System.nanoTime() + RUN_NANOS;
      if (t < lanes) {
        int seq = 0;
        while (System.nanoTime() < end) {
          if (tree.putIfAbsent(laneKey(t, seq), seq) != null) {
            throw new AssertionError("fresh key already present");
          }
          inserted.set(t, ++seq);
          if (seq > window) {
            int old = seq - window - 1;
            removed.set(t, old + 1); // announced first: scanners may no longer expect it
            if (!Integer.valueOf(old).equals(tree.remove(laneKey(t, old)))) {
              throw new AssertionError("lane " + t + " lost key " + old);
            }
          }
        }
        return;
      }
      SplittableRandom r = new SplittableRandom(t);
      while (System.nanoTime() < end) {
        int lane = r.nextInt(lanes);
        boolean reverse = r.nextBoolean();
        long insBefore = inserted.get(lane);
        List<Map.Entry<byte[], Integer>> got = TreeModel.scan(tree, laneKey(lane, 0), true,
            laneKey(lane, Integer.MAX_VALUE), true, reverse, 0, 0);
        long remAfter = removed.get(lane);
        int prev = reverse ? Integer.MAX_VALUE : -1;
        java.util.BitSet seen = new java.util.BitSet();
        for (Map.Entry<byte[], Integer> e : got) {
          int v = e.getValue();
          if (!Arrays.equals(laneKey(lane, v), e.getKey())) {
            throw new AssertionError("value does not belong to key");
          }
          if (reverse ? v >= prev : v <= prev) {
            throw new AssertionError("lane scan out of order: " + prev + " then " + v);
          }
          prev = v;
          seen.set(v);
        }
        for (long s = remAfter; s < insBefore; s++) {
          if (!seen.get((int) s)) {
            throw new AssertionError("lane " + lane + " scan missed live key " + s + " (live "
                + remAfter + ".." + insBefore + ", reverse=" + reverse + ")");
          }
        }
        long newest = inserted.get(lane) - 1;
        if (newest >= 0 && tree.get(laneKey(lane, (int) newest)) == null
            && removed.get(lane) <= newest) {
          throw new AssertionError("get missed live key " + newest);
        }
      }
    });
    long live = 0;
    for (int l = 0; l < lanes; l++) {
      live += inserted.get(l) - removed.get(l);
    }
    assertEquals(live, tree.size());
    int borders = TreeStructure.check(tree);
    // emptied nodes were unlinked: the live keys (2 x 300) need few border nodes
    assertTrue(borders < 200, () -> "border nodes: " + borders);
  }

  /**
   * Writers keep filling the gaps between stable keys (splitting nodes) and emptying them again
   * (unlinking nodes); readers must find every stable key by get and by scans in both directions.
   */
  @Test
  void getsAndScansNeverMissStableKeysWhileNodesSplitAndUnlink() throws Exception {
    Masstree<Integer> tree = new Masstree<>();
    int stableKeys = 2000;
    int spread = 64; // stable key i is i * spread; writers use the values in between
    for (int i = 0; i < stableKeys; i++) {
      tree.put(MasstreeModelTest.bigEndian(i * spread), i);
    }
    runThreads(4, t -> {
      SplittableRandom r = new SplittableRandom(77 + t);
      long end = System.nanoTime() + RUN_NANOS;
      if (t < 2) {
        // writer t owns the gap offsets with (offset % 2 == t): fill a block, then empty it
        while (System.nanoTime() < end) {
          int base = r.nextInt(stableKeys - 40) * spread;
          for (int j = base; j < base + 40 * spread; j++) {
            if (j % spread != 0 && j % 2 == t) {
              tree.put(MasstreeModelTest.bigEndian(j), -1);
            }
          }
          for (int j = base; j < base + 40 * spread; j++) {
            if (j % spread != 0 && j % 2 == t) {
              tree.remove(MasstreeModelTest.bigEndian(j));
            }
          }
        }
        return;
      }
      while (System.nanoTime() < end) {
        for (int n = 0; n < 200; n++) {
          int i = r.nextInt(stableKeys);
          Integer v = tree.get(MasstreeModelTest.bigEndian(i * spread));
          if (v == null || v != i) {
            throw new AssertionError("get missed stable key " + i + ": " + v);
          }
        }
        int from = r.nextInt(stableKeys - 20);
        boolean reverse = r.nextBoolean();
        int[] expect = {reverse ? from + 19 : from};
        tree.scan(MasstreeModelTest.bigEndian(from * spread), true,
            MasstreeModelTest.bigEndian((from + 19) * spread), true, reverse, 0, (k, len, v) -> {
              if (v >= 0) {
                if (v != expect[0]) {
                  throw new AssertionError("scan expected stable " + expect[0] + " got " + v);
                }
                expect[0] += reverse ? -1 : 1;
              }
              return true;
            }, null);
        if (expect[0] != (reverse ? from - 1 : from + 20)) {
          throw new AssertionError("scan stopped early at stable key " + expect[0]);
        }
      }
    });
    assertEquals(stableKeys, tree.size());
    TreeStructure.check(tree);
  }

  /** Lane keys share an 8-byte prefix per lane, so each lane is its own layer-1 B+tree. */
  static byte[] laneKey(int lane, int seq) {
    byte[] k = "lane-00-".getBytes();
    k = Arrays.copyOf(k, 12);
    k[6] = (byte) ('0' + lane);
    System.arraycopy(MasstreeModelTest.bigEndian(seq), 0, k, 8, 4);
    return k;
  }

  interface Body {
    void run(int thread) throws Exception;
  }

  /** Runs the body on n threads started together; fails on any error or on a hang. */
  static void runThreads(int n, Body body) throws Exception {
    Queue<Throwable> errors = new ConcurrentLinkedQueue<>();
    CyclicBarrier start = new CyclicBarrier(n);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < n; t++) {
      int id = t;
      Thread th = new Thread(() -> {
        try {
          start.await();
          body.run(id);
        } catch (Throwable e) {
          errors.add(e);
        }
      }, "masstree-test-" + t);
      th.start();
      threads.add(th);
    }
    for (Thread th : threads) {
      th.join(30_000);
      if (th.isAlive()) {
        StringBuilder dump = new StringBuilder();
        for (Thread x : threads) {
          dump.append(x.getName()).append('\n');
          for (StackTraceElement el : x.getStackTrace()) {
            dump.append("  at ").append(el).append('\n');
          }
        }
        fail("thread did not finish (deadlock or livelock?)\n" + dump);
      }
    }
    if (!errors.isEmpty()) {
      AssertionError e = new AssertionError(errors.size() + " thread(s) failed", errors.peek());
      errors.stream().skip(1).forEach(e::addSuppressed);
      throw e;
    }
  }
}
