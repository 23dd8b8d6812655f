package org.terndb.txn;

/**
 * New values for some columns of a row, applied to whatever row is current when the write is installed: the
 * payload of a partial blind write ({@link Transaction#updateBlind(Table, byte[], RowPatch)}). The transaction
 * never reads the row; the protocol applies the patch to the record's current row at its commit point (under
 * the record's lock), so the installed row is the row it replaces with these columns changed.
 *
 * <p>Implemented over the row layout by the layer that owns it (the executor's row codec). Contract:
 * <ul>
 *   <li>{@link #apply} is a pure function of its argument: it reads nothing else that can change, never fails
 *       for a row of the table (values are checked when the patch is made), and returns a new array.</li>
 *   <li>It changes no primary-key column and no column of a secondary index of the table, so index entries stay
 *       valid without the old row.</li>
 *   <li>{@link #columnMask()} names the columns it sets: bit {@code c} for column ordinal {@code c}, so only
 *       tables whose patched columns have ordinals below 64 can be patched. Write-omission protocols compare masks:
 *       a blind write may be omitted only in front of a write that sets at least its columns.</li>
 * </ul>
 * A patch is held by the transaction until it ends and is called on the transaction's own thread.
 */
public interface RowPatch {

    /** The mask of a write that replaces the whole row (every column). */
    long ALL_COLUMNS = -1L;

    /** Bit {@code c} set for each column {@code c} the patch sets; never 0. */
    long columnMask();

    /** The row {@code current} with the patched columns replaced; a new array, {@code current} is unchanged. */
    byte[] apply(byte[] current);

    /** True if a write of columns {@code covering} replaces every column of a write of columns {@code covered}. */
    static boolean covers(long covering, long covered) {
        return (covering & covered) == covered;
    }
}
