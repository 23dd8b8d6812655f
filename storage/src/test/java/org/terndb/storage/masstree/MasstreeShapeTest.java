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

  private static byte[] key(int i) {
    return new byte[] {(byte) (i >>> 24), (byte) (i >>> 16), (byte) (i >>> 8), (byte) i};
  }
}
