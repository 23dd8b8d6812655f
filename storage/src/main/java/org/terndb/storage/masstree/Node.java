package org.terndb.storage.masstree;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Common part of border and interior nodes: the version word (see {@link NodeVersion}) and the
 * parent link, both accessed through {@link VarHandle}s.
 *
 * <p>Reading protocol (optimistic, as in StampedLock's optimistic read): {@link #stableVersion()}
 * (acquire), plain reads of node fields, then {@link #changed(long)} issues an acquire fence
 * before re-reading the word. Writing protocol: {@link #lock()} by CAS, {@link #markDirty(long)}
 * followed by a store-store fence before touching any field, {@link #unlock()} with a release
 * store. Plain field reads are therefore safe wherever their result is used only after a
 * successful {@code changed} check.
 */
abstract class Node implements VersionedNode {
  private static final VarHandle VERSION;
  private static final VarHandle PARENT;

  static {
    try {
      MethodHandles.Lookup l = MethodHandles.lookup();
      VERSION = l.findVarHandle(Node.class, "version", long.class);
      PARENT = l.findVarHandle(Node.class, "parent", InteriorNode.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  @SuppressWarnings("unused") // accessed through VERSION
  private long version;

  @SuppressWarnings("unused") // accessed through PARENT
  private InteriorNode parent;

  Node(long initialVersion) {
    VERSION.set(this, initialVersion);
  }

  @Override
  public final long version() {
    return (long) VERSION.getAcquire(this);
  }

  /** Spins while a writer has the node dirty (inserting or splitting); the lock bit alone is fine. */
  final long stableVersion() {
    long v = (long) VERSION.getAcquire(this);
    int spins = 0;
    while ((v & NodeVersion.DIRTY) != 0) {
      Backoff.pause(spins++);
      v = (long) VERSION.getAcquire(this);
    }
    return v;
  }

  /** True if the node changed since the stable version {@code v} was read (lock bit ignored). */
  final boolean changed(long v) {
    VarHandle.acquireFence(); // orders the caller's plain reads before the re-read
    long now = (long) VERSION.getAcquire(this);
    return ((now ^ v) & ~NodeVersion.LOCKED) != 0;
  }

  /** Acquires the node lock; returns the locked word. */
  final long lock() {
    int spins = 0;
    for (;;) {
      long v = (long) VERSION.getVolatile(this);
      if ((v & NodeVersion.LOCKED) == 0 && VERSION.compareAndSet(this, v, v | NodeVersion.LOCKED)) {
        return v | NodeVersion.LOCKED;
      }
      Backoff.pause(spins++);
    }
  }

  /** The current word; only meaningful to the lock holder. */
  final long lockedVersion() {
    return (long) VERSION.getOpaque(this);
  }

  /**
   * Sets bits (dirty, deleted, root cleared via {@link #clearRoot()}) while locked; the fence keeps
   * the field writes that follow from becoming visible before the mark.
   */
  final void markDirty(long bits) {
    VERSION.setOpaque(this, (long) VERSION.getOpaque(this) | bits);
    VarHandle.storeStoreFence();
  }

  final void clearRoot() {
    VERSION.setOpaque(this, (long) VERSION.getOpaque(this) & ~NodeVersion.ROOT);
  }

  /** Releases the lock, bumping the counters for the dirty bits set; returns the published word. */
  final long unlock() {
    long nv = NodeVersion.unlocked((long) VERSION.getOpaque(this));
    VERSION.setRelease(this, nv);
    return nv;
  }

  final InteriorNode parent() {
    return (InteriorNode) PARENT.getAcquire(this);
  }

  final void setParent(InteriorNode p) {
    PARENT.setRelease(this, p);
  }

  /** Masstree's lockedparent: locks this node's parent, re-checking it did not move meanwhile. */
  final InteriorNode lockedParent() {
    for (;;) {
      InteriorNode p = parent();
      if (p == null) {
        return null;
      }
      p.lock();
      if (parent() == p) {
        return p;
      }
      p.unlock();
    }
  }
}
