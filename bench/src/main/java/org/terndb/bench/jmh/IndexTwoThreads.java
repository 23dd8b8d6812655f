package org.terndb.bench.jmh;

import org.openjdk.jmh.annotations.Threads;

/** {@link IndexOperations} on two threads sharing one index. */
@Threads(2)
public class IndexTwoThreads extends IndexOperations {
}
