package org.terndb.tatp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.terndb.harness.JdbcConnections;

/**
 * The seven TATP transactions as the specification's SQL (v1.0, section 3), one {@link PreparedStatement} per
 * statement, prepared once per connection ({@code --mode jdbc}, on TernDB, H2 and HSQLDB alike).
 */
final class JdbcTransactions implements TatpClient {
    private final List<PreparedStatement> all = new ArrayList<>();

    private final PreparedStatement subscriber;
    private final PreparedStatement newDestination;
    private final PreparedStatement accessData;
    private final PreparedStatement updateBit;
    private final PreparedStatement updateDataA;
    private final PreparedStatement updateLocation;
    private final PreparedStatement subscriberOfNumber;
    private final PreparedStatement facilityTypes;
    private final PreparedStatement insertForwarding;
    private final PreparedStatement deleteForwarding;

    /** A digest of what the transactions return, so results are read and kept. */
    long outputDigest;

    JdbcTransactions(Connection c) throws SQLException {
        subscriber = prepare(c, "SELECT S_ID, SUB_NBR, BIT_1, BIT_2, BIT_3, BIT_4, BIT_5, BIT_6, BIT_7, BIT_8, BIT_9,"
                + " BIT_10, HEX_1, HEX_2, HEX_3, HEX_4, HEX_5, HEX_6, HEX_7, HEX_8, HEX_9, HEX_10, BYTE2_1, BYTE2_2,"
                + " BYTE2_3, BYTE2_4, BYTE2_5, BYTE2_6, BYTE2_7, BYTE2_8, BYTE2_9, BYTE2_10, MSC_LOCATION,"
                + " VLR_LOCATION FROM SUBSCRIBER WHERE S_ID = ?");
        newDestination = prepare(c, "SELECT CF.NUMBERX FROM SPECIAL_FACILITY SF, CALL_FORWARDING CF"
                + " WHERE SF.S_ID = ? AND SF.SF_TYPE = ? AND SF.IS_ACTIVE = 1 AND CF.S_ID = SF.S_ID"
                + " AND CF.SF_TYPE = SF.SF_TYPE AND CF.START_TIME <= ? AND ? < CF.END_TIME");
        accessData = prepare(c, "SELECT DATA1, DATA2, DATA3, DATA4 FROM ACCESS_INFO WHERE S_ID = ? AND AI_TYPE = ?");
        updateBit = prepare(c, "UPDATE SUBSCRIBER SET BIT_1 = ? WHERE S_ID = ?");
        updateDataA = prepare(c, "UPDATE SPECIAL_FACILITY SET DATA_A = ? WHERE S_ID = ? AND SF_TYPE = ?");
        updateLocation = prepare(c, "UPDATE SUBSCRIBER SET VLR_LOCATION = ? WHERE SUB_NBR = ?");
        subscriberOfNumber = prepare(c, "SELECT S_ID FROM SUBSCRIBER WHERE SUB_NBR = ?");
        facilityTypes = prepare(c, "SELECT SF_TYPE FROM SPECIAL_FACILITY WHERE S_ID = ?");
        insertForwarding = prepare(c, "INSERT INTO CALL_FORWARDING (S_ID, SF_TYPE, START_TIME, END_TIME, NUMBERX)"
                + " VALUES (?, ?, ?, ?, ?)");
        deleteForwarding = prepare(c, "DELETE FROM CALL_FORWARDING WHERE S_ID = ? AND SF_TYPE = ? AND START_TIME = ?");
    }

    private PreparedStatement prepare(Connection c, String sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        all.add(ps);
        return ps;
    }

    @Override
    public boolean getSubscriberData(int id) throws SQLException {
        subscriber.setInt(1, id);
        try (ResultSet rs = subscriber.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("subscriber " + id + " is missing", "02000");
            }
            outputDigest += rs.getInt(3) + rs.getLong(33) + rs.getLong(34);
            return true;
        }
    }

    @Override
    public boolean getNewDestination(int id, int type, int startTime, int endTime) throws SQLException {
        newDestination.setInt(1, id);
        newDestination.setInt(2, type);
        newDestination.setInt(3, startTime);
        newDestination.setInt(4, endTime);
        boolean found = false;
        try (ResultSet rs = newDestination.executeQuery()) {
            while (rs.next()) {
                outputDigest += rs.getString(1).length();
                found = true;
            }
        }
        return found;
    }

    @Override
    public boolean getAccessData(int id, int type) throws SQLException {
        accessData.setInt(1, id);
        accessData.setInt(2, type);
        try (ResultSet rs = accessData.executeQuery()) {
            if (!rs.next()) {
                return false;
            }
            outputDigest += rs.getInt(1) + rs.getInt(2) + rs.getString(3).length() + rs.getString(4).length();
            return true;
        }
    }

    @Override
    public boolean updateSubscriberData(int id, int bit, int type, int dataA) throws SQLException {
        updateBit.setInt(1, bit);
        updateBit.setInt(2, id);
        updateBit.executeUpdate();
        updateDataA.setInt(1, dataA);
        updateDataA.setInt(2, id);
        updateDataA.setInt(3, type);
        return updateDataA.executeUpdate() == 1;
    }

    @Override
    public boolean updateLocation(String number, long location) throws SQLException {
        updateLocation.setLong(1, location);
        updateLocation.setString(2, number);
        if (updateLocation.executeUpdate() != 1) {
            throw new SQLException("no subscriber has SUB_NBR " + number, "02000");
        }
        return true;
    }

    private int subscriberOf(String number) throws SQLException {
        subscriberOfNumber.setString(1, number);
        try (ResultSet rs = subscriberOfNumber.executeQuery()) {
            if (!rs.next()) {
                throw new SQLException("no subscriber has SUB_NBR " + number, "02000");
            }
            return rs.getInt(1);
        }
    }

    @Override
    public boolean insertCallForwarding(String number, int type, int startTime, int endTime, String numberx)
            throws SQLException {
        int id = subscriberOf(number);
        facilityTypes.setInt(1, id);
        boolean hasType = false;
        try (ResultSet rs = facilityTypes.executeQuery()) {
            while (rs.next()) {
                hasType |= rs.getInt(1) == type;
            }
        }
        if (!hasType) {
            return false;   // the foreign key to SPECIAL_FACILITY would reject the row
        }
        insertForwarding.setInt(1, id);
        insertForwarding.setInt(2, type);
        insertForwarding.setInt(3, startTime);
        insertForwarding.setInt(4, endTime);
        insertForwarding.setString(5, numberx);
        try {
            insertForwarding.executeUpdate();
            return true;
        } catch (SQLException e) {
            if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                return false;   // integrity constraint violation: the row exists
            }
            throw e;
        }
    }

    @Override
    public boolean deleteCallForwarding(String number, int type, int startTime) throws SQLException {
        int id = subscriberOf(number);
        deleteForwarding.setInt(1, id);
        deleteForwarding.setInt(2, type);
        deleteForwarding.setInt(3, startTime);
        return deleteForwarding.executeUpdate() == 1;
    }

    @Override
    public void close() throws SQLException {
        JdbcConnections.closeAll(all);
    }
}
