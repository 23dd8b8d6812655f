package org.terndb.storage.masstree;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Single-threaded behaviour against a TreeMap model in unsigned byte order. */
class MasstreeModelTest {

  private static final byte[] LONG_PREFIX = longPrefix();

  private static byte[] longPrefix() {
    byte[] p = new byte[1024];
    for (int i = 0; i < p.length; i++) {
      p[i] = (byte) (i * 7 + 1);
    }
    return p;
  }

  /** Prefixes that put keys into several layers, including keys that share 8/16/1024 bytes. */
  private static final byte[][] PREFIXES = {
    {},
    {'a'},
    {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'},
    {'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p'},
    {0, 0, 0, 0, 0, 0, 0, 0},
    {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
        (byte) 0xFF, (byte) 0xFF},
    LONG_PREFIX,
  };

  private static final byte[] ALPHABET = {0, 1, 'a', 'b', 0x7F, (byte) 0x80, (byte) 0xFF};

  @Provide
  Arbitrary<byte[]> keys() {
    Arbitrary<Integer> prefix = Arbitraries.integers().between(0, PREFIXES.length - 1);
    Arbitrary<List<Integer>> tail =
        Arbitraries.integers().between(0, ALPHABET.length - 1).list().ofMaxSize(11);
    return Combinators.combine(prefix, tail).as((p, t) -> {
      byte[] pre = PREFIXES[p];
      byte[] k = Arrays.copyOf(pre, pre.length + t.size());
      for (int i = 0; i < t.size(); i++) {
        k[pre.length + i] = ALPHABET[t.get(i)];
      }
      return k;
    });
  }

  enum Kind { GET, PUT_IF_ABSENT, PUT, REMOVE, REMOVE_EXPECTED, SCAN }

  record Op(Kind kind, byte[] key, byte[] key2, int value, int flags, int limit) {
    @Override
    public String toString() {
      return kind + "(" + TreeModel.hex(key) + (kind == Kind.SCAN ? ".." + TreeModel.hex(key2)
          + " flags=" + flags + " limit=" + limit : "") + (value != 0 ? " v=" + value : "") + ")";
    }
  }

  @Provide
  Arbitrary<List<Op>> operations() {
    Arbitrary<Op> op = Combinators.combine(
        Arbitraries.of(Kind.class),
        keys(),
        keys(),
        Arbitraries.integers().between(1, 1000),
        Arbitraries.integers().between(0, 255),
        Arbitraries.integers().between(0, 6)).as(Op::new);
    return op.list().ofMinSize(1).ofMaxSize(200);
  }

  @Property(tries = 300, edgeCases = EdgeCasesMode.MIXIN)
  void randomOperationsMatchTreeMap(@ForAll("operations") List<Op> ops) {
    runAgainstModel(ops);
  }

  @Provide
  Arbitrary<List<byte[]>> keyLists() {
    return keys().list().ofMinSize(300).ofMaxSize(600);
  }

  @Property(tries = 40, edgeCases = EdgeCasesMode.MIXIN)
  void manyKeysWithLongSharedPrefixesMatchTreeMap(@ForAll("keyLists") List<byte[]> keys) {
    Masstree<Integer> tree = new Masstree<>();
    TreeMap<byte[], Integer> model = TreeModel.newModel();
    int v = 0;
    for (byte[] k : keys) {
      Integer boxed = ++v;
      assertEquals(model.putIfAbsent(k, boxed), tree.putIfAbsent(k, boxed));
    }
    checkAllScans(tree, model, keys);
    for (int i = 0; i < keys.size(); i += 2) {
      assertEquals(model.remove(keys.get(i)), tree.remove(keys.get(i)));
    }
    checkAllScans(tree, model, keys);
  }

  private static void checkAllScans(Masstree<Integer> tree, TreeMap<byte[], Integer> model,
      List<byte[]> keys) {
    TreeStructure.check(tree);
    assertEquals(model.size(), tree.size());
    TreeModel.assertSameEntries(TreeModel.expectedScan(model, null, true, null, true, false, 0, 0),
        TreeModel.scan(tree, null, true, null, true, false, 0, 0), "full scan");
    TreeModel.assertSameEntries(TreeModel.expectedScan(model, null, true, null, true, true, 0, 0),
        TreeModel.scan(tree, null, true, null, true, true, 0, 0), "full reverse scan");
    Random r = new Random(keys.size());
    for (int i = 0; i < 30; i++) {
      byte[] a = keys.get(r.nextInt(keys.size()));
      byte[] b = keys.get(r.nextInt(keys.size()));
      if (Arrays.compareUnsigned(a, b) > 0) {
        byte[] t = a;
        a = b;
        b = t;
      }
      int flags = r.nextInt(8);
      for (boolean reverse : new boolean[] {false, true}) {
        TreeModel.assertSameEntries(
            TreeModel.expectedScan(model, a, (flags & 1) != 0, b, (flags & 2) != 0, reverse,
                (flags & 4) != 0 ? 5 : 0, 0),
            TreeModel.scan(tree, a, (flags & 1) != 0, b, (flags & 2) != 0, reverse,
                (flags & 4) != 0 ? 5 : 0, 0),
            "scan " + TreeModel.hex(a) + ".." + TreeModel.hex(b) + " flags " + flags);
      }
    }
    for (byte[] k : keys) {
      assertEquals(model.get(k), tree.get(k), () -> "get " + TreeModel.hex(k));
    }
  }

  static void runAgainstModel(List<Op> ops) {
    Masstree<Integer> tree = new Masstree<>();
    TreeMap<byte[], Integer> model = TreeModel.newModel();
    for (Op op : ops) {
      byte[] k = op.key();
      Integer value = op.value(); // one box for model and tree: removal compares identity
      switch (op.kind()) {
        case GET -> assertEquals(model.get(k), tree.get(k), op::toString);
        case PUT_IF_ABSENT -> assertEquals(model.putIfAbsent(k, value),
            tree.putIfAbsent(k, value), op::toString);
        case PUT -> assertEquals(model.put(k, value), tree.put(k, value), op::toString);
        case REMOVE -> assertEquals(model.remove(k), tree.remove(k), op::toString);
        case REMOVE_EXPECTED -> {
          Integer cur = model.get(k);
          // identity: the tree holds exactly the Integer object the model holds
          Integer expected = (op.flags() & 1) != 0 && cur != null ? cur : Integer.valueOf(-1);
          boolean removed = model.remove(k, expected) && cur == expected;
          assertEquals(removed, tree.remove(k, expected, null), op::toString);
        }
        case SCAN -> {
          byte[] a = k;
          byte[] b = op.key2();
          int f = op.flags();
          if ((f & 16) != 0) {
            a = null;
          }
          if ((f & 32) != 0) {
            b = null;
          }
          if (a != null && b != null && Arrays.compareUnsigned(a, b) > 0) {
            byte[] t = a;
            a = b;
            b = t;
          }
          boolean loIncl = (f & 1) != 0;
          boolean hiIncl = (f & 2) != 0;
          boolean reverse = (f & 4) != 0;
          int stopAfter = (f & 8) != 0 ? 2 : 0;
          int limit = (f & 64) != 0 ? op.limit() : (f & 128) != 0 ? Integer.MAX_VALUE : 0;
          TreeModel.assertSameEntries(
              TreeModel.expectedScan(model, a, loIncl, b, hiIncl, reverse, limit, stopAfter),
              TreeModel.scan(tree, a, loIncl, b, hiIncl, reverse, limit, stopAfter),
              op.toString());
        }
        default -> throw new AssertionError(op);
      }
    }
    assertEquals(model.size(), tree.size());
    TreeStructure.check(tree);
  }

  @Test
  void emptyKeyIsAnOrdinaryKeyThatSortsFirst() {
    Masstree<String> tree = new Masstree<>();
    assertNull(tree.putIfAbsent(new byte[0], "empty"));
    assertNull(tree.putIfAbsent(new byte[] {0}, "zero"));
    assertNull(tree.putIfAbsent(new byte[8], "eight zeros"));
    assertNull(tree.putIfAbsent(new byte[9], "nine zeros"));
    assertEquals("empty", tree.get(new byte[0]));
    List<String> seen = new ArrayList<>();
    tree.scan(null, true, null, true, false, 0, (k, len, v) -> seen.add(v), null);
    assertEquals(List.of("empty", "zero", "eight zeros", "nine zeros"), seen);
    assertEquals("empty", tree.remove(new byte[0]));
    assertNull(tree.get(new byte[0]));
    assertEquals(3, tree.size());
  }

  @Test
  void oneKibibyteKeysThatDifferOnlyAtTheEndLiveInDeepLayers() {
    Masstree<Integer> tree = new Masstree<>();
    TreeMap<byte[], Integer> model = TreeModel.newModel();
    for (int i = 0; i < 200; i++) {
      byte[] k = Arrays.copyOf(LONG_PREFIX, LONG_PREFIX.length + 2);
      k[k.length - 2] = (byte) (i / 16);
      k[k.length - 1] = (byte) i;
      assertNull(tree.putIfAbsent(k, i));
      model.put(k, i);
    }
    byte[] shortKey = Arrays.copyOf(LONG_PREFIX, 1000);
    tree.put(shortKey, -1);
    model.put(shortKey, -1);
    TreeModel.assertSameEntries(TreeModel.expectedScan(model, null, true, null, true, false, 0, 0),
        TreeModel.scan(tree, null, true, null, true, false, 0, 0), "forward");
    TreeModel.assertSameEntries(TreeModel.expectedScan(model, null, true, null, true, true, 0, 0),
        TreeModel.scan(tree, null, true, null, true, true, 0, 0), "reverse");
    for (Map.Entry<byte[], Integer> e : model.entrySet()) {
      assertEquals(e.getValue(), tree.get(e.getKey()));
    }
  }

  @Test
  void sixteenKibibyteKeysSharingAllButTheLastByteNestTwoThousandLayers() {
    Masstree<Integer> tree = new Masstree<>();
    byte[] a = new byte[16 * 1024];
    Arrays.fill(a, (byte) 'x');
    byte[] b = a.clone();
    b[b.length - 1] = 'y';
    byte[] prefix = Arrays.copyOf(a, a.length - 1);
    assertNull(tree.putIfAbsent(b, 2));
    assertNull(tree.putIfAbsent(a, 1));
    assertNull(tree.putIfAbsent(prefix, 0));
    assertEquals(1, tree.get(a));
    assertEquals(2, tree.get(b));
    assertEquals(0, tree.get(prefix));
    List<Integer> reverse = new ArrayList<>();
    tree.scan(null, true, null, true, true, 0, (k, len, v) -> reverse.add(v), null);
    assertEquals(List.of(2, 1, 0), reverse);
    assertEquals(1, tree.remove(a));
    assertEquals(2, tree.size());
    TreeStructure.check(tree);
  }

  @Test
  void thousandsOfKeysInRandomOrderSplitAndUnlinkCorrectly() {
    Masstree<Integer> tree = new Masstree<>();
    TreeMap<byte[], Integer> model = TreeModel.newModel();
    List<byte[]> keys = new ArrayList<>();
    Random r = new Random(42);
    for (int i = 0; i < 6000; i++) {
      int shape = i % 3;
      byte[] k;
      if (shape == 0) {
        k = new byte[] {(byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) i};
      } else if (shape == 1) {
        k = Arrays.copyOf(PREFIXES[3], 20);
        k[16] = (byte) (i >>> 24);
        k[17] = (byte) (i >>> 16);
        k[18] = (byte) (i >>> 8);
        k[19] = (byte) i;
      } else {
        k = new byte[1 + r.nextInt(30)];
        r.nextBytes(k);
      }
      keys.add(k);
    }
    Collections.shuffle(keys, r);
    for (int i = 0; i < keys.size(); i++) {
      Integer boxed = i;
      assertEquals(model.putIfAbsent(keys.get(i), boxed), tree.putIfAbsent(keys.get(i), boxed));
    }
    checkAllScans(tree, model, keys);
    // remove most keys, emptying and unlinking many border nodes, then check again
    Collections.shuffle(keys, r);
    for (int i = 0; i < keys.size() * 9 / 10; i++) {
      assertEquals(model.remove(keys.get(i)), tree.remove(keys.get(i)));
    }
    checkAllScans(tree, model, keys);
    for (int i = 0; i < keys.size(); i++) {
      assertEquals(model.put(keys.get(i), -i), tree.put(keys.get(i), -i));
    }
    checkAllScans(tree, model, keys);
    for (byte[] k : keys) {
      assertEquals(model.remove(k), tree.remove(k));
    }
    assertEquals(0, tree.size());
    assertTrue(TreeModel.scan(tree, null, true, null, true, true, 0, 0).isEmpty());
    TreeStructure.check(tree);
  }

  @Test
  void queueLikeInsertAtRightRemoveAtLeftKeepsScansShort() {
    Masstree<Integer> tree = new Masstree<>();
    int live = 50;
    List<Integer> visitedNodes = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      tree.put(bigEndian(i), i);
      if (i >= live) {
        assertEquals(i - live, tree.remove(bigEndian(i - live)));
      }
    }
    int[] nodes = {0};
    int n = tree.scan(null, true, null, true, false, 0, (k, len, v) -> true,
        (node, version) -> nodes[0]++);
    assertEquals(live, n);
    // emptied border nodes were unlinked: only a handful remain around the live keys
    assertTrue(nodes[0] < 12, () -> "border nodes visited: " + nodes[0]);
    byte[] first = new byte[4];
    tree.scan(null, true, null, true, false, 1, (k, len, v) -> {
      System.arraycopy(k, 0, first, 0, len);
      return true;
    }, null);
    assertArrayEquals(bigEndian(20_000 - live), first);
    visitedNodes.add(nodes[0]);
  }

  static byte[] bigEndian(int i) {
    return new byte[] {(byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) i};
  }
}
