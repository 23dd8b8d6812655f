package org.terndb.txn.correctness;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The multi-version serialization graph of a recorded history (Adya's DSG, restricted to what the recording
 * identifies), and a cycle search over it.
 *
 * <p>Each committed transaction lists the version of every key it observed (first observation, excluding its
 * own writes) and the keys it wrote with the version each write replaced (known for read-modify-writes, inserts
 * and read-then-deletes; {@link #UNKNOWN} for blind writes). Versions are named by their writer's id, or
 * {@link #LOADED}, or {@link #ABSENT}. The recording guarantees that an absent key has one absent version only:
 * keys are either insert-only (initially absent, never deleted), delete-only (loaded, deleted at most once,
 * never re-inserted) or stable, so "absent" is the initial version of an insert-only key and the deleter's
 * version of a delete-only key. Scans are recorded as reads of every key of the range they covered, with
 * absent for keys they did not return, which turns predicate reads into item reads over a finite domain.
 *
 * <p>Edges: ww from a version's writer to the writer whose write replaced it (known links only); wr from a
 * version's writer to each reader; rw from each reader of a version to the writer that replaced it. Every edge
 * added is implied by the observations, so a cycle is a real serializability violation; blind writes only
 * make the graph miss some edges. Direct anomalies (two committed writers replacing the same version, reads of
 * versions nobody committed, inconsistent reads inside a committed transaction) are reported as well.
 */
final class SerializationGraph {
    static final long LOADED = 0;
    static final long ABSENT = -1;
    static final long UNKNOWN = -2;

    static final int INSERT = 1;
    static final int UPDATE = 2;
    static final int DELETE = 3;

    enum Role { INSERT_ONLY, DELETE_ONLY, STABLE }

    private static final int WW = 0;
    private static final int WR = 1;
    private static final int RW = 2;
    private static final String[] EDGE_NAMES = {"ww", "wr", "rw"};

    /** A committed transaction as recorded. Keys are global key ids; {@code problems} are in-transaction ones. */
    record Txn(long id, int[] readKeys, long[] readVersions, int[] writeKeys, int[] writeKinds, long[] writePrevs,
               String ops, List<String> problems) {}

    /** What the check found: edge counts (ww, wr, rw) for the record, and the violations. */
    record Result(int transactions, long[] edges) {}

    private final List<Txn> txns;
    private final java.util.function.IntFunction<Role> roleOf;
    private final java.util.function.IntFunction<String> keyName;
    private final Map<Long, Integer> nodeOf = new HashMap<>();

    // edges, CSR built after collection
    private int[] from = new int[1024];
    private int[] to = new int[1024];
    private int[] label = new int[1024];
    private int edgeCount;
    private final long[] edgeTotals = new long[3];

    SerializationGraph(List<Txn> committed, java.util.function.IntFunction<Role> roleOf,
                       java.util.function.IntFunction<String> keyName) {
        this.txns = committed;
        this.roleOf = roleOf;
        this.keyName = keyName;
        for (int i = 0; i < committed.size(); i++) {
            nodeOf.put(committed.get(i).id(), i);
        }
    }

    static String version(long v) {
        if (v == LOADED) {
            return "loaded";
        }
        if (v == ABSENT) {
            return "absent";
        }
        if (v == UNKNOWN) {
            return "?";
        }
        return "T" + (v >>> 40) + "." + (v & ((1L << 40) - 1));
    }

    /** Builds the graph, adds every violation found to {@code v}, and returns edge counts. */
    Result check(Violations v) {
        List<String> direct = new ArrayList<>(); // reported after the cycle, the headline finding
        // A version is (key, writer id), with writer LOADED or ABSENT for initial ones.
        Map<VersionKey, Long> successor = new HashMap<>();
        Map<VersionKey, Integer> written = new HashMap<>();
        Map<Integer, List<Long>> deleters = new HashMap<>();
        for (Txn t : txns) {
            for (String p : t.problems()) {
                direct.add(name(t) + " committed after an inconsistent read: " + p + "\n" + t.ops());
            }
            for (int i = 0; i < t.writeKeys().length; i++) {
                int key = t.writeKeys()[i];
                written.put(new VersionKey(key, t.id()), t.writeKinds()[i]);
                if (t.writeKinds()[i] == DELETE) {
                    deleters.computeIfAbsent(key, k -> new ArrayList<>()).add(t.id());
                }
                long prev = t.writePrevs()[i];
                if (prev == UNKNOWN) {
                    continue;
                }
                VersionKey pv = new VersionKey(key, prev);
                Long other = successor.putIfAbsent(pv, t.id());
                if (other != null) {
                    direct.add("two committed transactions replaced version " + version(prev) + " of key "
                            + keyName.apply(key) + " (lost update or duplicate insert):\n" + describe(other)
                            + "\n" + describe(t.id()));
                    continue;
                }
                if (prev > 0) {
                    addEdge(prev, t.id(), WW, key);
                }
            }
        }
        for (Map.Entry<Integer, List<Long>> e : deleters.entrySet()) {
            if (e.getValue().size() > 1) {
                direct.add("key " + keyName.apply(e.getKey()) + " deleted by " + e.getValue().size()
                        + " committed transactions (it was never re-inserted)");
            }
        }
        for (Txn t : txns) {
            for (int i = 0; i < t.readKeys().length; i++) {
                int key = t.readKeys()[i];
                long seen = t.readVersions()[i];
                Role role = roleOf.apply(key);
                long versionId = seen;
                if (seen == ABSENT) {
                    if (role == Role.STABLE) {
                        direct.add(name(t) + " read key " + keyName.apply(key) + " as absent, but it is never deleted\n"
                                + t.ops());
                        continue;
                    }
                    if (role == Role.DELETE_ONLY) {
                        List<Long> d = deleters.get(key);
                        if (d == null) {
                            direct.add(name(t) + " read key " + keyName.apply(key) + " as absent, but no committed "
                                    + "transaction deleted it (a dirty or aborted delete was visible)\n" + t.ops());
                            continue;
                        }
                        versionId = d.get(0);
                    }
                } else if (seen == LOADED) {
                    if (role == Role.INSERT_ONLY) {
                        direct.add(name(t) + " read a loaded version of key " + keyName.apply(key)
                                + ", which was never loaded\n" + t.ops());
                        continue;
                    }
                } else {
                    Integer kind = written.get(new VersionKey(key, seen));
                    if (kind == null) {
                        direct.add(name(t) + " read version " + version(seen) + " of key " + keyName.apply(key)
                                + (nodeOf.containsKey(seen) ? ", which that committed transaction never wrote"
                                : ", written by a transaction that never committed (dirty or aborted read)")
                                + "\n" + t.ops());
                        continue;
                    }
                }
                if (versionId > 0 && versionId != t.id()) {
                    addEdge(versionId, t.id(), WR, key);
                }
                Long next = successor.get(new VersionKey(key, versionId));
                if (next != null && next != t.id()) {
                    addEdge(t.id(), next, RW, key);
                }
            }
        }
        findCycle(v);
        direct.forEach(v::add);
        return new Result(txns.size(), edgeTotals.clone());
    }

    private record VersionKey(int key, long version) {}

    private void addEdge(long fromId, long toId, int type, int key) {
        Integer f = nodeOf.get(fromId);
        Integer t = nodeOf.get(toId);
        if (f == null || t == null || f.intValue() == t.intValue()) {
            return;
        }
        if (edgeCount == from.length) {
            from = Arrays.copyOf(from, edgeCount * 2);
            to = Arrays.copyOf(to, edgeCount * 2);
            label = Arrays.copyOf(label, edgeCount * 2);
        }
        from[edgeCount] = f;
        to[edgeCount] = t;
        label[edgeCount] = type << 28 | key;
        edgeCount++;
        edgeTotals[type]++;
    }

    private String name(Txn t) {
        return "transaction " + version(t.id());
    }

    private String describe(long id) {
        Integer n = nodeOf.get(id);
        return n == null ? version(id) + " (not committed)" : "  " + version(id) + ": " + txns.get(n).ops();
    }

    // ---------------------------------------------------------------- cycle search

    /** Tarjan's strongly connected components, iteratively; reports one cycle of the first non-trivial one. */
    private void findCycle(Violations v) {
        int n = txns.size();
        int[] start = new int[n + 1];
        for (int e = 0; e < edgeCount; e++) {
            start[from[e] + 1]++;
        }
        for (int i = 0; i < n; i++) {
            start[i + 1] += start[i];
        }
        int[] adj = new int[edgeCount];
        int[] adjLabel = new int[edgeCount];
        int[] fill = Arrays.copyOf(start, n);
        for (int e = 0; e < edgeCount; e++) {
            int p = fill[from[e]]++;
            adj[p] = to[e];
            adjLabel[p] = label[e];
        }

        int[] index = new int[n];
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(index, -1);
        int[] stack = new int[n];
        int sp = 0;
        int[] callNode = new int[n];
        int[] callEdge = new int[n];
        int counter = 0;
        for (int root = 0; root < n; root++) {
            if (index[root] != -1) {
                continue;
            }
            int depth = 0;
            callNode[0] = root;
            callEdge[0] = start[root];
            index[root] = low[root] = counter++;
            stack[sp++] = root;
            onStack[root] = true;
            while (depth >= 0) {
                int u = callNode[depth];
                if (callEdge[depth] < start[u + 1]) {
                    int w = adj[callEdge[depth]++];
                    if (index[w] == -1) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        depth++;
                        callNode[depth] = w;
                        callEdge[depth] = start[w];
                    } else if (onStack[w]) {
                        low[u] = Math.min(low[u], index[w]);
                    }
                    continue;
                }
                if (low[u] == index[u]) {
                    int size = 0;
                    boolean[] inScc = null;
                    int top = sp;
                    while (true) {
                        int w = stack[--sp];
                        onStack[w] = false;
                        size++;
                        if (w == u) {
                            break;
                        }
                    }
                    if (size > 1) {
                        inScc = new boolean[n];
                        for (int i = sp; i < top; i++) {
                            inScc[stack[i]] = true;
                        }
                        v.add(describeCycle(u, inScc, start, adj, adjLabel, size));
                        return;
                    }
                }
                depth--;
                if (depth >= 0) {
                    int parent = callNode[depth];
                    low[parent] = Math.min(low[parent], low[u]);
                }
            }
        }
    }

    /** Finds a shortest cycle through {@code s} inside its component by BFS and describes it with each txn's ops. */
    private String describeCycle(int s, boolean[] inScc, int[] start, int[] adj, int[] adjLabel, int sccSize) {
        int n = inScc.length;
        int[] parent = new int[n];
        int[] parentLabel = new int[n];
        Arrays.fill(parent, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        queue.add(s);
        parent[s] = s;
        int last = -1;
        int lastLabel = 0;
        search:
        while (!queue.isEmpty()) {
            int u = queue.poll();
            for (int p = start[u]; p < start[u + 1]; p++) {
                int w = adj[p];
                if (!inScc[w]) {
                    continue;
                }
                if (w == s) {
                    last = u;
                    lastLabel = adjLabel[p];
                    break search;
                }
                if (parent[w] == -1) {
                    parent[w] = u;
                    parentLabel[w] = adjLabel[p];
                    queue.add(w);
                }
            }
        }
        List<Integer> path = new ArrayList<>();
        List<Integer> labels = new ArrayList<>();
        for (int x = last; x != s; x = parent[x]) {
            path.add(0, x);
            labels.add(0, parentLabel[x]);
        }
        path.add(0, s);
        labels.add(lastLabel); // edge from the last node back to s
        StringBuilder sb = new StringBuilder("serialization graph cycle (component of ").append(sccSize)
                .append(" transactions):\n ");
        for (int i = 0; i < path.size(); i++) {
            int l = labels.get(i);
            sb.append(' ').append(version(txns.get(path.get(i)).id())).append(" -")
                    .append(EDGE_NAMES[l >>> 28]).append('(').append(keyName.apply(l & ((1 << 28) - 1)))
                    .append(")->");
        }
        sb.append(' ').append(version(txns.get(s).id()));
        for (int node : path) {
            Txn t = txns.get(node);
            sb.append("\n  ").append(version(t.id())).append(": ").append(t.ops());
        }
        return sb.toString();
    }
}
