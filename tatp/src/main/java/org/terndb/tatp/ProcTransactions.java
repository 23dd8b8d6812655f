package org.terndb.tatp;

import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.terndb.harness.JdbcConnections;

/**
 * The seven TATP transactions as TernDB stored procedures ({@code --mode proc}): {@link #DDL} creates one procedure
 * per transaction, named as the transaction, once at setup; a terminal runs a transaction as one {@code {call ...}}
 * through a {@link CallableStatement} prepared once per connection, then commits or rolls back.
 *
 * <p>Failures by the specification's design are reported through the last parameter of every procedure but
 * GET_SUBSCRIBER_DATA, {@code OUT p_ok INT}: 1 when the transaction succeeded, 0 when it failed (no row found or
 * changed, no SPECIAL_FACILITY of the type, the CALL_FORWARDING row exists). The caller then rolls the transaction
 * back (UPDATE_SUBSCRIBER_DATA's first UPDATE must not stay when its second finds no row) and counts a failure. A
 * status parameter rather than SIGNAL: a failure is an ordinary outcome (up to 85% of GET_NEW_DESTINATION), not an
 * error worth an exception. Two concurrent INSERT_CALL_FORWARDINGs of one new row can both pass the procedure's
 * existence check; the second then fails with 23505 (or a conflict, 40001, which is retried), and 23xxx counts as
 * a failure by design, as in {@link JdbcTransactions}. A subscriber or SUB_NBR that must exist and does not is
 * SIGNALled with SQLState 02000 and ends the run.
 *
 * <p>Names: procedure variables must not share a name with a column of their statements, hence the {@code p_}
 * (parameter) and {@code v_} (local) prefixes.
 */
final class ProcTransactions implements TatpClient {
    /** The CREATE PROCEDURE statements, in {@link TatpTxn} order. */
    static final List<String> DDL = List.of(
            """
            CREATE PROCEDURE GET_SUBSCRIBER_DATA (IN p_s_id INT)
            BEGIN
              SELECT S_ID, SUB_NBR, BIT_1, BIT_2, BIT_3, BIT_4, BIT_5, BIT_6, BIT_7, BIT_8, BIT_9, BIT_10,
                     HEX_1, HEX_2, HEX_3, HEX_4, HEX_5, HEX_6, HEX_7, HEX_8, HEX_9, HEX_10,
                     BYTE2_1, BYTE2_2, BYTE2_3, BYTE2_4, BYTE2_5, BYTE2_6, BYTE2_7, BYTE2_8, BYTE2_9, BYTE2_10,
                     MSC_LOCATION, VLR_LOCATION
                FROM SUBSCRIBER WHERE S_ID = p_s_id;
              IF ROW_COUNT() = 0 THEN
                SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'subscriber ' || p_s_id || ' is missing';
              END IF;
            END""",
            """
            CREATE PROCEDURE GET_NEW_DESTINATION (IN p_s_id INT, IN p_sf_type INT, IN p_start INT, IN p_end INT,
                                                  OUT p_ok INT)
            BEGIN
              SELECT CF.NUMBERX FROM SPECIAL_FACILITY SF, CALL_FORWARDING CF
               WHERE SF.S_ID = p_s_id AND SF.SF_TYPE = p_sf_type AND SF.IS_ACTIVE = 1 AND CF.S_ID = SF.S_ID
                 AND CF.SF_TYPE = SF.SF_TYPE AND CF.START_TIME <= p_start AND p_end < CF.END_TIME;
              SET p_ok = CASE WHEN ROW_COUNT() > 0 THEN 1 ELSE 0 END;
            END""",
            """
            CREATE PROCEDURE GET_ACCESS_DATA (IN p_s_id INT, IN p_ai_type INT, OUT p_data1 INT, OUT p_data2 INT,
                                              OUT p_data3 CHAR(3), OUT p_data4 CHAR(5), OUT p_ok INT)
            BEGIN
              SELECT DATA1, DATA2, DATA3, DATA4 INTO p_data1, p_data2, p_data3, p_data4
                FROM ACCESS_INFO WHERE S_ID = p_s_id AND AI_TYPE = p_ai_type;
              SET p_ok = ROW_COUNT();
            END""",
            """
            CREATE PROCEDURE UPDATE_SUBSCRIBER_DATA (IN p_s_id INT, IN p_bit INT, IN p_sf_type INT, IN p_data_a INT,
                                                     OUT p_ok INT)
            BEGIN
              UPDATE SUBSCRIBER SET BIT_1 = p_bit WHERE S_ID = p_s_id;
              IF ROW_COUNT() = 0 THEN
                SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'subscriber ' || p_s_id || ' is missing';
              END IF;
              UPDATE SPECIAL_FACILITY SET DATA_A = p_data_a WHERE S_ID = p_s_id AND SF_TYPE = p_sf_type;
              SET p_ok = ROW_COUNT();
            END""",
            """
            CREATE PROCEDURE UPDATE_LOCATION (IN p_sub_nbr VARCHAR(15), IN p_location BIGINT, OUT p_ok INT)
            BEGIN
              UPDATE SUBSCRIBER SET VLR_LOCATION = p_location WHERE SUB_NBR = p_sub_nbr;
              IF ROW_COUNT() = 0 THEN
                SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'no subscriber has SUB_NBR ' || p_sub_nbr;
              END IF;
              SET p_ok = 1;
            END""",
            """
            CREATE PROCEDURE INSERT_CALL_FORWARDING (IN p_sub_nbr VARCHAR(15), IN p_sf_type INT, IN p_start INT,
                                                     IN p_end INT, IN p_numberx VARCHAR(15), OUT p_ok INT)
            BEGIN
              DECLARE v_s_id INT;
              DECLARE v_has_type INT DEFAULT 0;
              DECLARE v_end INT;
              SELECT S_ID INTO v_s_id FROM SUBSCRIBER WHERE SUB_NBR = p_sub_nbr;
              IF ROW_COUNT() = 0 THEN
                SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'no subscriber has SUB_NBR ' || p_sub_nbr;
              END IF;
              FOR f AS SELECT SF_TYPE FROM SPECIAL_FACILITY WHERE S_ID = v_s_id DO
                IF f.SF_TYPE = p_sf_type THEN
                  SET v_has_type = 1;
                END IF;
              END FOR;
              SET p_ok = 0;
              IF v_has_type = 0 THEN
                RETURN;
              END IF;
              SELECT END_TIME INTO v_end FROM CALL_FORWARDING
               WHERE S_ID = v_s_id AND SF_TYPE = p_sf_type AND START_TIME = p_start;
              IF ROW_COUNT() = 1 THEN
                RETURN;
              END IF;
              INSERT INTO CALL_FORWARDING (S_ID, SF_TYPE, START_TIME, END_TIME, NUMBERX)
                VALUES (v_s_id, p_sf_type, p_start, p_end, p_numberx);
              SET p_ok = 1;
            END""",
            """
            CREATE PROCEDURE DELETE_CALL_FORWARDING (IN p_sub_nbr VARCHAR(15), IN p_sf_type INT, IN p_start INT,
                                                     OUT p_ok INT)
            BEGIN
              DECLARE v_s_id INT;
              SELECT S_ID INTO v_s_id FROM SUBSCRIBER WHERE SUB_NBR = p_sub_nbr;
              IF ROW_COUNT() = 0 THEN
                SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'no subscriber has SUB_NBR ' || p_sub_nbr;
              END IF;
              DELETE FROM CALL_FORWARDING WHERE S_ID = v_s_id AND SF_TYPE = p_sf_type AND START_TIME = p_start;
              SET p_ok = ROW_COUNT();
            END""");

    /** Creates the seven procedures (the schema must exist). */
    static void createProcedures(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String ddl : DDL) {
                s.execute(ddl);
            }
        }
        c.commit();
    }

    private final List<CallableStatement> all = new ArrayList<>();
    private final CallableStatement subscriber;
    private final CallableStatement newDestination;
    private final CallableStatement accessData;
    private final CallableStatement updateSubscriber;
    private final CallableStatement updateLocation;
    private final CallableStatement insertForwarding;
    private final CallableStatement deleteForwarding;

    /** A digest of what the transactions return, so results are read and kept. */
    long outputDigest;

    ProcTransactions(Connection c) throws SQLException {
        subscriber = prepare(c, TatpTxn.GET_SUBSCRIBER_DATA, 1, 0);
        newDestination = prepare(c, TatpTxn.GET_NEW_DESTINATION, 5, 5);
        accessData = prepare(c, TatpTxn.GET_ACCESS_DATA, 7, 7);
        accessData.registerOutParameter(3, Types.INTEGER);
        accessData.registerOutParameter(4, Types.INTEGER);
        accessData.registerOutParameter(5, Types.CHAR);
        accessData.registerOutParameter(6, Types.CHAR);
        updateSubscriber = prepare(c, TatpTxn.UPDATE_SUBSCRIBER_DATA, 5, 5);
        updateLocation = prepare(c, TatpTxn.UPDATE_LOCATION, 3, 3);
        insertForwarding = prepare(c, TatpTxn.INSERT_CALL_FORWARDING, 6, 6);
        deleteForwarding = prepare(c, TatpTxn.DELETE_CALL_FORWARDING, 4, 4);
    }

    /** {@code {call NAME(?, ...)}} with {@code parameters} markers; {@code ok} is the status parameter (0: none). */
    private CallableStatement prepare(Connection c, TatpTxn txn, int parameters, int ok) throws SQLException {
        StringBuilder sql = new StringBuilder("{call ").append(txn.name()).append('(');
        for (int i = 1; i <= parameters; i++) {
            sql.append(i == 1 ? "?" : ", ?");
        }
        CallableStatement cs = c.prepareCall(sql.append(")}").toString());
        all.add(cs);
        if (ok > 0) {
            cs.registerOutParameter(ok, Types.INTEGER);
        }
        return cs;
    }

    @Override
    public boolean getSubscriberData(int id) throws SQLException {
        subscriber.setInt(1, id);
        subscriber.execute();
        try (ResultSet rs = subscriber.getResultSet()) {
            if (rs == null || !rs.next()) {
                throw new SQLException("GET_SUBSCRIBER_DATA returned no row for subscriber " + id, "02000");
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
        newDestination.execute();
        try (ResultSet rs = newDestination.getResultSet()) {
            while (rs.next()) {
                outputDigest += rs.getString(1).length();
            }
        }
        return ok(newDestination, 5);
    }

    @Override
    public boolean getAccessData(int id, int type) throws SQLException {
        accessData.setInt(1, id);
        accessData.setInt(2, type);
        accessData.execute();
        if (!ok(accessData, 7)) {
            return false;
        }
        outputDigest += accessData.getInt(3) + accessData.getInt(4) + accessData.getString(5).length()
                + accessData.getString(6).length();
        return true;
    }

    @Override
    public boolean updateSubscriberData(int id, int bit, int type, int dataA) throws SQLException {
        updateSubscriber.setInt(1, id);
        updateSubscriber.setInt(2, bit);
        updateSubscriber.setInt(3, type);
        updateSubscriber.setInt(4, dataA);
        updateSubscriber.execute();
        return ok(updateSubscriber, 5);
    }

    @Override
    public boolean updateLocation(String number, long location) throws SQLException {
        updateLocation.setString(1, number);
        updateLocation.setLong(2, location);
        updateLocation.execute();
        return ok(updateLocation, 3);
    }

    @Override
    public boolean insertCallForwarding(String number, int type, int startTime, int endTime, String numberx)
            throws SQLException {
        insertForwarding.setString(1, number);
        insertForwarding.setInt(2, type);
        insertForwarding.setInt(3, startTime);
        insertForwarding.setInt(4, endTime);
        insertForwarding.setString(5, numberx);
        try {
            insertForwarding.execute();
        } catch (SQLException e) {
            if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                return false;   // inserted concurrently after this call's existence check
            }
            throw e;
        }
        return ok(insertForwarding, 6);
    }

    @Override
    public boolean deleteCallForwarding(String number, int type, int startTime) throws SQLException {
        deleteForwarding.setString(1, number);
        deleteForwarding.setInt(2, type);
        deleteForwarding.setInt(3, startTime);
        deleteForwarding.execute();
        return ok(deleteForwarding, 4);
    }

    private static boolean ok(CallableStatement cs, int parameter) throws SQLException {
        return cs.getInt(parameter) == 1;
    }

    @Override
    public void close() throws SQLException {
        JdbcConnections.closeAll(all);
    }
}
