package org.terndb.storage.masstree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Bad arguments fail fast with a message that names the problem. */
class MasstreeBadInputTest {
  private final Masstree<String> tree = new Masstree<>();
  private final byte[] key = {1, 2, 3};

  private static void rejects(String message, Executable call) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
    assertEquals(message, e.getMessage());
  }

  @Test
  void nullKeyIsRejectedByEveryOperation() {
    rejects("key must not be null", () -> tree.get(null));
    rejects("key must not be null", () -> tree.get(null, (n, v) -> {}));
    rejects("key must not be null", () -> tree.putIfAbsent(null, "v"));
    rejects("key must not be null", () -> tree.putIfAbsent(null, "v", null));
    rejects("key must not be null", () -> tree.put(null, "v"));
    rejects("key must not be null", () -> tree.remove(null));
    rejects("key must not be null", () -> tree.remove(null, "v", null));
  }

  @Test
  void nullValueIsRejected() {
    rejects("value must not be null", () -> tree.putIfAbsent(key, null));
    rejects("value must not be null", () -> tree.putIfAbsent(key, null, null));
    rejects("value must not be null", () -> tree.put(key, null));
    rejects("expected value must not be null", () -> tree.remove(key, null, null));
    assertEquals(0, tree.size());
  }

  @Test
  void nullVisitorIsRejected() {
    rejects("visitor must not be null",
        () -> tree.scan(null, true, null, true, false, 0, null, null));
  }

  @Test
  void invertedScanBoundsAreRejected() {
    rejects("scan bounds inverted: lo > hi",
        () -> tree.scan(new byte[] {2}, true, new byte[] {1}, true, false, 0, (k, l, v) -> true,
            null));
    rejects("scan bounds inverted: lo > hi",
        () -> tree.scan(new byte[] {1, 0}, false, new byte[] {1}, false, true, 0,
            (k, l, v) -> true, null));
  }

  @Test
  void equalBoundsWithAnExclusiveSideAreAnEmptyRangeNotAnError() {
    tree.put(key, "v");
    assertEquals(0, tree.scan(key, true, key, false, false, 0, (k, l, v) -> true, null));
    assertEquals(0, tree.scan(key, false, key, true, true, 0, (k, l, v) -> true, null));
    assertEquals(1, tree.scan(key, true, key, true, false, 0, (k, l, v) -> true, null));
  }
}
