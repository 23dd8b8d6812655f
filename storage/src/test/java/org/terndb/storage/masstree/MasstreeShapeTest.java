package org.terndb.storage.masstree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How full loads leave the tree: fewer, fuller nodes mean fewer cache misses per lookup. */
class MasstreeShapeTest {

  @Test
  void ascendingInsertsLeaveBorderAndInteriorNodesNearlyFull() {
    int keys = 50_000;
    Masstree<Integer> tree = new Masstree<>();
    for (int i = 0; i < keys; i++) {
      tree.put(key(i), i);
    }
    int borders = TreeStructure.check(tree);
    // Full border nodes (15 keys) but the last: a 50/50 split would leave about twice as many.
    assertTrue(borders <= keys / 15 + 1, borders + " border nodes for " + keys + " ascending keys");
    // Nearly full interior nodes (64 children) need 2 levels above 3,334 border nodes; half-full ones 3.
    int interiorLevels = 0;
    for (Node n = tree.rootNode(); !NodeVersion.isBorder(n.version()); n = ((InteriorNode) n).child(0)) {
      interiorLevels++;
    }
    assertTrue(interiorLevels <= 2, interiorLevels + " interior levels for " + borders + " border nodes");
    for (int i = 0; i < keys; i += 7) {
      assertEquals(i, tree.get(key(i)));
    }
  }

  @Test
  void randomInsertsAfterAnAscendingLoadStillSplitInteriorNodesCorrectly() {
    Masstree<Integer> tree = new Masstree<>();
    for (int i = 0; i < 20_000; i += 2) {
      tree.put(key(i), i);
    }
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
    for (int n = 0; n < 10_000; n++) {
      int i = 2 * rnd.nextInt(10_000) + 1;
      tree.put(key(i), i);
    }
    TreeStructure.check(tree);
    for (int i = 0; i < 20_000; i += 2) {
      assertEquals(i, tree.get(key(i)));
    }
  }

  @Test
  void unlinkingBorderNodesFromEveryChildPositionKeepsSeparatorsOrderedAndKeysFound() {
    // 40,000 ascending keys: several interior levels. Emptying whole key ranges ascending (always
    // the first child), descending (always the last) and at random unlinks border nodes from every
    // child position and empties interior nodes, whose separators must shift correctly.
    int keys = 40_000;
    Masstree<Integer> tree = new Masstree<>();
    for (int i = 0; i < keys; i++) {
      tree.put(key(i), i);
    }
    boolean[] present = new boolean[keys];
    java.util.Arrays.fill(present, true);
    for (int i = 0; i < 10_000; i++) {
      assertEquals(i, tree.remove(key(i)));
      present[i] = false;
    }
    TreeStructure.check(tree);
    for (int i = keys - 1; i >= 30_000; i--) {
      assertEquals(i, tree.remove(key(i)));
      present[i] = false;
    }
    TreeStructure.check(tree);
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
    for (int n = 0; n < 15_000; n++) {
      int i = 10_000 + rnd.nextInt(20_000);
      assertEquals(present[i] ? Integer.valueOf(i) : null, tree.remove(key(i)));
      present[i] = false;
    }
    TreeStructure.check(tree);
    long live = 0;
    for (int i = 0; i < keys; i++) {
      assertEquals(present[i] ? Integer.valueOf(i) : null, tree.get(key(i)));
      live += present[i] ? 1 : 0;
    }
    assertEquals(live, tree.size());
    for (int i = 0; i < keys; i += 3) { // and the emptied ranges fill up again
      tree.put(key(i), i);
    }
    TreeStructure.check(tree);
    for (int i = 0; i < keys; i += 3) {
      assertEquals(i, tree.get(key(i)));
    }
  }

  private static byte[] key(int i) {
    return new byte[] {(byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) i};
  }
}
