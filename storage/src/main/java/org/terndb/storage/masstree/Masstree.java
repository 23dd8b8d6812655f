package org.terndb.storage.masstree;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * A concurrent ordered map from {@code byte[]} keys (unsigned lexicographic order, any length) to
 * values: a Masstree (Mao, Kohler, Morris, "Cache Craftiness for Fast Multicore Key-Value
 * Storage", EuroSys 2012).
 *
 * <p>A trie of B+trees: layer {@code k} indexes key bytes {@code [8k, 8k+8)} as a big-endian
 * {@code long} slice; when two keys share a slice and both continue, their slot becomes a link to a
 * B+tree of the next layer. Border nodes hold 15 keys ordered by a permutation word, interior
 * nodes 15 separator slices. Every node carries a version word ({@link NodeVersion}).
 *
 * <p>Concurrency (§4.6): readers take no locks; they read a stable version, read the node, and
 * re-check the version, retrying or walking right along border {@code next} links after a split.
 * Writers lock only the nodes they change (CAS on the version word); splits lock upward hand over
 * hand. Removing the last key of a border node that has a left sibling unlinks it (marked deleted,
 * taken out of the sibling list and its parent, whose range passes to the left sibling); the
 * leftmost node of a layer and emptied layers stay in place. Values are replaced in place without
 * a version change; every key-set change (insert, remove, new layer, split, unlink) changes the
 * border node's version, which {@link NodeObserver} and {@link NodeChangeObserver} expose for
 * phantom validation. The JVM's garbage collector stands in for the paper's epoch-based
 * reclamation: nodes, key copies and values that a writer detaches stay valid for readers that
 * still hold them, whose version checks then fail and make them retry.
 *
 * <p>Scans are weakly consistent across border nodes (each node is read as one validated
 * snapshot): they return keys in order, without duplicates, and include every key present for the
 * whole scan. Scans recurse once per layer, i.e. key length / 8 stack frames.
 *
 * @param <V> value type; values are compared by identity in {@link #remove(byte[], Object,
 *     NodeChangeObserver)}
 */
public final class Masstree<V> {
  private static final VarHandle ROOT;

  static {
    try {
      ROOT = MethodHandles.lookup().findVarHandle(Masstree.class, "root", Node.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** Root of layer 0; may briefly lag a root split (readers then climb parent links). */
  private volatile Node root;

  /** An empty tree. */
  public Masstree() {
    root = BorderNode.newLayerRoot();
  }

  // ---------------------------------------------------------------------------------------------
  // Lookup: the paper's get

  /** The value for {@code key}, or null. */
  public V get(byte[] key) {
    return get(key, null);
  }

  /**
   * The value for {@code key}, or null; on a miss, {@code missObserver} (may be null) is told the
   * border node that would hold the key, with the version under which it was found absent.
   */
  @SuppressWarnings("unchecked")
  public V get(byte[] key, NodeObserver missObserver) {
    checkKey(key);
    Node layer = root;
    int off = 0;
    layers:
    for (;;) {
      long s = KeySlice.at(key, off);
      int rank = KeySlice.rankAt(key.length, off);
      // findBorder, keeping the version at which the route to the border node was validated: at
      // that version the node covers s (a split changes the parent first, which the descent
      // checks), so its right sibling is looked at (one cache miss) only once the node changed.
      Node d = layer;
      long v = d.stableVersion();
      int spins = 0;
      while (!NodeVersion.isRoot(v)) {
        InteriorNode p = d.parent();
        if (p == null) {
          break;
        }
        d = p;
        v = d.stableVersion();
      }
      while (!NodeVersion.isBorder(v)) {
        InteriorNode in = (InteriorNode) d;
        Node child = in.route(s);
        if (child != null) {
          long cv = child.stableVersion();
          if (!in.changed(v)) {
            d = child;
            v = cv;
            continue;
          }
        }
        long v2 = in.stableVersion();
        if (NodeVersion.vsplit(v2) != NodeVersion.vsplit(v) || NodeVersion.isDeleted(v2)) {
          Backoff.pause(spins++);
          continue layers; // descend again from the layer root
        }
        v = v2;
      }
      BorderNode n = (BorderNode) d;
      boolean mayHaveSplit = false;
      for (;;) {
        if (NodeVersion.isDeleted(v) || s < n.lowSlice) {
          Backoff.pause(spins++); // unlinked (or being unlinked): descend again
          continue layers;
        }
        long perm = n.permutation();
        int slot = n.find(perm, s, rank);
        int kx = 0;
        Object val = null;
        byte[] stored = null;
        if (slot >= 0) {
          kx = n.keylenx[slot];
          val = n.value(slot);
          if (kx == KeySlice.SUFFIX) { // validated below with the rest: a racy kx fails the check
            stored = n.keys[slot];
          }
        }
        BorderNode next = mayHaveSplit ? n.next() : null;
        if (n.changed(v)) {
          mayHaveSplit = true;
          v = n.stableVersion();
          continue;
        }
        if (next != null && s >= next.lowSlice) {
          n = next; // split moved the key right
          v = n.stableVersion();
          continue;
        }
        if (slot < 0) {
          return miss(missObserver, n, v);
        }
        if (kx == KeySlice.LAYER) {
          layer = (Node) val;
          off += 8;
          continue layers;
        }
        if (kx == KeySlice.SUFFIX && !KeySlice.suffixEquals(key, stored, off + 8)) {
          return miss(missObserver, n, v);
        }
        return (V) val;
      }
    }
  }

  private V miss(NodeObserver observer, BorderNode n, long v) {
    if (observer != null) {
      observer.observe(n, v & ~NodeVersion.LOCKED);
    }
    return null;
  }

  /**
   * Masstree's findborder: descends from a (possibly former) layer root to the border node whose
   * range covered {@code slice}. Interior steps are validated hand over hand; the caller validates
   * the border node and walks right if it split meanwhile.
   */
  static BorderNode findBorder(Node layerRoot, long slice) {
    int spins = 0;
    retry:
    for (;;) {
      Node n = layerRoot;
      long v = n.stableVersion();
      while (!NodeVersion.isRoot(v)) {
        InteriorNode p = n.parent();
        if (p == null) {
          break;
        }
        n = p;
        v = n.stableVersion();
      }
      for (;;) {
        if (NodeVersion.isBorder(v)) {
          return (BorderNode) n;
        }
        InteriorNode in = (InteriorNode) n;
        Node child = in.route(slice);
        if (child != null) {
          long cv = child.stableVersion();
          if (!in.changed(v)) {
            n = child;
            v = cv;
            continue;
          }
        }
        long v2 = in.stableVersion();
        if (NodeVersion.vsplit(v2) != NodeVersion.vsplit(v) || NodeVersion.isDeleted(v2)) {
          Backoff.pause(spins++);
          continue retry;
        }
        v = v2;
      }
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Insert: the paper's put, split and new layers

  /** Inserts {@code key} if absent; returns the existing value, or null if inserted. */
  public V putIfAbsent(byte[] key, V value) {
    return putIfAbsent(key, value, null);
  }

  /**
   * Inserts {@code key} if absent; returns the existing value, or null if inserted. Only if it
   * inserted, {@code changes} (may be null) is told each border node whose key set it changed: the
   * node that received the key, and first any node whose slot became a new layer on the way.
   */
  @SuppressWarnings("unchecked")
  public V putIfAbsent(byte[] key, V value, NodeChangeObserver changes) {
    checkKey(key);
    checkValue(value);
    return (V) insert(key, value, true, changes);
  }

  /** Associates {@code value} with {@code key}; returns the previous value or null. */
  @SuppressWarnings("unchecked")
  public V put(byte[] key, V value) {
    checkKey(key);
    checkValue(value);
    return (V) insert(key, value, false, null);
  }

  private Object insert(byte[] key, Object value, boolean onlyIfAbsent, NodeChangeObserver changes) {
    Node layer = root;
    int off = 0;
    ChangeLog newLayers = null; // reported only once the key is really inserted
    for (;;) {
      long s = KeySlice.at(key, off);
      int rank = KeySlice.rankAt(key.length, off);
      BorderNode n = lockBorder(layer, s);
      long perm = n.permutation();
      int pos = n.lowerBound(perm, s, rank);
      if (pos < Permutation.size(perm)) {
        int slot = Permutation.slot(perm, pos);
        if (n.slices[slot] == s && KeySlice.rank(n.keylenx[slot]) == rank) {
          int kx = n.keylenx[slot];
          if (kx == KeySlice.LAYER) {
            layer = currentLayerRoot(n, slot);
            n.unlock();
            off += 8;
            continue;
          }
          if (kx == KeySlice.SUFFIX && !KeySlice.suffixEquals(key, n.keys[slot], off + 8)) {
            if (changes != null && newLayers == null) {
              newLayers = new ChangeLog();
            }
            layer = makeLayer(n, slot, off, newLayers);
            off += 8;
            continue;
          }
          Object old = n.value(slot);
          if (!onlyIfAbsent) {
            n.setValue(slot, value); // atomic reference store: no key-set change, no version bump
          }
          n.unlock();
          return old;
        }
      }
      byte[] stored = rank == KeySlice.CONTINUES ? key.clone() : null;
      int kx = rank == KeySlice.CONTINUES ? KeySlice.SUFFIX : rank;
      long before = n.lockedVersion() & ~NodeVersion.LOCKED;
      if (Permutation.size(perm) < BorderNode.WIDTH) {
        n.markDirty(NodeVersion.INSERTING);
        n.writeSlot(Permutation.freeSlot(perm), s, kx, stored, value);
        n.setPermutation(Permutation.insert(perm, pos));
        long after = n.unlock();
        if (changes != null) {
          if (newLayers != null) {
            newLayers.replay(changes);
          }
          changes.changed(n, before, after, false);
        }
      } else {
        long[] versions = new long[2];
        BorderNode right = split(n, perm, pos, s, kx, stored, value, versions);
        if (changes != null) {
          if (newLayers != null) {
            newLayers.replay(changes);
          }
          changes.split(n, before, versions[0], right, versions[1]);
        }
      }
      return null;
    }
  }

  /** Descends to and locks the border node for {@code slice}, fixing up for concurrent changes. */
  private static BorderNode lockBorder(Node layer, long slice) {
    BorderNode n = findBorder(layer, slice);
    int spins = 0;
    for (;;) {
      long v = n.lock();
      if (NodeVersion.isDeleted(v) || slice < n.lowSlice) {
        n.unlock();
        Backoff.pause(spins++);
        n = findBorder(layer, slice);
        continue;
      }
      BorderNode next = n.next(); // stable while we hold n: only n's holder changes it
      if (next != null && slice >= next.lowSlice) {
        n.unlock();
        n = next;
        continue;
      }
      return n;
    }
  }

  /**
   * The root of the layer linked from a slot of locked {@code n}. The link still names the first
   * root after that layer's root split; the lock holder points it at the current root (no key-set
   * change, so no version bump).
   */
  private static Node currentLayerRoot(BorderNode n, int slot) {
    Node child = (Node) n.value(slot);
    Node c = child;
    while (!NodeVersion.isRoot(c.stableVersion())) {
      InteriorNode p = c.parent();
      if (p == null) {
        break;
      }
      c = p;
    }
    if (c != child) {
      n.setValue(slot, c);
    }
    return c;
  }

  /**
   * Turns slot {@code slot} of locked {@code n} (a key with a suffix) into a link to a new layer
   * that holds that key; unlocks {@code n} and returns the new layer's root.
   */
  private static Node makeLayer(BorderNode n, int slot, int off, ChangeLog log) {
    byte[] stored = n.keys[slot];
    Object val = n.value(slot);
    int off2 = off + 8;
    int rank = KeySlice.rankAt(stored.length, off2);
    BorderNode child = BorderNode.newLayerRoot();
    child.writeSlot(
        0,
        KeySlice.at(stored, off2),
        rank == KeySlice.CONTINUES ? KeySlice.SUFFIX : rank,
        rank == KeySlice.CONTINUES ? stored : null,
        val);
    child.setPermutation(Permutation.insert(Permutation.EMPTY, 0));
    long childVersion = child.stableVersion(); // unpublished until the link below: nobody else writes it
    long before = n.lockedVersion() & ~NodeVersion.LOCKED;
    n.markDirty(NodeVersion.INSERTING); // readers must not pair the old keylenx with the new link
    n.keylenx[slot] = KeySlice.LAYER;
    n.keys[slot] = null;
    n.setValue(slot, child); // release: publishes the new layer's root
    long after = n.unlock();
    if (log != null) {
      log.add(n, before, after, child, childVersion);
    }
    return child;
  }

  /**
   * Splits full, locked {@code n} while inserting the new entry at position {@code pos}, then
   * inserts the new sibling into the parent (ascending and splitting as needed). Unlocks every node
   * it locked; returns the new sibling, with {@code n}'s and the sibling's versions after unlock in
   * {@code versionsAfter[0]} and {@code [1]}.
   */
  private BorderNode split(BorderNode n, long perm, int pos, long s, int kx, byte[] stored, Object value,
                           long[] versionsAfter) {
    int total = BorderNode.WIDTH + 1;
    int mid = splitPoint(n, perm, pos, s);
    BorderNode right = new BorderNode(virtualSlice(n, perm, pos, s, mid), NodeVersion.LOCKED);
    int rn = 0;
    for (int j = mid; j < total; j++, rn++) {
      if (j == pos) {
        right.writeSlot(rn, s, kx, stored, value);
      } else {
        int src = Permutation.slot(perm, j < pos ? j : j - 1);
        right.writeSlot(rn, n.slices[src], n.keylenx[src], n.keys[src], n.value(src));
      }
    }
    int[] order = new int[BorderNode.WIDTH];
    for (int i = 0; i < rn; i++) {
      order[i] = i;
    }
    right.setPermutation(Permutation.of(order, rn));

    n.markDirty(NodeVersion.INSERTING | NodeVersion.SPLITTING);
    int used = 0;
    int ln = 0;
    int newAt = -1;
    for (int j = 0; j < mid; j++) {
      if (j == pos) {
        newAt = ln++;
      } else {
        int src = Permutation.slot(perm, j < pos ? j : j - 1);
        order[ln++] = src;
        used |= 1 << src;
      }
    }
    if (newAt >= 0) {
      int free = Integer.numberOfTrailingZeros(~used); // a slot whose entry moved right
      n.writeSlot(free, s, kx, stored, value);
      order[newAt] = free;
      used |= 1 << free;
    }
    n.setPermutation(Permutation.of(order, ln));
    for (int slot = 0; slot < BorderNode.WIDTH; slot++) {
      if ((used & (1 << slot)) == 0) {
        n.keys[slot] = null; // moved to the right sibling: drop references for the GC
        n.setValue(slot, null);
      }
    }
    BorderNode next = n.next();
    right.setPrev(n);
    right.setNext(next);
    if (next != null) {
      next.setPrev(right); // n's holder owns its right neighbour's prev link
    }
    n.setNext(right);
    ascend(n, right, right.lowSlice, versionsAfter);
    return right;
  }

  /**
   * Where the 16 entries split: in the middle, or leaving a full left node for sequential inserts
   * at either end of a layer; never between two entries with the same slice, so each slice lives
   * in exactly one border node.
   */
  private static int splitPoint(BorderNode n, long perm, int pos, long s) {
    int width = BorderNode.WIDTH;
    int mid;
    if (pos == width && n.next() == null) {
      mid = width;
    } else if (pos == 0 && n.prev() == null) {
      mid = 1;
    } else {
      mid = (width + 1) / 2;
    }
    for (int d = 0; d <= width; d++) {
      int up = mid + d;
      if (up <= width
          && virtualSlice(n, perm, pos, s, up - 1) != virtualSlice(n, perm, pos, s, up)) {
        return up;
      }
      int down = mid - d;
      if (down >= 1
          && virtualSlice(n, perm, pos, s, down - 1) != virtualSlice(n, perm, pos, s, down)) {
        return down;
      }
    }
    throw new IllegalStateException("no split point: more than 15 keys share one slice");
  }

  /** Slice of entry {@code j} of the 16 entries: the node's keys with the new one at {@code pos}. */
  private static long virtualSlice(BorderNode n, long perm, int pos, long s, int j) {
    if (j == pos) {
      return s;
    }
    return n.slices[Permutation.slot(perm, j < pos ? j : j - 1)];
  }

  /**
   * The paper's split, upward part: inserts {@code right} (separator {@code sep}) next to {@code left}
   * in their parent, splitting interior nodes as needed and growing a new root when the layer's
   * root split. Stores the versions of {@code left} and {@code right} after their unlock in
   * {@code versionsAfter[0]} and {@code [1]}.
   */
  private void ascend(BorderNode left, BorderNode right, long sep, long[] versionsAfter) {
    Node n = left;
    Node n2 = right;
    long k = sep;
    for (;;) {
      InteriorNode p = n.lockedParent();
      if (p == null) {
        InteriorNode newRoot = new InteriorNode(NodeVersion.ROOT);
        newRoot.nkeys = 1;
        newRoot.keys[0] = k;
        newRoot.setChild(0, n);
        newRoot.setChild(1, n2);
        n.setParent(newRoot);
        n2.setParent(newRoot);
        n.clearRoot(); // published by n's unlock; readers that see it climb to newRoot
        ROOT.compareAndSet(this, n, newRoot); // layer 0 only; deeper links are fixed lazily
        long after2 = n2.unlock();
        long after = n.unlock();
        if (n == left) {
          versionsAfter[0] = after;
          versionsAfter[1] = after2;
        }
        return;
      }
      int ci = p.indexOf(n);
      if (p.nkeys < InteriorNode.WIDTH) {
        p.markDirty(NodeVersion.INSERTING);
        int nk = p.nkeys;
        for (int i = nk; i > ci; i--) {
          p.keys[i] = p.keys[i - 1];
          p.setChild(i + 1, p.children[i]);
        }
        p.keys[ci] = k;
        p.setChild(ci + 1, n2);
        p.nkeys = nk + 1;
        n2.setParent(p);
        long after = n.unlock();
        long after2 = n2.unlock();
        if (n == left) {
          versionsAfter[0] = after;
          versionsAfter[1] = after2;
        }
        p.unlock();
        return;
      }
      p.markDirty(NodeVersion.INSERTING | NodeVersion.SPLITTING);
      InteriorNode p2 = new InteriorNode(NodeVersion.LOCKED);
      long up = splitInterior(p, p2, ci, k, n2);
      long after = n.unlock();
      long after2 = n2.unlock();
      if (n == left) {
        versionsAfter[0] = after;
        versionsAfter[1] = after2;
      }
      n = p;
      n2 = p2;
      k = up;
    }
  }

  /**
   * Splits full, locked, dirty {@code p} into {@code p} and new {@code p2} while inserting
   * separator {@code k} and child {@code c} after child index {@code ci}; returns the separator
   * that moves up.
   */
  private static long splitInterior(InteriorNode p, InteriorNode p2, int ci, long k, Node c) {
    int w = InteriorNode.WIDTH;
    long[] ks = new long[w + 1];
    Node[] cs = new Node[w + 2];
    for (int i = 0, j = 0; i <= w; i++) {
      ks[i] = i == ci ? k : p.keys[j++];
    }
    for (int i = 0, j = 0; i <= w + 1; i++) {
      cs[i] = i == ci + 1 ? c : p.children[j++];
    }
    // Half the keys stay, the middle one moves up, the rest go; but when the new child is the last
    // one (sequential inserts at the right end), all keys but the last two stay and the new node
    // starts with 1 key, so ascending loads leave interior nodes nearly full (fewer levels).
    int leftKeys = ci == w ? w - 1 : (w + 1) / 2;
    for (int i = 0; i < leftKeys; i++) {
      p.keys[i] = ks[i];
    }
    for (int i = 0; i <= w; i++) {
      p.setChild(i, i <= leftKeys ? cs[i] : null);
    }
    p.nkeys = leftKeys;
    int rk = w - leftKeys;
    for (int i = 0; i < rk; i++) {
      p2.keys[i] = ks[leftKeys + 1 + i];
    }
    for (int i = 0; i <= rk; i++) {
      p2.setChild(i, cs[leftKeys + 1 + i]);
    }
    p2.nkeys = rk;
    c.setParent(p);
    for (int i = 0; i <= rk; i++) {
      p2.children[i].setParent(p2); // moved children re-check their parent under its lock
    }
    return ks[leftKeys];
  }

  // ---------------------------------------------------------------------------------------------
  // Remove: the paper's remove, with border-node unlinking

  /** Removes {@code key}; returns the removed value or null. */
  @SuppressWarnings("unchecked")
  public V remove(byte[] key) {
    checkKey(key);
    return (V) delete(key, null, null);
  }

  /**
   * Removes {@code key} only if it currently maps to {@code expected} (identity). If it removed,
   * {@code changes} (may be null) is told the border node whose key set changed; structural when
   * that node became empty and was unlinked.
   */
  public boolean remove(byte[] key, V expected, NodeChangeObserver changes) {
    checkKey(key);
    if (expected == null) {
      throw new IllegalArgumentException("expected value must not be null");
    }
    return delete(key, expected, changes) != null;
  }

  private Object delete(byte[] key, Object expected, NodeChangeObserver changes) {
    Node layer = root;
    int off = 0;
    for (;;) {
      long s = KeySlice.at(key, off);
      int rank = KeySlice.rankAt(key.length, off);
      BorderNode n = lockBorder(layer, s);
      long perm = n.permutation();
      int pos = n.lowerBound(perm, s, rank);
      int slot = pos < Permutation.size(perm) ? Permutation.slot(perm, pos) : -1;
      if (slot < 0 || n.slices[slot] != s || KeySlice.rank(n.keylenx[slot]) != rank) {
        n.unlock();
        return null;
      }
      int kx = n.keylenx[slot];
      if (kx == KeySlice.LAYER) {
        layer = currentLayerRoot(n, slot);
        n.unlock();
        off += 8;
        continue;
      }
      Object old = n.value(slot);
      if ((kx == KeySlice.SUFFIX && !KeySlice.suffixEquals(key, n.keys[slot], off + 8))
          || (expected != null && old != expected)) {
        n.unlock();
        return null;
      }
      long before = n.lockedVersion() & ~NodeVersion.LOCKED;
      n.markDirty(NodeVersion.INSERTING);
      long np = Permutation.remove(perm, pos);
      n.setPermutation(np);
      n.keys[slot] = null;
      n.setValue(slot, null);
      boolean structural = false;
      if (Permutation.size(np) == 0 && n.prev() != null) {
        unlink(n);
        structural = true;
      }
      long after = n.unlock();
      if (changes != null) {
        changes.changed(n, before, after, structural);
      }
      return old;
    }
  }

  /**
   * Unlinks empty, locked border node {@code n}, which has a left sibling: marks it deleted, takes
   * it out of the sibling list (locking the left sibling, which owns the link) and out of the
   * interior nodes. Its key range passes to the left sibling. Lock order is right to left among
   * siblings and bottom-up in the tree, as for splits, so it cannot deadlock with them.
   */
  private static void unlink(BorderNode n) {
    n.markDirty(NodeVersion.DELETED);
    BorderNode left;
    for (int spins = 0; ; spins++) {
      left = n.prev();
      long lv = left.lock();
      if (n.prev() == left && left.next() == n && !NodeVersion.isDeleted(lv)) {
        break;
      }
      left.unlock();
      Backoff.pause(spins);
    }
    BorderNode next = n.next();
    left.setNext(next); // n's next stays, so scans that still stand on n move on correctly
    if (next != null) {
      next.setPrev(left);
    }
    left.unlock();
    removeFromParent(n, n.lowSlice);
  }

  /**
   * Removes locked child {@code x}, whose subtree is empty and began at slice {@code low}, from its
   * parent. An interior node left without children is removed in turn. When {@code x} was the
   * leftmost child, the ancestor separator equal to {@code low} is raised to the new leftmost
   * bound, so the range goes to the left subtree.
   */
  private static void removeFromParent(Node x, long low) {
    InteriorNode p = x.lockedParent();
    if (p == null) {
      throw new IllegalStateException("cannot unlink the root of a layer");
    }
    int i = p.indexOf(x);
    int nk = p.nkeys;
    if (nk == 0) {
      p.markDirty(NodeVersion.INSERTING | NodeVersion.DELETED);
      removeFromParent(p, low);
      p.unlock();
      return;
    }
    p.markDirty(NodeVersion.INSERTING);
    if (i > 0) {
      for (int j = i - 1; j < nk - 1; j++) {
        p.keys[j] = p.keys[j + 1];
      }
      for (int j = i; j < nk; j++) {
        p.setChild(j, p.children[j + 1]);
      }
    } else {
      long newLow = p.keys[0];
      for (int j = 0; j < nk - 1; j++) {
        p.keys[j] = p.keys[j + 1];
      }
      for (int j = 0; j < nk; j++) {
        p.setChild(j, p.children[j + 1]);
      }
      redirect(p, low, newLow);
    }
    p.setChild(nk, null);
    p.nkeys = nk - 1;
    p.unlock();
  }

  /** Raises the separator {@code low} above locked {@code p}'s subtree to {@code newLow}. */
  private static void redirect(InteriorNode p, long low, long newLow) {
    Node c = p;
    for (;;) {
      InteriorNode g = c.lockedParent();
      if (c != p) {
        c.unlock();
      }
      if (g == null) {
        throw new IllegalStateException("no separator above a removed leftmost subtree");
      }
      int j = g.indexOf(c);
      if (j > 0) {
        assert g.keys[j - 1] == low : "separator does not match the removed subtree";
        g.markDirty(NodeVersion.INSERTING);
        g.keys[j - 1] = newLow;
        g.unlock();
        return;
      }
      c = g;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Scans and size

  /**
   * Visits the entries with {@code lo <= key <= hi} (each bound may be exclusive, or null for
   * unbounded) in unsigned lexicographic order, or descending when {@code reverse}. Stops after
   * {@code limit} entries ({@code <= 0} or {@link Integer#MAX_VALUE}: no limit) or when the visitor
   * returns false. {@code observer} (may be null) is told every border node, in every layer, whose
   * range the scan covered, with the version of the snapshot it read. Returns the number of
   * entries visited.
   *
   * @throws IllegalArgumentException if the visitor is null or {@code lo > hi}
   */
  @SuppressWarnings("unchecked")
  public int scan(
      byte[] lo,
      boolean loInclusive,
      byte[] hi,
      boolean hiInclusive,
      boolean reverse,
      int limit,
      ScanVisitor<? super V> visitor,
      NodeObserver observer) {
    if (visitor == null) {
      throw new IllegalArgumentException("visitor must not be null");
    }
    if (lo != null && hi != null) {
      int c = Arrays.compareUnsigned(lo, hi);
      if (c > 0) {
        throw new IllegalArgumentException("scan bounds inverted: lo > hi");
      }
      if (c == 0 && !(loInclusive && hiInclusive)) {
        return 0; // empty range
      }
    }
    RangeScan scan =
        new RangeScan(lo, loInclusive, hi, hiInclusive, limit,
            (ScanVisitor<Object>) visitor, observer);
    return reverse ? scan.runReverse(root) : scan.runForward(root);
  }

  /** Exact number of keys, by traversal (O(n); for tests and tools). */
  public long size() {
    long[] count = new long[1];
    scan(null, true, null, true, false, 0, (k, len, v) -> {
      count[0]++;
      return true;
    }, null);
    return count[0];
  }

  /** Root of layer 0, for structural checks in tests. */
  Node rootNode() {
    return root;
  }

  private static void checkKey(byte[] key) {
    if (key == null) {
      throw new IllegalArgumentException("key must not be null");
    }
  }

  private static void checkValue(Object value) {
    if (value == null) {
      throw new IllegalArgumentException("value must not be null");
    }
  }

  /** New-layer changes held back until the insert that caused them succeeds. */
  private static final class ChangeLog {
    private VersionedNode[] nodes = new VersionedNode[4]; // two per entry: the node, the layer root
    private long[] versions = new long[6];                // three per entry
    private int n;

    void add(VersionedNode node, long before, long after, VersionedNode layerRoot, long layerRootVersion) {
      if (2 * n == nodes.length) {
        nodes = Arrays.copyOf(nodes, n * 4);
        versions = Arrays.copyOf(versions, n * 6);
      }
      nodes[2 * n] = node;
      nodes[2 * n + 1] = layerRoot;
      versions[3 * n] = before;
      versions[3 * n + 1] = after;
      versions[3 * n + 2] = layerRootVersion;
      n++;
    }

    void replay(NodeChangeObserver changes) {
      for (int i = 0; i < n; i++) {
        changes.split(nodes[2 * i], versions[3 * i], versions[3 * i + 1], nodes[2 * i + 1], versions[3 * i + 2]);
      }
    }
  }
}
