package org.terndb.txn.si;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.terndb.txn.TxnOptions;
import org.terndb.txn.common.mvcc.LedgerBank;
import org.terndb.txn.silo.BankSmoke;

/** Four threads of transfers and audits: snapshot isolation never loses an update nor shows a torn audit. */
class SiBankSmokeTest {

    @Test
    void transfersAndAuditsKeepTheTotal() throws Exception {
        try (SiConcurrencyControl cc = new SiConcurrencyControl(TxnOptions.defaults())) {
            BankSmoke.run(cc, 4, 4, 3_000);
        }
    }

    @Test
    void ledgerInsertsDeletesAndScansKeepTheTotalAndCollectGarbage() throws Exception {
        try (SiConcurrencyControl cc = new SiConcurrencyControl(TxnOptions.defaults())) {
            long garbage = LedgerBank.run(cc, 4, 4, 3_000);
            assertTrue(garbage <= 8, "versions alive beyond one per row: " + garbage);
        }
    }
}
