package org.terndb.harness;

/**
 * A benchmark's transaction type, normally an enum constant: its position in the benchmark's list of types (which
 * indexes every per-type counter), the key of its {@code by_txn} JSON field and the name the specification uses.
 */
public interface TransactionType {

    /** Position among the benchmark's types, 0 to count - 1 (an enum's ordinal). */
    int ordinal();

    /** The JSON field name, e.g. {@code new_order}. */
    String key();

    /** The specification's name, e.g. {@code New-Order}. */
    String title();
}
