package org.terndb.txn;

/**
 * The commit log cannot make writes durable any more (disk full, permission, a failed fsync): thrown by a
 * commit that writes, before anything is installed, or after installing if the failure came while it waited for
 * durability (then the commit is not acknowledged and may be lost by a crash). Reads keep working; nothing
 * acknowledged before the failure is lost.
 */
public class DurabilityException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public DurabilityException(String message, Throwable cause) {
        super(message, cause);
    }
}
