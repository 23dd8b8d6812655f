package org.terndb.txn;

/**
 * An insert or update would give a unique secondary index a second row with the same key. Nothing of the
 * failed operation was written; the transaction stays usable. (A duplicate primary key on insert is reported
 * by {@link Transaction#insert} returning false instead, the cheap path loaders and benchmarks rely on.)
 */
public final class DuplicateKeyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String indexName;

    public DuplicateKeyException(String indexName) {
        super("duplicate key in unique index " + indexName);
        this.indexName = indexName;
    }

    public String indexName() {
        return indexName;
    }
}
