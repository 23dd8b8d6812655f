package org.terndb.storage.masstree;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/** Test helpers: the reference model (a TreeMap in unsigned byte order) and scan collection. */
final class TreeModel {
  private TreeModel() {}

  static <V> TreeMap<byte[], V> newModel() {
    return new TreeMap<>(Arrays::compareUnsigned);
  }

  /** What a scan should visit, computed from the model. */
  static <V> List<Map.Entry<byte[], V>> expectedScan(NavigableMap<byte[], V> model, byte[] lo,
      boolean loIncl, byte[] hi, boolean hiIncl, boolean reverse, int limit, int stopAfter) {
    NavigableMap<byte[], V> range = model;
    if (lo != null && hi != null) {
      int c = Arrays.compareUnsigned(lo, hi);
      if (c > 0 || (c == 0 && !(loIncl && hiIncl))) {
        return List.of();
      }
      range = model.subMap(lo, loIncl, hi, hiIncl);
    } else if (lo != null) {
      range = model.tailMap(lo, loIncl);
    } else if (hi != null) {
      range = model.headMap(hi, hiIncl);
    }
    if (reverse) {
      range = range.descendingMap();
    }
    int max = limit <= 0 ? Integer.MAX_VALUE : limit;
    if (stopAfter > 0) {
      max = Math.min(max, stopAfter);
    }
    List<Map.Entry<byte[], V>> out = new ArrayList<>();
    for (Map.Entry<byte[], V> e : range.entrySet()) {
      if (out.size() == max) {
        break;
      }
      out.add(Map.entry(e.getKey(), e.getValue()));
    }
    return out;
  }

  /** Runs a scan, copying each visited key; {@code stopAfter > 0} makes the visitor stop there. */
  static <V> List<Map.Entry<byte[], V>> scan(Masstree<V> tree, byte[] lo, boolean loIncl,
      byte[] hi, boolean hiIncl, boolean reverse, int limit, int stopAfter) {
    List<Map.Entry<byte[], V>> out = new ArrayList<>();
    int n = tree.scan(lo, loIncl, hi, hiIncl, reverse, limit, (k, len, v) -> {
      out.add(Map.entry(Arrays.copyOf(k, len), v));
      return stopAfter <= 0 || out.size() < stopAfter;
    }, null);
    if (n != out.size()) {
      throw new AssertionError("scan returned " + n + " but visited " + out.size());
    }
    return out;
  }

  static String describe(List<? extends Map.Entry<byte[], ?>> entries) {
    StringBuilder sb = new StringBuilder("[");
    for (Map.Entry<byte[], ?> e : entries) {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(hex(e.getKey())).append('=').append(e.getValue());
    }
    return sb.append(']').toString();
  }

  static String hex(byte[] k) {
    if (k == null) {
      return "null";
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < k.length && i < 40; i++) {
      sb.append(String.format("%02x", k[i] & 0xFF));
    }
    if (k.length > 40) {
      sb.append("...(").append(k.length).append(')');
    }
    return sb.toString();
  }

  static void assertSameEntries(List<? extends Map.Entry<byte[], ?>> expected,
      List<? extends Map.Entry<byte[], ?>> actual, String what) {
    boolean same = expected.size() == actual.size();
    for (int i = 0; same && i < expected.size(); i++) {
      same = Arrays.equals(expected.get(i).getKey(), actual.get(i).getKey())
          && expected.get(i).getValue().equals(actual.get(i).getValue());
    }
    if (!same) {
      throw new AssertionError(what + "\n expected " + describe(expected) + "\n actual   "
          + describe(actual));
    }
  }
}
