package org.terndb.tatp;

import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.RowBuilder;
import org.terndb.storage.codec.RowCodec;
import org.terndb.txn.Index;
import org.terndb.txn.RowVisitor;
import org.terndb.txn.Table;
import org.terndb.txn.Transaction;

/**
 * The seven TATP transactions (specification v1.0, section 3) inside one transaction of a protocol
 * ({@code --mode direct}), over the column groups of {@link TatpRecord}. Each method performs one attempt and returns
 * true when the transaction succeeds, or false when it fails by the specification's design (no such row, a
 * duplicate key); the caller commits, or rolls back and counts the failure, and retries conflict aborts.
 *
 * <p>The ingestion writes are blind: UPDATE_LOCATION finds S_ID through the SUB_NBR index (a read of the
 * SUBSCRIBER record, which nobody writes) and overwrites the (S_ID, VLR_LOCATION) record with
 * {@link Transaction#updateBlind}; UPDATE_SUBSCRIBER_DATA overwrites (S_ID, BIT_1) and (S_ID, SF_TYPE, DATA_A) the
 * same way. None of these records has a secondary index and none is read first, so the protocol sees blind
 * writes, which write-omission protocols (SSE) may omit.
 *
 * <p>One instance per thread: it reuses its key and row builders.
 */
final class TatpLogic {
    private static final RowCodec SUBSCRIBER = TatpRecord.SUBSCRIBER.rows();
    private static final RowCodec BIT = TatpRecord.SUBSCRIBER_BIT_1.rows();
    private static final RowCodec VLR = TatpRecord.SUBSCRIBER_VLR_LOCATION.rows();
    private static final RowCodec AI = TatpRecord.ACCESS_INFO.rows();
    private static final RowCodec SF = TatpRecord.SPECIAL_FACILITY.rows();
    private static final RowCodec SF_DATA_A = TatpRecord.SPECIAL_FACILITY_DATA_A.rows();
    private static final RowCodec CF = TatpRecord.CALL_FORWARDING.rows();
    private static final int SUBSCRIBER_ID = TatpRecord.SUBSCRIBER.position(TatpColumns.S_ID);
    private static final int IS_ACTIVE = TatpRecord.SPECIAL_FACILITY.position(TatpColumns.IS_ACTIVE);
    private static final int SF_TYPE = TatpRecord.SPECIAL_FACILITY.position(TatpColumns.SF_TYPE);
    private static final int MSC_LOCATION = TatpRecord.SUBSCRIBER.position(TatpColumns.MSC_LOCATION);

    private final Table subscriber;
    private final Table subscriberBit;
    private final Table subscriberLocation;
    private final Table accessInfo;
    private final Table specialFacility;
    private final Table specialFacilityData;
    private final Table callForwarding;
    private final Index byNumber;

    private final KeyBuilder subscriberKey = TatpRecord.SUBSCRIBER.key().newBuilder();
    private final KeyBuilder accessKey = TatpRecord.ACCESS_INFO.key().newBuilder();
    private final KeyBuilder facilityKey = TatpRecord.SPECIAL_FACILITY.key().newBuilder();
    private final KeyBuilder forwardingKey = TatpRecord.CALL_FORWARDING.key().newBuilder();
    private final KeyBuilder numberKey = TatpDatabase.NUMBER_KEY.newBuilder();
    private final RowBuilder bitRow = BIT.newBuilder();
    private final RowBuilder locationRow = VLR.newBuilder();
    private final RowBuilder dataRow = SF_DATA_A.newBuilder();
    private final RowBuilder forwardingRow = CF.newBuilder();

    /**
     * A digest of what the transactions return to the client, so the work that produces it is done and kept; tests
     * read it, nobody else.
     */
    long outputDigest;

    /** GET_NEW_DESTINATION's scan: the end time asked for, and the numbers found. */
    private int askedEndTime;
    private int destinations;
    private final RowVisitor destination = (primaryKey, row) -> {
        if (CF.getInt(row, TatpColumns.END_TIME) > askedEndTime) {
            destinations++;
            outputDigest += CF.stringLength(row, TatpColumns.NUMBERX);
        }
        return true;
    };
    /** INSERT_CALL_FORWARDING's scan: the subscriber's SF_TYPEs as bits 1..4. */
    private int facilityTypes;
    private final RowVisitor facilityType = (primaryKey, row) -> {
        facilityTypes |= 1 << SF.getInt(row, SF_TYPE);
        return true;
    };

    TatpLogic(TatpDatabase db) {
        subscriber = db.table(TatpRecord.SUBSCRIBER);
        subscriberBit = db.table(TatpRecord.SUBSCRIBER_BIT_1);
        subscriberLocation = db.table(TatpRecord.SUBSCRIBER_VLR_LOCATION);
        accessInfo = db.table(TatpRecord.ACCESS_INFO);
        specialFacility = db.table(TatpRecord.SPECIAL_FACILITY);
        specialFacilityData = db.table(TatpRecord.SPECIAL_FACILITY_DATA_A);
        callForwarding = db.table(TatpRecord.CALL_FORWARDING);
        byNumber = db.byNumber();
    }

    /** Runs one attempt of {@code txn} with the drawn {@code in}. */
    boolean run(TatpTxn txn, Transaction t, TatpInputs in) {
        return switch (txn) {
            case GET_SUBSCRIBER_DATA -> getSubscriberData(t, in.subscriber);
            case GET_NEW_DESTINATION -> getNewDestination(t, in.subscriber, in.type, in.startTime, in.endTime);
            case GET_ACCESS_DATA -> getAccessData(t, in.subscriber, in.type);
            case UPDATE_SUBSCRIBER_DATA -> updateSubscriberData(t, in.subscriber, in.bit, in.type, in.dataA);
            case UPDATE_LOCATION -> updateLocation(t, in.subscriberNumber, in.location);
            case INSERT_CALL_FORWARDING -> insertCallForwarding(t, in.subscriberNumber, in.type, in.startTime,
                    in.endTime, in.number);
            case DELETE_CALL_FORWARDING -> deleteCallForwarding(t, in.subscriberNumber, in.type, in.startTime);
        };
    }

    private byte[] subscriber(int id) {
        return subscriberKey.reset().addInt(id).toKey();
    }

    /** {@code SELECT * FROM SUBSCRIBER WHERE S_ID = ?}: the three records of the row. Always succeeds. */
    boolean getSubscriberData(Transaction t, int id) {
        byte[] key = subscriber(id);
        byte[] row = t.read(subscriber, key);
        byte[] bit = t.read(subscriberBit, key);
        byte[] location = t.read(subscriberLocation, key);
        if (row == null || bit == null || location == null) {
            throw new IllegalStateException("subscriber " + id + " is missing (or one of its column groups is)");
        }
        outputDigest += SUBSCRIBER.getLong(row, MSC_LOCATION)
                + BIT.getInt(bit, 1) + VLR.getLong(location, 1);
        return true;
    }

    /**
     * {@code SELECT cf.NUMBERX FROM SPECIAL_FACILITY sf, CALL_FORWARDING cf WHERE sf.S_ID = ? AND sf.SF_TYPE = ?
     * AND sf.IS_ACTIVE = 1 AND cf.S_ID = sf.S_ID AND cf.SF_TYPE = sf.SF_TYPE AND cf.START_TIME <= ? AND ? <
     * cf.END_TIME}: fails when no row qualifies.
     */
    boolean getNewDestination(Transaction t, int id, int type, int startTime, int endTime) {
        byte[] sf = t.read(specialFacility, facilityKey.reset().addInt(id).addInt(type).toKey());
        if (sf == null || SF.getInt(sf, IS_ACTIVE) != 1) {
            return false;
        }
        byte[] lo = forwardingKey.reset().addInt(id).addInt(type).toKey();
        byte[] hi = forwardingKey.reset().addInt(id).addInt(type).addInt(startTime).toKey();
        askedEndTime = endTime;
        destinations = 0;
        t.scan(callForwarding.primary(), lo, true, hi, true, false, 0, destination);
        return destinations > 0;
    }

    /** {@code SELECT DATA1, DATA2, DATA3, DATA4 FROM ACCESS_INFO WHERE S_ID = ? AND AI_TYPE = ?}: fails if none. */
    boolean getAccessData(Transaction t, int id, int type) {
        byte[] row = t.read(accessInfo, accessKey.reset().addInt(id).addInt(type).toKey());
        if (row == null) {
            return false;
        }
        outputDigest += AI.getInt(row, TatpColumns.DATA1) + AI.getInt(row, TatpColumns.DATA2)
                + AI.stringLength(row, TatpColumns.DATA3) + AI.stringLength(row, TatpColumns.DATA4);
        return true;
    }

    /**
     * {@code UPDATE SUBSCRIBER SET BIT_1 = ? WHERE S_ID = ?; UPDATE SPECIAL_FACILITY SET DATA_A = ? WHERE S_ID = ?
     * AND SF_TYPE = ?}, both blind; fails (and is rolled back) when the subscriber has no such facility.
     */
    boolean updateSubscriberData(Transaction t, int id, int bit, int type, int dataA) {
        if (!t.updateBlind(subscriberBit, subscriber(id), bitRow.reset().setInt(0, id).setInt(1, bit).build())) {
            throw new IllegalStateException("subscriber " + id + " has no BIT_1 record");
        }
        byte[] key = facilityKey.reset().addInt(id).addInt(type).toKey();
        return t.updateBlind(specialFacilityData, key,
                dataRow.reset().setInt(0, id).setInt(1, type).setInt(2, dataA).build());
    }

    /** The S_ID of a SUB_NBR, through the unique index. */
    private int subscriberOf(Transaction t, String number) {
        byte[] row = t.read(byNumber, numberKey.reset().addString(number).toKey());
        if (row == null) {
            throw new IllegalStateException("no subscriber has SUB_NBR " + number);
        }
        return SUBSCRIBER.getInt(row, SUBSCRIBER_ID);
    }

    /** {@code UPDATE SUBSCRIBER SET VLR_LOCATION = ? WHERE SUB_NBR = ?}, blind. Always succeeds. */
    boolean updateLocation(Transaction t, String number, long location) {
        int id = subscriberOf(t, number);
        if (!t.updateBlind(subscriberLocation, subscriber(id),
                locationRow.reset().setInt(0, id).setLong(1, location).build())) {
            throw new IllegalStateException("subscriber " + id + " has no VLR_LOCATION record");
        }
        return true;
    }

    /**
     * {@code SELECT S_ID FROM SUBSCRIBER WHERE SUB_NBR = ?; SELECT SF_TYPE FROM SPECIAL_FACILITY WHERE S_ID = ?;
     * INSERT INTO CALL_FORWARDING VALUES (?, ?, ?, ?, ?)}: fails when the subscriber has no facility of that type
     * (the foreign key) or the row exists.
     */
    boolean insertCallForwarding(Transaction t, String number, int type, int startTime, int endTime, String numberx) {
        int id = subscriberOf(t, number);
        byte[] lo = facilityKey.reset().addInt(id).toKey();
        facilityTypes = 0;
        t.scan(specialFacility.primary(), lo, true, facilityKey.toPrefixSuccessor(), false, false, 0, facilityType);
        if ((facilityTypes & 1 << type) == 0) {
            return false;
        }
        byte[] row = forwardingRow.reset().setInt(TatpColumns.CF_S_ID, id).setInt(TatpColumns.CF_SF_TYPE, type)
                .setInt(TatpColumns.START_TIME, startTime).setInt(TatpColumns.END_TIME, endTime)
                .setString(TatpColumns.NUMBERX, numberx).build();
        return t.insert(callForwarding, forwardingKey.reset().addInt(id).addInt(type).addInt(startTime).toKey(), row);
    }

    /**
     * {@code SELECT S_ID FROM SUBSCRIBER WHERE SUB_NBR = ?; DELETE FROM CALL_FORWARDING WHERE S_ID = ? AND SF_TYPE = ?
     * AND START_TIME = ?}: fails when there is no such row.
     */
    boolean deleteCallForwarding(Transaction t, String number, int type, int startTime) {
        int id = subscriberOf(t, number);
        return t.delete(callForwarding, forwardingKey.reset().addInt(id).addInt(type).addInt(startTime).toKey());
    }
}
