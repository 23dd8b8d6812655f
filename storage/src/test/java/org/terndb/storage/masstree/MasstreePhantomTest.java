package org.terndb.storage.masstree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The hooks a transaction layer uses for node-set (phantom) validation, as in Silo §4.6. */
class MasstreePhantomTest {

  record Change(VersionedNode node, long before, long after, boolean structural) {}

  static final class Changes implements NodeChangeObserver {
    final List<Change> list = new ArrayList<>();

    @Override
    public void changed(VersionedNode node, long before, long after, boolean structural) {
      list.add(new Change(node, before, after, structural));
    }
  }

  /** A transaction's node set as Silo keeps it: follows its own inserts, including splits. */
  static final class TrackingNodeSet implements NodeObserver, NodeChangeObserver {
    final Map<VersionedNode, Long> nodes = new IdentityHashMap<>();

    @Override
    public void observe(VersionedNode node, long version) {
      nodes.putIfAbsent(node, version);
    }

    @Override
    public void changed(VersionedNode node, long before, long after, boolean structural) {
      if (!structural) {
        nodes.replace(node, before, after);
      }
    }

    @Override
    public void split(VersionedNode node, long before, long after, VersionedNode sibling, long siblingVersion) {
      if (nodes.replace(node, before, after)) {
        nodes.put(sibling, siblingVersion);
      }
    }

    boolean valid() {
      for (Map.Entry<VersionedNode, Long> e : nodes.entrySet()) {
        if (!VersionedNode.unchanged(e.getValue(), e.getKey().version())) {
          return false;
        }
      }
      return true;
    }
  }

  /** Node set of a scan or a miss: node -> observed version (first observation kept). */
  static final class NodeSet implements NodeObserver {
    final Map<VersionedNode, Long> nodes = new IdentityHashMap<>();

    @Override
    public void observe(VersionedNode node, long version) {
      nodes.putIfAbsent(node, version);
    }

    int changedCount() {
      int n = 0;
      for (Map.Entry<VersionedNode, Long> e : nodes.entrySet()) {
        if (!VersionedNode.unchanged(e.getValue(), e.getKey().version())) {
          n++;
        }
      }
      return n;
    }
  }

  static byte[] k(int i) {
    return MasstreeModelTest.bigEndian(i * 10);
  }

  static Masstree<Integer> treeWith(int n) {
    Masstree<Integer> tree = new Masstree<>();
    for (int i = 0; i < n; i++) {
      tree.put(k(i), i);
    }
    return tree;
  }

  static NodeSet scan(Masstree<Integer> tree, byte[] lo, byte[] hi, boolean reverse) {
    NodeSet set = new NodeSet();
    tree.scan(lo, true, hi, true, reverse, 0, (key, len, v) -> true, set);
    return set;
  }

  @Test
  void scanReportsEveryCoveredNodeAndALaterInsertIntoTheRangeChangesOneOfThem() {
    Masstree<Integer> tree = treeWith(300);
    for (boolean reverse : new boolean[] {false, true}) {
      NodeSet set = scan(tree, k(50), k(120), reverse);
      assertTrue(set.nodes.size() >= 4, "a 70-key range spans several border nodes");
      assertEquals(0, set.changedCount());
      tree.put(MasstreeModelTest.bigEndian(805), -1); // between k(80) and k(81)
      assertEquals(1, set.changedCount());
      tree.remove(MasstreeModelTest.bigEndian(805));
    }
  }

  @Test
  void insertOutsideTheScannedRangeChangesNoReportedNode() {
    Masstree<Integer> tree = treeWith(300);
    NodeSet set = scan(tree, k(100), k(140), false);
    tree.put(MasstreeModelTest.bigEndian(2505), -1); // far right of the range
    tree.put(MasstreeModelTest.bigEndian(5), -1); // far left
    assertEquals(0, set.changedCount());
  }

  @Test
  void insertReportsBeforeEqualToTheVersionAPriorScanObserved() {
    Masstree<Integer> tree = treeWith(5);
    NodeSet set = scan(tree, null, null, false);
    assertEquals(1, set.nodes.size());
    VersionedNode node = set.nodes.keySet().iterator().next();
    long observed = set.nodes.get(node);

    Changes changes = new Changes();
    assertNull(tree.putIfAbsent(MasstreeModelTest.bigEndian(15), 99, changes));
    assertEquals(1, changes.list.size());
    Change c = changes.list.get(0);
    assertSame(node, c.node());
    assertEquals(observed, c.before());
    assertFalse(c.structural());
    assertTrue(VersionedNode.unchanged(c.after(), node.version()));
    assertFalse(VersionedNode.unchanged(observed, c.after()));
  }

  @Test
  void splitReportsAStructuralChangeOfTheObservedNode() {
    Masstree<Integer> tree = treeWith(BorderNode.WIDTH);
    NodeSet set = scan(tree, null, null, false);
    VersionedNode node = set.nodes.keySet().iterator().next();
    Changes changes = new Changes();
    assertNull(tree.putIfAbsent(MasstreeModelTest.bigEndian(75), 99, changes));
    assertEquals(1, changes.list.size());
    assertSame(node, changes.list.get(0).node());
    assertEquals(set.nodes.get(node), changes.list.get(0).before());
    assertTrue(changes.list.get(0).structural());
    assertEquals(2, scan(tree, null, null, false).nodes.size());
  }

  @Test
  void ownInsertsThatSplitAnObservedNodeKeepTheNodeSetValidAndCoverTheNewSibling() {
    Masstree<Integer> tree = treeWith(BorderNode.WIDTH);
    TrackingNodeSet set = new TrackingNodeSet();
    tree.scan(null, true, null, true, false, 0, (key, len, v) -> true, set);
    assertEquals(1, set.nodes.size());
    for (int i = 0; i < 3 * BorderNode.WIDTH; i++) {
      assertNull(tree.putIfAbsent(MasstreeModelTest.bigEndian(i * 10 + 5), -i, set));
    }
    assertTrue(set.valid(), "only this 'transaction' changed the nodes");
    assertTrue(set.nodes.size() > 2, "every split's sibling is tracked");
    // Someone else's insert anywhere in the scanned range now invalidates the set.
    tree.put(MasstreeModelTest.bigEndian(10 * 3 * BorderNode.WIDTH + 7), 0);
    assertFalse(set.valid());
  }

  @Test
  void ownInsertThatMakesANewLayerTracksTheLayerAndSeesLaterInsertsIntoIt() {
    Masstree<Integer> tree = new Masstree<>();
    tree.put("abcdefgh-one".getBytes(), 1);
    TrackingNodeSet set = new TrackingNodeSet();
    assertNull(tree.get("abcdefgh-two".getBytes(), set));
    assertNull(tree.putIfAbsent("abcdefgh-two".getBytes(), 2, set));
    assertTrue(set.valid());
    assertEquals(2, set.nodes.size(), "layer 0's node and the new layer's border node");
    tree.put("abcdefgh-three".getBytes(), 3);
    assertFalse(set.valid(), "another insert into the new layer is a phantom for the observer");
  }

  @Test
  void missedGetReportsTheNodeThatWouldHoldTheKeyInItsLayer() {
    Masstree<Integer> tree = new Masstree<>();
    byte[] a = "abcdefgh-one".getBytes();
    byte[] b = "abcdefgh-two".getBytes();
    tree.put(a, 1);
    tree.put(b, 2); // shared 8-byte slice: both now live in layer 1
    byte[] missing = "abcdefgh-three".getBytes();
    NodeSet set = new NodeSet();
    assertNull(tree.get(missing, set));
    assertEquals(1, set.nodes.size());
    assertEquals(Integer.valueOf(1), tree.get(a, set));
    assertEquals(1, set.nodes.size(), "hits report nothing");
    tree.put("zzz".getBytes(), 3); // layer 0 only
    assertEquals(0, set.changedCount(), "the reported node is the layer-1 one");
    tree.put(missing, 3);
    assertEquals(1, set.changedCount());
  }

  @Test
  void missOnASuffixSlotReportsTheNodeWhoseSlotThenTurnsIntoALayer() {
    Masstree<Integer> tree = new Masstree<>();
    tree.put("abcdefgh-one".getBytes(), 1);
    NodeSet set = new NodeSet();
    assertNull(tree.get("abcdefgh-two".getBytes(), set));
    Changes changes = new Changes();
    assertNull(tree.putIfAbsent("abcdefgh-two".getBytes(), 2, changes));
    assertEquals(1, set.changedCount());
    assertEquals(2, changes.list.size(), "new layer in layer 0, then the insert in layer 1");
    VersionedNode layer0 = set.nodes.keySet().iterator().next();
    assertSame(layer0, changes.list.get(0).node());
    assertTrue(changes.list.get(0).structural());
    assertEquals(set.nodes.get(layer0), changes.list.get(0).before());
    assertFalse(changes.list.get(1).structural());
  }

  @Test
  void scanReportsBorderNodesInEveryLayerItDescendsInto() {
    Masstree<Integer> tree = new Masstree<>();
    for (int i = 0; i < 100; i++) {
      byte[] key = ("prefix--" + (1000 + i)).getBytes(); // layer 1 holds 100 keys
      tree.put(key, i);
    }
    tree.put("a".getBytes(), -1);
    tree.put("z".getBytes(), -2);
    NodeSet set = scan(tree, null, null, false);
    assertTrue(set.nodes.size() >= 1 + 100 / BorderNode.WIDTH, "layer 0 plus layer 1 nodes");
    NodeSet reverse = scan(tree, null, null, true);
    assertEquals(set.nodes.keySet(), reverse.nodes.keySet());
    tree.put("prefix--1050x".getBytes(), 7);
    assertEquals(1, set.changedCount(), "an insert into layer 1 changes a reported node");
  }

  @Test
  void removeReportsTheChangeAndUnlinkingAnEmptiedNodeIsStructural() {
    Masstree<Integer> tree = treeWith(100);
    NodeSet set = scan(tree, null, null, false);
    Changes changes = new Changes();
    Integer v = tree.get(k(50));
    assertTrue(tree.remove(k(50), v, changes));
    assertEquals(1, changes.list.size());
    Change first = changes.list.get(0);
    assertEquals(set.nodes.get(first.node()), first.before());
    assertFalse(first.structural());
    assertFalse(tree.remove(k(51), -7, changes), "wrong expected value: nothing removed");
    assertEquals(1, changes.list.size());

    // empty the right-most node: its last removal unlinks it
    NodeSet last = new NodeSet();
    tree.scan(k(99), true, null, true, false, 0, (key, len, val) -> true, last);
    VersionedNode lastNode = last.nodes.keySet().iterator().next();
    changes.list.clear();
    for (int i = 99; i >= 0; i--) {
      if (i != 50) {
        tree.remove(k(i), tree.get(k(i)), changes);
      }
      if (changes.list.get(changes.list.size() - 1).structural()) {
        break;
      }
    }
    Change unlink = changes.list.get(changes.list.size() - 1);
    assertSame(lastNode, unlink.node());
    assertTrue(NodeVersion.isDeleted(lastNode.version()));
    assertFalse(VersionedNode.unchanged(last.nodes.get(lastNode), lastNode.version()));
    TreeStructure.check(tree);
  }

  @Test
  void presentKeysAndValueReplacementLeaveVersionsAlone() {
    Masstree<Integer> tree = treeWith(10);
    NodeSet set = scan(tree, null, null, false);
    Changes changes = new Changes();
    assertEquals(Integer.valueOf(3), tree.putIfAbsent(k(3), 42, changes));
    assertTrue(changes.list.isEmpty(), "nothing inserted, nothing reported");
    tree.put(k(4), 44);
    assertNull(tree.remove(MasstreeModelTest.bigEndian(1)));
    assertEquals(0, set.changedCount());
  }

  @Test
  void emptyRangeScanVisitsAndReportsNothing() {
    Masstree<Integer> tree = treeWith(10);
    NodeSet set = new NodeSet();
    assertEquals(0, tree.scan(k(3), false, k(3), true, false, 0, (key, len, v) -> true, set));
    assertEquals(0, tree.scan(k(3), true, k(3), false, true, 0, (key, len, v) -> true, set));
    assertTrue(set.nodes.isEmpty());
    assertEquals(1, tree.scan(k(3), true, k(3), true, false, 0, (key, len, v) -> true, set));
  }
}
