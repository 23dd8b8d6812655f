package org.terndb.txn;

/**
 * Thrown by any {@link Transaction} operation or by {@link Transaction#commit()} when the protocol aborts the
 * transaction. When it is thrown the transaction has already been rolled back: nothing it wrote is visible,
 * and the caller may retry with a new {@link Worker#begin()}.
 *
 * <p>Aborts are control flow on hot paths, so the exception carries no stack trace.
 */
public final class TransactionAbortedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final AbortReason reason;

    public TransactionAbortedException(AbortReason reason, String detail) {
        super(reason + (detail == null ? "" : ": " + detail), null, false, false);
        this.reason = reason;
    }

    public AbortReason reason() {
        return reason;
    }
}
