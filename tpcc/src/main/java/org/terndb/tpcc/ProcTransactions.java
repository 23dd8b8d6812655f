package org.terndb.tpcc;

import java.math.BigDecimal;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import org.terndb.harness.JdbcConnections;

/**
 * The five TPC-C transactions as TernDB stored procedures ({@code --mode proc}): {@link #ddl} creates one procedure
 * per transaction once, after the schema; a terminal runs a transaction as one {@code {call ...}} on a connection in
 * auto-commit, so one call is one transaction. The statements are those of {@link JdbcTransactions}, in the
 * specification's order, moved into the database: no round trip per statement, no parsing or planning per call.
 *
 * <p>New-Order's unused item id (clause 2.4.2.3) is a {@code SIGNAL SQLSTATE '45001'}: the call rolls back and the
 * caller counts a user rollback ({@link #ITEM_NOT_VALID}). A Delivery whose oldest NEW_ORDER row a concurrent Delivery
 * took first signals 40001, which the caller retries like any conflict. Variables are named {@code p_} (parameters)
 * and {@code v_} (locals): a variable must not share a name with a column of its statements.
 */
final class ProcTransactions implements AutoCloseable {
    /** SQLState of New-Order's "Item number is not valid" rollback. */
    static final String ITEM_NOT_VALID = "45001";

    /** The most order lines of a New-Order (clause 2.4.1.3); the array parameters hold this many elements. */
    static final int MAX_LINES = 15;

    /** The CREATE PROCEDURE statements, in {@link TxnType} order. */
    static List<String> ddl() {
        StringJoiner distInfo = new StringJoiner(" ", "CASE p_d ", " END");
        for (int d = 1; d <= TpccScale.DISTRICTS; d++) {
            distInfo.add(String.format("WHEN %d THEN S_DIST_%02d", d, d));
        }
        return List.of("""
                CREATE PROCEDURE TPCC_NEW_ORDER (IN p_w INT, IN p_d INT, IN p_c INT, IN p_lines INT,
                    IN p_items INT ARRAY[15], IN p_supply INT ARRAY[15], IN p_qty INT ARRAY[15], IN p_all_local INT,
                    IN p_entry TIMESTAMP, OUT p_o_id INT, OUT p_total DECIMAL(12,2), OUT p_brand INT)
                BEGIN
                  DECLARE v_w_tax, v_d_tax, v_discount DECIMAL(4,4);
                  DECLARE v_c_last VARCHAR(16);
                  DECLARE v_credit CHAR(2);
                  DECLARE v_price DECIMAL(5,2);
                  DECLARE v_i_name VARCHAR(24);
                  DECLARE v_i_data, v_s_data VARCHAR(50);
                  DECLARE v_s_qty, v_o_id INT;
                  DECLARE v_dist CHAR(24);
                  DECLARE v_amount DECIMAL(6,2);
                  DECLARE v_sum DECIMAL(12,2) DEFAULT 0;
                  DECLARE i INT DEFAULT 1;
                  SELECT W_TAX INTO v_w_tax FROM WAREHOUSE WHERE W_ID = p_w;
                  UPDATE DISTRICT SET D_NEXT_O_ID = D_NEXT_O_ID + 1 WHERE D_W_ID = p_w AND D_ID = p_d;
                  SELECT D_TAX, D_NEXT_O_ID - 1 INTO v_d_tax, v_o_id FROM DISTRICT WHERE D_W_ID = p_w AND D_ID = p_d;
                  SELECT C_DISCOUNT, C_LAST, C_CREDIT INTO v_discount, v_c_last, v_credit FROM CUSTOMER
                   WHERE C_W_ID = p_w AND C_D_ID = p_d AND C_ID = p_c;
                  INSERT INTO ORDERS (O_ID, O_D_ID, O_W_ID, O_C_ID, O_ENTRY_D, O_CARRIER_ID, O_OL_CNT, O_ALL_LOCAL)
                    VALUES (v_o_id, p_d, p_w, p_c, p_entry, NULL, p_lines, p_all_local);
                  INSERT INTO NEW_ORDER (NO_O_ID, NO_D_ID, NO_W_ID) VALUES (v_o_id, p_d, p_w);
                  SET p_brand = 0;
                  WHILE i <= p_lines DO
                    SELECT I_PRICE, I_NAME, I_DATA INTO v_price, v_i_name, v_i_data FROM ITEM WHERE I_ID = p_items[i];
                    IF ROW_COUNT() = 0 THEN
                      SIGNAL SQLSTATE '45001' SET MESSAGE_TEXT = 'Item number is not valid: ' || p_items[i];
                    END IF;
                    SELECT S_QUANTITY, %s, S_DATA INTO v_s_qty, v_dist, v_s_data FROM STOCK
                     WHERE S_W_ID = p_supply[i] AND S_I_ID = p_items[i];
                    IF v_s_qty >= p_qty[i] + 10 THEN
                      SET v_s_qty = v_s_qty - p_qty[i];
                    ELSE
                      SET v_s_qty = v_s_qty - p_qty[i] + 91;
                    END IF;
                    UPDATE STOCK SET S_QUANTITY = v_s_qty, S_YTD = S_YTD + p_qty[i], S_ORDER_CNT = S_ORDER_CNT + 1,
                        S_REMOTE_CNT = S_REMOTE_CNT + CASE WHEN p_supply[i] = p_w THEN 0 ELSE 1 END
                     WHERE S_W_ID = p_supply[i] AND S_I_ID = p_items[i];
                    IF v_i_data LIKE '%%ORIGINAL%%' AND v_s_data LIKE '%%ORIGINAL%%' THEN
                      SET p_brand = p_brand + 1;
                    END IF;
                    SET v_amount = p_qty[i] * v_price;
                    SET v_sum = v_sum + v_amount;
                    INSERT INTO ORDER_LINE (OL_O_ID, OL_D_ID, OL_W_ID, OL_NUMBER, OL_I_ID, OL_SUPPLY_W_ID,
                        OL_DELIVERY_D, OL_QUANTITY, OL_AMOUNT, OL_DIST_INFO)
                      VALUES (v_o_id, p_d, p_w, i, p_items[i], p_supply[i], NULL, p_qty[i], v_amount, v_dist);
                    SET i = i + 1;
                  END WHILE;
                  SET p_o_id = v_o_id;
                  SET p_total = v_sum * (1 - v_discount) * (1 + v_w_tax + v_d_tax);
                END""".formatted(distInfo), """
                CREATE PROCEDURE TPCC_PAYMENT (IN p_w INT, IN p_d INT, IN p_cw INT, IN p_cd INT, IN p_c INT,
                    IN p_last VARCHAR(16), IN p_amount DECIMAL(6,2), IN p_date TIMESTAMP, OUT p_c_id INT,
                    OUT p_balance DECIMAL(12,2))
                BEGIN
                  DECLARE v_w_name, v_d_name VARCHAR(10);
                  DECLARE v_street_1, v_street_2, v_city VARCHAR(20);
                  DECLARE v_state CHAR(2);
                  DECLARE v_zip CHAR(9);
                  DECLARE v_c, v_n INT DEFAULT 0;
                  DECLARE v_ids INT ARRAY;
                  DECLARE v_first, v_last VARCHAR(16);
                  DECLARE v_credit CHAR(2);
                  DECLARE v_data VARCHAR(500);
                  UPDATE WAREHOUSE SET W_YTD = W_YTD + p_amount WHERE W_ID = p_w;
                  SELECT W_NAME, W_STREET_1, W_STREET_2, W_CITY, W_STATE, W_ZIP
                    INTO v_w_name, v_street_1, v_street_2, v_city, v_state, v_zip FROM WAREHOUSE WHERE W_ID = p_w;
                  UPDATE DISTRICT SET D_YTD = D_YTD + p_amount WHERE D_W_ID = p_w AND D_ID = p_d;
                  SELECT D_NAME, D_STREET_1, D_STREET_2, D_CITY, D_STATE, D_ZIP
                    INTO v_d_name, v_street_1, v_street_2, v_city, v_state, v_zip
                    FROM DISTRICT WHERE D_W_ID = p_w AND D_ID = p_d;
                  SET v_c = p_c;
                  IF v_c = 0 THEN
                    FOR r AS SELECT C_ID FROM CUSTOMER WHERE C_W_ID = p_cw AND C_D_ID = p_cd AND C_LAST = p_last
                             ORDER BY C_FIRST, C_ID DO
                      SET v_n = v_n + 1;
                      SET v_ids[v_n] = r.C_ID;
                    END FOR;
                    IF v_n = 0 THEN
                      SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'no customer named ' || p_last;
                    END IF;
                    SET v_c = v_ids[(v_n + 1) / 2];
                  END IF;
                  UPDATE CUSTOMER SET C_BALANCE = C_BALANCE - p_amount, C_YTD_PAYMENT = C_YTD_PAYMENT + p_amount,
                      C_PAYMENT_CNT = C_PAYMENT_CNT + 1
                   WHERE C_W_ID = p_cw AND C_D_ID = p_cd AND C_ID = v_c;
                  SELECT C_FIRST, C_LAST, C_CREDIT, C_BALANCE, C_DATA INTO v_first, v_last, v_credit, p_balance, v_data
                    FROM CUSTOMER WHERE C_W_ID = p_cw AND C_D_ID = p_cd AND C_ID = v_c;
                  IF v_credit = 'BC' THEN
                    SET v_data = SUBSTRING(v_c || ' ' || p_cd || ' ' || p_cw || ' ' || p_d || ' ' || p_w || ' '
                        || p_amount || ' | ' || v_data FROM 1 FOR 500);
                    UPDATE CUSTOMER SET C_DATA = v_data WHERE C_W_ID = p_cw AND C_D_ID = p_cd AND C_ID = v_c;
                  END IF;
                  INSERT INTO HISTORY (H_C_ID, H_C_D_ID, H_C_W_ID, H_D_ID, H_W_ID, H_DATE, H_AMOUNT, H_DATA)
                    VALUES (v_c, p_cd, p_cw, p_d, p_w, p_date, p_amount, v_w_name || '    ' || v_d_name);
                  SET p_c_id = v_c;
                END""", """
                CREATE PROCEDURE TPCC_ORDER_STATUS (IN p_w INT, IN p_d INT, IN p_c INT, IN p_last VARCHAR(16),
                    OUT p_c_id INT, OUT p_balance DECIMAL(12,2), OUT p_o_id INT, OUT p_carrier INT)
                BEGIN
                  DECLARE v_c, v_n INT DEFAULT 0;
                  DECLARE v_ids INT ARRAY;
                  DECLARE v_first, v_last VARCHAR(16);
                  DECLARE v_middle CHAR(2);
                  DECLARE v_entry TIMESTAMP;
                  SET v_c = p_c;
                  IF v_c = 0 THEN
                    FOR r AS SELECT C_ID FROM CUSTOMER WHERE C_W_ID = p_w AND C_D_ID = p_d AND C_LAST = p_last
                             ORDER BY C_FIRST, C_ID DO
                      SET v_n = v_n + 1;
                      SET v_ids[v_n] = r.C_ID;
                    END FOR;
                    IF v_n = 0 THEN
                      SIGNAL SQLSTATE '02000' SET MESSAGE_TEXT = 'no customer named ' || p_last;
                    END IF;
                    SET v_c = v_ids[(v_n + 1) / 2];
                  END IF;
                  SELECT C_BALANCE, C_FIRST, C_MIDDLE, C_LAST INTO p_balance, v_first, v_middle, v_last
                    FROM CUSTOMER WHERE C_W_ID = p_w AND C_D_ID = p_d AND C_ID = v_c;
                  SET p_c_id = v_c;
                  SELECT O_ID, O_ENTRY_D, O_CARRIER_ID INTO p_o_id, v_entry, p_carrier FROM ORDERS
                   WHERE O_W_ID = p_w AND O_D_ID = p_d AND O_C_ID = v_c ORDER BY O_ID DESC FETCH FIRST 1 ROWS ONLY;
                  IF ROW_COUNT() = 0 THEN
                    RETURN;
                  END IF;
                  SELECT OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DELIVERY_D FROM ORDER_LINE
                   WHERE OL_W_ID = p_w AND OL_D_ID = p_d AND OL_O_ID = p_o_id;
                END""", """
                CREATE PROCEDURE TPCC_DELIVERY (IN p_w INT, IN p_carrier INT, IN p_date TIMESTAMP, OUT p_skipped INT,
                    OUT p_digest BIGINT)
                BEGIN
                  DECLARE v_d INT DEFAULT 1;
                  DECLARE v_o, v_c INT;
                  DECLARE v_sum DECIMAL(12,2);
                  SET p_skipped = 0;
                  SET p_digest = 0;
                  WHILE v_d <= 10 DO
                    SELECT NO_O_ID INTO v_o FROM NEW_ORDER WHERE NO_W_ID = p_w AND NO_D_ID = v_d
                     ORDER BY NO_O_ID FETCH FIRST 1 ROWS ONLY;
                    IF ROW_COUNT() = 0 THEN
                      SET p_skipped = p_skipped + 1;
                    ELSE
                      DELETE FROM NEW_ORDER WHERE NO_W_ID = p_w AND NO_D_ID = v_d AND NO_O_ID = v_o;
                      IF ROW_COUNT() = 0 THEN
                        SIGNAL SQLSTATE '40001' SET MESSAGE_TEXT = 'NEW_ORDER ' || p_w || '/' || v_d || '/' || v_o
                            || ' was delivered by a concurrent Delivery';
                      END IF;
                      SELECT O_C_ID INTO v_c FROM ORDERS WHERE O_W_ID = p_w AND O_D_ID = v_d AND O_ID = v_o;
                      UPDATE ORDERS SET O_CARRIER_ID = p_carrier WHERE O_W_ID = p_w AND O_D_ID = v_d AND O_ID = v_o;
                      UPDATE ORDER_LINE SET OL_DELIVERY_D = p_date
                       WHERE OL_W_ID = p_w AND OL_D_ID = v_d AND OL_O_ID = v_o;
                      SELECT SUM(OL_AMOUNT) INTO v_sum FROM ORDER_LINE
                       WHERE OL_W_ID = p_w AND OL_D_ID = v_d AND OL_O_ID = v_o;
                      UPDATE CUSTOMER SET C_BALANCE = C_BALANCE + COALESCE(v_sum, 0),
                          C_DELIVERY_CNT = C_DELIVERY_CNT + 1
                       WHERE C_W_ID = p_w AND C_D_ID = v_d AND C_ID = v_c;
                      SET p_digest = p_digest + v_o;
                    END IF;
                    SET v_d = v_d + 1;
                  END WHILE;
                END""", """
                CREATE PROCEDURE TPCC_STOCK_LEVEL (IN p_w INT, IN p_d INT, IN p_threshold INT, OUT p_low INT)
                BEGIN
                  DECLARE v_next INT;
                  SELECT D_NEXT_O_ID INTO v_next FROM DISTRICT WHERE D_W_ID = p_w AND D_ID = p_d;
                  SELECT COUNT(DISTINCT S_I_ID) INTO p_low FROM ORDER_LINE, STOCK
                   WHERE OL_W_ID = p_w AND OL_D_ID = p_d AND OL_O_ID < v_next AND OL_O_ID >= v_next - 20
                     AND S_W_ID = p_w AND S_I_ID = OL_I_ID AND S_QUANTITY < p_threshold;
                END""");
    }

    /** Creates the five procedures (the schema must exist). */
    static void createProcedures(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String ddl : ddl()) {
                s.execute(ddl);
            }
        }
    }

    private final List<CallableStatement> all = new ArrayList<>();
    private final CallableStatement newOrder;
    private final CallableStatement payment;
    private final CallableStatement orderStatus;
    private final CallableStatement delivery;
    private final CallableStatement stockLevel;

    /** Districts a Delivery found without a new order. */
    long skippedDeliveries;
    /** A digest of the terminal output, so results are read and kept. */
    long outputDigest;

    /** @param c a connection in auto-commit: each call commits on its own */
    ProcTransactions(Connection c) throws SQLException {
        newOrder = prepare(c, "TPCC_NEW_ORDER", 12);
        newOrder.registerOutParameter(10, Types.INTEGER);
        newOrder.registerOutParameter(11, Types.DECIMAL);
        newOrder.registerOutParameter(12, Types.INTEGER);
        payment = prepare(c, "TPCC_PAYMENT", 10);
        payment.registerOutParameter(9, Types.INTEGER);
        payment.registerOutParameter(10, Types.DECIMAL);
        orderStatus = prepare(c, "TPCC_ORDER_STATUS", 8);
        orderStatus.registerOutParameter(5, Types.INTEGER);
        orderStatus.registerOutParameter(6, Types.DECIMAL);
        orderStatus.registerOutParameter(7, Types.INTEGER);
        orderStatus.registerOutParameter(8, Types.INTEGER);
        delivery = prepare(c, "TPCC_DELIVERY", 5);
        delivery.registerOutParameter(4, Types.INTEGER);
        delivery.registerOutParameter(5, Types.BIGINT);
        stockLevel = prepare(c, "TPCC_STOCK_LEVEL", 4);
        stockLevel.registerOutParameter(4, Types.INTEGER);
    }

    private CallableStatement prepare(Connection c, String procedure, int parameters) throws SQLException {
        StringBuilder sql = new StringBuilder("{call ").append(procedure).append('(');
        for (int i = 1; i <= parameters; i++) {
            sql.append(i == 1 ? "?" : ", ?");
        }
        CallableStatement cs = c.prepareCall(sql.append(")}").toString());
        all.add(cs);
        return cs;
    }

    /**
     * One call of {@code type}'s procedure: true when it committed, false for New-Order's rollback (the call rolled
     * back already). Conflicts reach the caller as SQLException 40001.
     */
    boolean run(TxnType type, TpccInputs in) throws SQLException {
        return switch (type) {
            case NEW_ORDER -> newOrder(in.newOrder);
            case PAYMENT -> payment(in.payment);
            case ORDER_STATUS -> orderStatus(in.orderStatus);
            case DELIVERY -> delivery(in.delivery);
            case STOCK_LEVEL -> stockLevel(in.stockLevel);
        };
    }

    private static BigDecimal money(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    /** Clause 2.4.2. The input's 15-element arrays go in as they are; {@code p_lines} says how many are used. */
    boolean newOrder(TpccInputs.NewOrder in) throws SQLException {
        CallableStatement cs = newOrder;
        cs.setInt(1, in.warehouse);
        cs.setInt(2, in.district);
        cs.setInt(3, in.customer);
        cs.setInt(4, in.lines);
        cs.setObject(5, in.items);
        cs.setObject(6, in.supplyWarehouses);
        cs.setObject(7, in.quantities);
        cs.setInt(8, in.allLocal ? 1 : 0);
        cs.setTimestamp(9, JdbcDatabase.timestamp(in.entryMicros));
        try {
            cs.execute();
        } catch (SQLException e) {
            if (ITEM_NOT_VALID.equals(e.getSQLState())) {
                return false;
            }
            throw e;
        }
        outputDigest += cs.getInt(10) + cs.getBigDecimal(11).longValue() + cs.getInt(12);
        return true;
    }

    /** The customer's last name, or NULL when the customer is chosen by number. */
    private static void setLastName(CallableStatement cs, int index, String last) throws SQLException {
        if (last == null) {
            cs.setNull(index, Types.VARCHAR);
        } else {
            cs.setString(index, last);
        }
    }

    /** Clause 2.5.2. */
    boolean payment(TpccInputs.Payment in) throws SQLException {
        CallableStatement cs = payment;
        cs.setInt(1, in.warehouse);
        cs.setInt(2, in.district);
        cs.setInt(3, in.customerWarehouse);
        cs.setInt(4, in.customerDistrict);
        cs.setInt(5, in.customer);
        setLastName(cs, 6, in.customerLast);
        cs.setBigDecimal(7, money(in.amountCents));
        cs.setTimestamp(8, JdbcDatabase.timestamp(in.dateMicros));
        cs.execute();
        outputDigest += cs.getInt(9) + JdbcDatabase.cents(cs.getBigDecimal(10));
        return true;
    }

    /** Clause 2.6.2: the customer's last order's lines come back as a result set. */
    boolean orderStatus(TpccInputs.OrderStatus in) throws SQLException {
        CallableStatement cs = orderStatus;
        cs.setInt(1, in.warehouse);
        cs.setInt(2, in.district);
        cs.setInt(3, in.customer);
        setLastName(cs, 4, in.customerLast);
        cs.execute();
        outputDigest += cs.getInt(5) + JdbcDatabase.cents(cs.getBigDecimal(6)) + cs.getInt(7) + cs.getInt(8);
        try (ResultSet rs = cs.getResultSet()) {   // null when the customer has no order
            while (rs != null && rs.next()) {
                outputDigest += rs.getInt(1) + rs.getInt(3) + JdbcDatabase.cents(rs.getBigDecimal(4));
            }
        }
        return true;
    }

    /** Clause 2.7.4: all ten districts in one call. */
    boolean delivery(TpccInputs.Delivery in) throws SQLException {
        CallableStatement cs = delivery;
        cs.setInt(1, in.warehouse);
        cs.setInt(2, in.carrier);
        cs.setTimestamp(3, JdbcDatabase.timestamp(in.dateMicros));
        cs.execute();
        skippedDeliveries += cs.getInt(4);
        outputDigest += cs.getLong(5);
        return true;
    }

    /** Clause 2.8.2. */
    boolean stockLevel(TpccInputs.StockLevel in) throws SQLException {
        CallableStatement cs = stockLevel;
        cs.setInt(1, in.warehouse);
        cs.setInt(2, in.district);
        cs.setInt(3, in.threshold);
        cs.execute();
        outputDigest += cs.getInt(4);
        return true;
    }

    @Override
    public void close() throws SQLException {
        JdbcConnections.closeAll(all);
    }
}
