package org.terndb.txn.silo;

import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.AbstractConcurrencyControl;
import org.terndb.txn.common.AbstractWorker;
import org.terndb.txn.common.CommittedRow;
import org.terndb.txn.common.Record;

/**
 * Silo (Tu et al., SOSP'13): optimistic concurrency control with invisible reads, epoch-based TIDs and
 * node-set phantom protection. Options: {@code no_wait} (CCBench's NoWait at commit), {@code backoff},
 * {@code read_phase_extension_us}, {@code lock_timeout_ms}, {@code epoch_ms}.
 */
public class SiloConcurrencyControl extends AbstractConcurrencyControl {
    public static final String NAME = "silo";

    public SiloConcurrencyControl(TxnOptions options) {
        this(NAME, options);
    }

    /** For protocols built on Silo's commit (MOCC). */
    protected SiloConcurrencyControl(String name, TxnOptions options) {
        super(name, options);
    }

    @Override
    protected final Record newCommittedRecord(byte[] key, byte[] row) {
        if (row.length > Record.OVERWRITTEN_MAX) {
            return newRecord(key, TidWord.word(0, false), row); // never overwritten: shared as it is
        }
        // A short row may be overwritten in place (SiloTransaction#install): the record gets its own copy, allocated
        // right after it so that the two lie side by side.
        Record record = newRecord(key, TidWord.word(0, false), null);
        record.setRowPlain(row.clone());
        return record;
    }

    /** A record with this TID word: loaded rows and insert placeholders. Subclasses lay out richer records. */
    protected Record newRecord(byte[] key, long word, byte[] row) {
        return new Record(key, word, row);
    }

    /** Silo §4.4's stable read (word, a copy of the row, word) outside a transaction; the TID is the stamp. */
    @Override
    protected void readLatestCommitted(Record record, CommittedRow out) {
        for (int spins = 1; ; spins++) {
            long before = record.wordAcquire(); // acquire: the row load below cannot move above it
            if (!TidWord.isLocked(before)) {
                byte[] row = record.rowCopyAcquire(); // the word re-read below cannot move above the copy
                if (record.wordAcquire() == before) {
                    boolean gone = TidWord.isAbsent(before) || TidWord.isUnlinked(before);
                    out.set(gone ? null : row, TidWord.tid(before));
                    return;
                }
            }
            if ((spins & 63) == 0) {
                Thread.yield(); // a committer holds the record for its short install
            } else {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    protected AbstractWorker createWorker() {
        return new SiloWorker(this);
    }
}
