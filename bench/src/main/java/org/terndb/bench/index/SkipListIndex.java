package org.terndb.bench.index;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

/** The JDK's lock-free skip list: the baseline every concurrent ordered index should beat. */
final class SkipListIndex implements IndexUnderTest {
    private final ConcurrentSkipListMap<byte[], Object> map = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);

    @Override
    public String name() {
        return "skiplist";
    }

    @Override
    public String displayName() {
        return "skip list";
    }

    @Override
    public Object get(byte[] key) {
        return map.get(key);
    }

    @Override
    public Object putIfAbsent(byte[] key, Object value) {
        return map.putIfAbsent(key, value);
    }

    @Override
    public Object remove(byte[] key) {
        return map.remove(key);
    }

    @Override
    public int scanForward(byte[] from, int limit) {
        int visited = 0;
        Iterator<Map.Entry<byte[], Object>> it = map.tailMap(from, true).entrySet().iterator();
        // Reading the value mirrors what the Masstree visitor is handed.
        while (visited < limit && it.hasNext() && it.next().getValue() != null) {
            visited++;
        }
        return visited;
    }

    @Override
    public long size() {
        return map.size();
    }
}
