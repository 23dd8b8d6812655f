package org.terndb.storage.masstree;

/** Spin-then-yield waiting for the few places where a thread waits on another (2-core friendly). */
final class Backoff {
  private Backoff() {}

  static void pause(int spins) {
    if (spins < 32) {
      Thread.onSpinWait();
    } else {
      Thread.yield();
    }
  }
}
