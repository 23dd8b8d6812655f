package org.terndb.storage.masstree;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks a quiescent tree's structural invariants: every layer is a well-formed B+tree (parent
 * links, separators equal to the low bound of the subtree's leftmost border node, keys in order
 * and within their node's range), border nodes form a doubly linked list, nothing reachable is
 * locked, dirty or deleted, and layer links lead to layer roots.
 */
final class TreeStructure {
  private TreeStructure() {}

  /** Returns the number of border nodes in all layers. */
  static int check(Masstree<?> tree) {
    return checkLayer(tree.rootNode(), 0, true);
  }

  private static int checkLayer(Node link, int off, boolean exactRoot) {
    Node root = link;
    while (!NodeVersion.isRoot(root.version())) {
      if (exactRoot) {
        throw new AssertionError("layer-0 root pointer is not a root");
      }
      root = root.parent();
    }
    if (root.parent() != null) {
      throw new AssertionError("layer root has a parent");
    }
    List<BorderNode> borders = new ArrayList<>();
    checkSubtree(root, KeySlice.MIN, Long.MAX_VALUE, false, borders);
    if (borders.get(0).lowSlice != KeySlice.MIN || borders.get(0).prev() != null) {
      throw new AssertionError("leftmost border node has a low bound or a left sibling");
    }
    for (int i = 0; i < borders.size(); i++) {
      BorderNode b = borders.get(i);
      BorderNode next = i + 1 < borders.size() ? borders.get(i + 1) : null;
      if (b.next() != next || (next != null && next.prev() != b)) {
        throw new AssertionError("sibling links broken at border " + i + " of " + borders.size());
      }
    }
    int count = borders.size();
    for (BorderNode b : borders) {
      long perm = b.permutation();
      for (int p = 0; p < Permutation.size(perm); p++) {
        int slot = Permutation.slot(perm, p);
        if (b.keylenx[slot] == KeySlice.LAYER) {
          count += checkLayer((Node) b.value(slot), off + 8, false);
        } else if (b.keylenx[slot] == KeySlice.SUFFIX) {
          byte[] k = b.keys[slot];
          if (k.length <= off + 8 || KeySlice.at(k, off) != b.slices[slot]) {
            throw new AssertionError("suffix key does not match its slot");
          }
        } else if (b.value(slot) == null) {
          throw new AssertionError("null value in a live slot");
        }
      }
    }
    return count;
  }

  /** Checks the subtree covering [low, high] (high inclusive bound) and collects its borders. */
  private static void checkSubtree(Node n, long low, long high, boolean highExclusive,
      List<BorderNode> borders) {
    long v = n.version();
    if ((v & (NodeVersion.LOCKED | NodeVersion.DIRTY | NodeVersion.DELETED)) != 0) {
      throw new AssertionError("reachable node is locked, dirty or deleted: " + Long.toHexString(v));
    }
    if (n instanceof BorderNode b) {
      if (b.lowSlice != low) {
        throw new AssertionError("border low bound " + b.lowSlice + " != separator " + low);
      }
      long perm = b.permutation();
      long prevSlice = Long.MIN_VALUE;
      int prevRank = -1;
      for (int p = 0; p < Permutation.size(perm); p++) {
        int slot = Permutation.slot(perm, p);
        long s = b.slices[slot];
        int r = KeySlice.rank(b.keylenx[slot]);
        if (s < low || s > high || (highExclusive && s == high)) {
          throw new AssertionError("key slice outside its border node's range");
        }
        if (p > 0 && (s < prevSlice || (s == prevSlice && r <= prevRank))) {
          throw new AssertionError("border keys out of order");
        }
        prevSlice = s;
        prevRank = r;
      }
      borders.add(b);
      return;
    }
    InteriorNode in = (InteriorNode) n;
    int nk = in.nkeys;
    if (nk < 0 || nk > InteriorNode.WIDTH) {
      throw new AssertionError("bad key count " + nk);
    }
    for (int i = 0; i <= nk; i++) {
      Node c = in.child(i);
      if (c == null || c.parent() != in || NodeVersion.isRoot(c.version())) {
        throw new AssertionError("child " + i + " missing, misparented or marked root");
      }
      long cl = i == 0 ? low : in.keys[i - 1];
      long ch = i == nk ? high : in.keys[i];
      boolean chEx = i == nk ? highExclusive : true;
      if (i > 0 && (cl <= (i == 1 ? low : in.keys[i - 2]))) {
        throw new AssertionError("separators not increasing");
      }
      checkSubtree(c, cl, ch, chEx, borders);
    }
  }
}
