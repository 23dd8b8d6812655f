/**
 * {@code bin/tern compare tpcc|tatp}: one benchmark's JDBC mode run with the same client code, terminals and duration
 * against TernDB and rival embedded databases in one invocation. {@link org.terndb.harness.compare.CompareTarget}
 * names a database and its in-memory URL; {@link org.terndb.harness.compare.Comparison} runs the targets in order,
 * each through the benchmark's own command in a JVM of its own ({@link org.terndb.harness.compare.ChildJvm}), and
 * prints the table of tps and TernDB/rival ratios, or the JSON fields {@code <key>_tps} and {@code <key>_ratio}. The
 * benchmark-specific part (options, loading, the run itself) stays in the benchmark's module.
 */
package org.terndb.harness.compare;
