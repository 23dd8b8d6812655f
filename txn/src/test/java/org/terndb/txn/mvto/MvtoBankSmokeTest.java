package org.terndb.txn.mvto;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.mvcc.LedgerBank;
import org.terndb.txn.silo.BankSmoke;

/** Four threads of transfers, ledger inserts, deletes, scans and audits under MVTO, with and without group commit. */
class MvtoBankSmokeTest {
    /** Short epochs: with group commit every transaction waits for the end of its epoch. */
    private static final TxnOptions SHORT_EPOCHS = TxnOptions.defaults().with("epoch_ms", "1");

    @Test
    void transfersAndAuditsKeepTheTotal() throws Exception {
        try (MvtoConcurrencyControl cc = MvtoConcurrencyControl.async(TxnOptions.defaults())) {
            BankSmoke.run(cc, 4, 4, 3_000);
        }
    }

    @Test
    void ledgerInsertsDeletesAndScansKeepTheTotalAndCollectGarbage() throws Exception {
        try (MvtoConcurrencyControl cc = MvtoConcurrencyControl.async(TxnOptions.defaults())) {
            long garbage = LedgerBank.run(cc, 4, 4, 3_000);
            assertTrue(garbage <= 8, "versions alive beyond one per row: " + garbage);
        }
    }

    @Test
    void withGroupCommitTransfersAndAuditsKeepTheTotal() throws Exception {
        try (MvtoConcurrencyControl cc = new MvtoConcurrencyControl(SHORT_EPOCHS)) {
            BankSmoke.run(cc, 4, 4, 300);
        }
    }

    @Test
    void withGroupCommitTheLedgerKeepsTheTotalAndCollectsGarbage() throws Exception {
        try (MvtoConcurrencyControl cc = new MvtoConcurrencyControl(SHORT_EPOCHS)) {
            long garbage = LedgerBank.run(cc, 4, 4, 300);
            assertTrue(garbage <= 8, "versions alive beyond one per row: " + garbage);
        }
    }
}
