/**
 * MOCC (Wang, Kimura, VLDB'16): Silo plus record temperature and read locks on hot records, in CCBench's
 * variant (seed 000 §3.3: reader/writer lock instead of MQL, lazy temperature reset by epoch).
 *
 * <p>{@link org.terndb.txn.mocc.MoccRecord} adds a reader/writer lock word ({@code writer:1 @ bit 32 |
 * readers:32}) and a temperature word ({@code resetEpoch:48 | temperature:16}) to Silo's TID word. Only the
 * write-lock holder sets the TID word's lock bit, so optimistic reads and validation work exactly as in Silo.
 * The protocol (temperature, canonical mode, commit) is described on {@code MoccTransaction}.
 */
package org.terndb.txn.mocc;
