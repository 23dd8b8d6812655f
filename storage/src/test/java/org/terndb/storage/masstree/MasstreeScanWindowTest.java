package org.terndb.storage.masstree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Scans read each border node once per version and only the entries the limit leaves room for;
 * value-only visitors get no keys. These tests pin the limit window (including layers that hold
 * fewer keys than the window expected), the value-only mode, nested scans, and scans with limits in
 * both directions while other threads split and unlink the nodes under them.
 */
class MasstreeScanWindowTest {

  /** A visitor that collects values only and says so. */
  private static final class ValuesOnly implements ScanVisitor<Integer> {
    final List<Integer> values = new ArrayList<>();
    int stopAfter;

    @Override
    public boolean visit(byte[] keyBuffer, int keyLength, Integer value) {
      assertNull(keyBuffer, "a value-only visitor gets no key buffer");
      assertEquals(-1, keyLength);
      values.add(value);
      return stopAfter <= 0 || values.size() < stopAfter;
    }

    @Override
    public boolean needsKeys() {
      return false;
    }
  }

  private static byte[] prefixed(String prefix, int i) {
    byte[] p = prefix.getBytes();
    byte[] k = Arrays.copyOf(p, p.length + 4);
    System.arraycopy(MasstreeModelTest.bigEndian(i), 0, k, p.length, 4);
    return k;
  }

  @Test
  void limitWindowReadsOnPastLayersThatHoldFewerKeys() {
    Masstree<Integer> tree = new Masstree<>();
    TreeMap<byte[], Integer> model = TreeModel.newModel();
    // Layer-0 keys around two slices whose layers are emptied (they stay linked, holding nothing)
    // and one whose layer keeps a single key.
    for (int i = 0; i < 12; i++) {
      byte[] k = MasstreeModelTest.bigEndian(i << 24 | 0x10);
      tree.put(k, i);
      model.put(k, i);
    }
    String[] layered = {"\u0001emptyA_", "\u0003emptyB_", "\u0005single_"};
    for (String p : layered) {
      for (int j = 0; j < 3; j++) {
        tree.put(prefixed(p, j), 100 + j);
      }
    }
    for (String p : layered) {
      for (int j = p.startsWith("\u0005") ? 1 : 0; j < 3; j++) {
        tree.remove(prefixed(p, j));
      }
    }
    model.put(prefixed(layered[2], 0), 100);
    TreeStructure.check(tree);
    for (int limit = 1; limit <= model.size() + 1; limit++) {
      for (boolean reverse : new boolean[] {false, true}) {
        TreeModel.assertSameEntries(
            TreeModel.expectedScan(model, null, true, null, true, reverse, limit, 0),
            TreeModel.scan(tree, null, true, null, true, reverse, limit, 0),
            "limit " + limit + (reverse ? " reverse" : ""));
        byte[] from = MasstreeModelTest.bigEndian(2 << 24);
        byte[] to = MasstreeModelTest.bigEndian(9 << 24);
        TreeModel.assertSameEntries(
            TreeModel.expectedScan(model, from, false, to, true, reverse, limit, 0),
            TreeModel.scan(tree, from, false, to, true, reverse, limit, 0),
            "bounded, limit " + limit + (reverse ? " reverse" : ""));
      }
    }
  }

  @Test
  void valueOnlyVisitorsSeeTheSameValuesAsKeyedOnesWithoutKeys() {
    Masstree<Integer> tree = new Masstree<>();
    TreeMap<byte[], Integer> model = TreeModel.newModel();
    SplittableRandom r = new SplittableRandom(5);
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < 3000; i++) {
      // lengths 0..30 over a small alphabet: many shared slices, suffixes and layers
      byte[] k = new byte[r.nextInt(31)];
      for (int j = 0; j < k.length; j++) {
        k[j] = (byte) r.nextInt(3);
      }
      keys.add(k);
      tree.put(k, i);
      model.put(k, i);
    }
    for (int i = 0; i < 1000; i++) {
      byte[] k = keys.get(r.nextInt(keys.size()));
      assertEquals(model.remove(k), tree.remove(k));
    }
    for (int q = 0; q < 400; q++) {
      byte[] a = r.nextInt(5) == 0 ? null : keys.get(r.nextInt(keys.size()));
      byte[] b = r.nextInt(5) == 0 ? null : keys.get(r.nextInt(keys.size()));
      if (a != null && b != null && Arrays.compareUnsigned(a, b) > 0) {
        byte[] t = a;
        a = b;
        b = t;
      }
      boolean aIncl = r.nextBoolean();
      boolean bIncl = r.nextBoolean();
      boolean reverse = r.nextBoolean();
      int limit = r.nextInt(3) == 0 ? 0 : 1 + r.nextInt(40);
      int stopAfter = r.nextInt(4) == 0 ? 1 + r.nextInt(30) : 0;
      if (a != null && b != null && Arrays.equals(a, b) && !(aIncl && bIncl)) {
        continue; // an empty range, covered elsewhere
      }
      List<Integer> expected = new ArrayList<>();
      for (Map.Entry<byte[], Integer> e
          : TreeModel.expectedScan(model, a, aIncl, b, bIncl, reverse, limit, stopAfter)) {
        expected.add(e.getValue());
      }
      ValuesOnly v = new ValuesOnly();
      v.stopAfter = stopAfter;
      int n = tree.scan(a, aIncl, b, bIncl, reverse, limit, v, null);
      assertEquals(expected, v.values, "query " + q);
      assertEquals(expected.size(), n);
    }
  }

  @Test
  void aScanStartedInsideAVisitorRunsOnItsOwnAndLeavesTheOuterScanIntact() {
    Masstree<Integer> tree = new Masstree<>();
    for (int i = 0; i < 200; i++) {
      tree.put(prefixed("outer-", i), i);
      tree.put(prefixed("inner-", i), 1000 + i);
    }
    List<Integer> outer = new ArrayList<>();
    List<Integer> innerSums = new ArrayList<>();
    tree.scan(prefixed("outer-", 0), true, prefixed("outer-", 199), true, false, 50, (k, len, v) -> {
      outer.add(v);
      int[] sum = {0};
      int n = tree.scan(prefixed("inner-", v), true, null, false, false, 3, (k2, len2, v2) -> {
        sum[0] += v2;
        return true;
      }, null);
      innerSums.add(n == 3 ? sum[0] : -1);
      return true;
    }, null);
    assertEquals(50, outer.size());
    for (int i = 0; i < 50; i++) {
      assertEquals(i, outer.get(i));
      assertEquals(3 * (1000 + i) + 3, innerSums.get(i), "inner scan at " + i);
    }
  }

  /**
   * Two writers keep splitting and unlinking the border nodes of layer-1 trees (keys with an
   * 8-byte shared prefix) and of layer 0; readers run limited scans forward and reverse, keyed and
   * value-only, and must see the stable keys in order, without gaps or repeats, and exactly the
   * limit unless the range ran out.
   */
  @Test
  void limitedScansBothWaysStayExactWhileNodesSplitAndUnlink() throws Exception {
    Masstree<Integer> tree = new Masstree<>();
    int stable = 1500;
    int spread = 32; // stable key i is i * spread; writers use the positions in between
    String[] prefixes = {"", "layered-"};
    for (String p : prefixes) {
      for (int i = 0; i < stable; i++) {
        tree.put(prefixed(p, i * spread), i);
      }
    }
    long end = System.nanoTime() + 1_500_000_000L;
    MasstreeConcurrencyTest.runThreads(4, t -> {
      SplittableRandom r = new SplittableRandom(91 + t);
      if (t < 2) {
        while (System.nanoTime() < end) {
          String p = prefixes[r.nextInt(2)];
          int base = r.nextInt(stable - 30) * spread;
          for (int j = base; j < base + 30 * spread; j++) {
            if (j % spread != 0 && j % 2 == t) {
              tree.put(prefixed(p, j), -1);
            }
          }
          for (int j = base; j < base + 30 * spread; j++) {
            if (j % spread != 0 && j % 2 == t) {
              tree.remove(prefixed(p, j));
            }
          }
        }
        return;
      }
      while (System.nanoTime() < end) {
        String p = prefixes[r.nextInt(2)];
        boolean reverse = r.nextBoolean();
        boolean valuesOnly = r.nextBoolean();
        int start = r.nextInt(stable);
        int limit = 1 + r.nextInt(120);
        byte[] lo = reverse ? prefixed(p, 0) : prefixed(p, start * spread);
        byte[] hi = reverse ? prefixed(p, start * spread) : prefixed(p, (stable - 1) * spread);
        int[] expect = {start};
        int[] seen = {0};
        byte[][] lastKey = {null};
        ScanVisitor<Integer> check = (k, len, v) -> {
          seen[0]++;
          if (k != null) {
            byte[] key = Arrays.copyOf(k, len);
            if (lastKey[0] != null) {
              int c = Arrays.compareUnsigned(lastKey[0], key);
              if (reverse ? c <= 0 : c >= 0) {
                throw new AssertionError("keys out of order or repeated at " + TreeModel.hex(key));
              }
            }
            lastKey[0] = key;
          }
          if (v >= 0) {
            if (v != expect[0]) {
              throw new AssertionError("expected stable " + expect[0] + " got " + v
                  + (reverse ? " (reverse)" : "") + (k == null ? " (values only)" : ""));
            }
            expect[0] += reverse ? -1 : 1;
          }
          return true;
        };
        ScanVisitor<Integer> visitor = check;
        if (valuesOnly) {
          visitor = new ScanVisitor<>() {
            @Override
            public boolean visit(byte[] keyBuffer, int keyLength, Integer value) {
              return check.visit(keyBuffer, keyLength, value);
            }

            @Override
            public boolean needsKeys() {
              return false;
            }
          };
        }
        int n = tree.scan(lo, true, hi, true, reverse, limit, visitor, null);
        if (n != seen[0]) {
          throw new AssertionError("scan returned " + n + " but visited " + seen[0]);
        }
        int stableSeen = Math.abs(expect[0] - start);
        int stableInRange = reverse ? start + 1 : stable - start;
        if (n < limit && stableSeen != stableInRange) {
          throw new AssertionError("scan under its limit stopped early: " + stableSeen + " of "
              + stableInRange);
        }
        assertTrue(n <= limit);
      }
    });
    TreeStructure.check(tree);
    assertEquals(2L * stable, tree.size());
  }
}
