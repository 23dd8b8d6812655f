package org.terndb.txn.ermia;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.mvcc.LedgerBank;
import org.terndb.txn.silo.BankSmoke;

/** Four threads of transfers, ledger inserts and deletes, and audits under ERMIA. */
class ErmiaBankSmokeTest {

    @Test
    void transfersAndAuditsKeepTheTotal() throws Exception {
        try (ErmiaConcurrencyControl cc = new ErmiaConcurrencyControl(TxnOptions.defaults())) {
            BankSmoke.run(cc, 4, 4, 3_000);
        }
    }

    @Test
    void ledgerInsertsDeletesAndScansKeepTheTotalAndCollectGarbage() throws Exception {
        try (ErmiaConcurrencyControl cc = new ErmiaConcurrencyControl(TxnOptions.defaults())) {
            long garbage = LedgerBank.run(cc, 4, 4, 3_000);
            assertTrue(garbage <= 8, "versions alive beyond one per row: " + garbage);
        }
    }
}
