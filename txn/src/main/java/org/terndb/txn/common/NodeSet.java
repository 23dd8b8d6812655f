package org.terndb.txn.common;

import java.util.Arrays;
import org.terndb.storage.masstree.NodeChangeObserver;
import org.terndb.storage.masstree.NodeObserver;
import org.terndb.storage.masstree.VersionedNode;

/**
 * Silo's node set (§4.6): the Masstree border nodes a transaction's scans and missed lookups covered, with the
 * versions observed. If any of them changed by commit, a key may have appeared in (or left) a range the
 * transaction relied on: a phantom, so it aborts. The transaction's own inserts advance the observed version
 * instead; when such an insert split the node (or gave one of its slots a new layer), the node that took part
 * of the range is tracked too, at the version the insert left it with. Any other structural change (an
 * unlink) leaves the entry alone, so validation fails and only an abort is safe.
 */
public final class NodeSet implements NodeObserver, NodeChangeObserver {
    private VersionedNode[] nodes = new VersionedNode[16];
    private long[] versions = new long[16];
    private int size;

    public int size() {
        return size;
    }

    public void clear() {
        Arrays.fill(nodes, 0, size, null);
        size = 0;
    }

    @Override
    public void observe(VersionedNode node, long version) {
        if (size == nodes.length) {
            nodes = Arrays.copyOf(nodes, size * 2);
            versions = Arrays.copyOf(versions, size * 2);
        }
        nodes[size] = node;
        versions[size] = version;
        size++;
    }

    @Override
    public void changed(VersionedNode node, long before, long after, boolean structural) {
        if (structural) {
            return;
        }
        for (int i = 0; i < size; i++) {
            if (nodes[i] == node && versions[i] == before) {
                versions[i] = after;
            }
        }
    }

    @Override
    public void split(VersionedNode node, long before, long after, VersionedNode sibling, long siblingVersion) {
        boolean tracked = false;
        for (int i = 0, n = size; i < n; i++) {
            if (nodes[i] == node && versions[i] == before) {
                versions[i] = after;
                tracked = true;
            }
        }
        if (tracked) {
            observe(sibling, siblingVersion);
        }
    }

    /**
     * True if a covered node's key set changed since it was observed (a writer merely holding the node's lock
     * does not count): a change {@link #validate} can never pass again, since versions only grow.
     */
    public boolean changedSinceObserved() {
        for (int i = 0; i < size; i++) {
            if (!VersionedNode.unchanged(versions[i], nodes[i].version())) {
                return true;
            }
        }
        return false;
    }

    /** True if every covered node still has the version observed. */
    public boolean validate() {
        for (int i = 0; i < size; i++) {
            if (nodes[i].version() != versions[i]) {
                return false;
            }
        }
        return true;
    }
}
