package org.terndb.bench.jmh;

import org.openjdk.jmh.annotations.Threads;

/** {@link IndexOperations} on one thread. */
@Threads(1)
public class IndexSingleThread extends IndexOperations {
}
