package org.terndb.storage.masstree;

import java.util.Arrays;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Test;

/**
 * Linearizability around structural changes (Lincheck stress). Every invocation starts from a
 * tree whose first border node is full (keys 0, 2, ..., 28) and whose right sibling holds only key
 * 30, so inserting an odd key splits the full node while removing 30 unlinks the right one; the
 * racing reads must walk right or descend again. (Random stress on a big tree rarely lands in
 * that window on two cores; here every invocation does.)
 */
@Param(name = "upper", gen = IntGen.class, conf = "15:30")
@Param(name = "gap", gen = IntGen.class, conf = "0:14")
public class MasstreeSplitLincheckTest {
  private final Masstree<Integer> tree = new Masstree<>();

  public MasstreeSplitLincheckTest() {
    for (int i = 0; i <= 30; i += 2) {
      tree.put(key(i), i);
    }
  }

  static byte[] key(int i) {
    return new byte[] {(byte) i};
  }

  /** Reads keys of the upper half, which a split moves to the new right sibling. */
  @Operation
  public Integer get(@Param(name = "upper") int k) {
    return tree.get(key(k));
  }

  /** Inserts an odd key below 30: the full left node must split. */
  @Operation
  public Integer insertIntoGap(@Param(name = "gap") int g) {
    return tree.putIfAbsent(key(2 * g + 1), 100 + 2 * g + 1);
  }

  @Operation
  public Integer remove(@Param(name = "upper") int k) {
    return tree.remove(key(k));
  }

  @Operation
  public String scanTop(boolean reverse) {
    StringBuilder sb = new StringBuilder();
    tree.scan(key(26), true, null, true, reverse, 3, (k, len, v) -> {
      sb.append(v).append(' ');
      return true;
    }, null);
    return sb.toString();
  }

  @Test
  void stressLinearizableAcrossSplitsAndUnlinks() {
    new StressOptions()
        .iterations(10)
        .invocationsPerIteration(500)
        .threads(2)
        .actorsPerThread(2)
        .actorsBefore(0)
        .actorsAfter(1)
        .sequentialSpecification(SequentialMap.class)
        .check(MasstreeSplitLincheckTest.class);
  }

  /** The sequential specification, filled like the tree. */
  public static class SequentialMap {
    private final NavigableMap<byte[], Integer> map = new TreeMap<>(Arrays::compareUnsigned);

    public SequentialMap() {
      for (int i = 0; i <= 30; i += 2) {
        map.put(key(i), i);
      }
    }

    public Integer get(int k) {
      return map.get(key(k));
    }

    public Integer insertIntoGap(int g) {
      return map.putIfAbsent(key(2 * g + 1), 100 + 2 * g + 1);
    }

    public Integer remove(int k) {
      return map.remove(key(k));
    }

    public String scanTop(boolean reverse) {
      NavigableMap<byte[], Integer> range = map.tailMap(key(26), true);
      StringBuilder sb = new StringBuilder();
      int n = 0;
      for (Map.Entry<byte[], Integer> e : (reverse ? range.descendingMap() : range).entrySet()) {
        if (n++ == 3) {
          break;
        }
        sb.append(e.getValue()).append(' ');
      }
      return sb.toString();
    }
  }
}
