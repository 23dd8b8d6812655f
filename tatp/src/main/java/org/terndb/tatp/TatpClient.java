package org.terndb.tatp;

import java.sql.SQLException;

/**
 * The seven TATP transactions as a JDBC terminal issues them: the specification's SQL ({@link JdbcTransactions}) or
 * calls of stored procedures ({@link ProcTransactions}). Each method runs one attempt on a connection with auto-commit
 * off and returns true when the transaction succeeds, false when it fails by the specification's design (no row
 * found or changed, a duplicate key); the caller commits or rolls back and retries conflicts.
 */
interface TatpClient extends AutoCloseable {

    boolean getSubscriberData(int id) throws SQLException;

    boolean getNewDestination(int id, int type, int startTime, int endTime) throws SQLException;

    boolean getAccessData(int id, int type) throws SQLException;

    boolean updateSubscriberData(int id, int bit, int type, int dataA) throws SQLException;

    boolean updateLocation(String number, long location) throws SQLException;

    boolean insertCallForwarding(String number, int type, int startTime, int endTime, String numberx)
            throws SQLException;

    boolean deleteCallForwarding(String number, int type, int startTime) throws SQLException;

    /** Runs one attempt of {@code txn} with the drawn {@code in}. */
    default boolean run(TatpTxn txn, TatpInputs in) throws SQLException {
        return switch (txn) {
            case GET_SUBSCRIBER_DATA -> getSubscriberData(in.subscriber);
            case GET_NEW_DESTINATION -> getNewDestination(in.subscriber, in.type, in.startTime, in.endTime);
            case GET_ACCESS_DATA -> getAccessData(in.subscriber, in.type);
            case UPDATE_SUBSCRIBER_DATA -> updateSubscriberData(in.subscriber, in.bit, in.type, in.dataA);
            case UPDATE_LOCATION -> updateLocation(in.subscriberNumber, in.location);
            case INSERT_CALL_FORWARDING -> insertCallForwarding(in.subscriberNumber, in.type, in.startTime,
                    in.endTime, in.number);
            case DELETE_CALL_FORWARDING -> deleteCallForwarding(in.subscriberNumber, in.type, in.startTime);
        };
    }

    /** Closes the statements (not the connection). */
    @Override
    void close() throws SQLException;
}
