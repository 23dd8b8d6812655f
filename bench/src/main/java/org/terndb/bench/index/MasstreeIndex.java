package org.terndb.bench.index;

import org.terndb.storage.masstree.Masstree;
import org.terndb.storage.masstree.ScanVisitor;

/** TernDB's Masstree. */
final class MasstreeIndex implements IndexUnderTest {
    // Returns true for every entry; the tree's own reads cannot be optimised away (they validate versions).
    private static final ScanVisitor<Object> VISIT_ALL = (keyBuffer, keyLength, value) -> true;

    private final Masstree<Object> tree = new Masstree<>();

    @Override
    public String name() {
        return "masstree";
    }

    @Override
    public String displayName() {
        return "Masstree";
    }

    @Override
    public Object get(byte[] key) {
        return tree.get(key);
    }

    @Override
    public Object putIfAbsent(byte[] key, Object value) {
        return tree.putIfAbsent(key, value);
    }

    @Override
    public Object remove(byte[] key) {
        return tree.remove(key);
    }

    @Override
    public int scanForward(byte[] from, int limit) {
        return tree.scan(from, true, null, false, false, limit, VISIT_ALL, null);
    }

    @Override
    public long size() {
        return tree.size();
    }
}
