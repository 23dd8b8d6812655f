package org.terndb.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.terndb.harness.JdbcConnections;

/**
 * The five TPC-C transactions as plain JDBC statements in standard SQL ({@code --mode jdbc}), one
 * {@link PreparedStatement} per statement, prepared once per terminal. Each method runs one attempt on a
 * connection with auto-commit off and returns true to commit or false for New-Order's user rollback; the caller
 * commits, rolls back and retries.
 *
 * <p>The statements keep the consistency conditions under READ COMMITTED with row locks as well as under
 * serializable or snapshot isolation: counters are updated relative to themselves ({@code SET X = X + ?}), and
 * New-Order increments D_NEXT_O_ID before reading it, so the row lock orders concurrent New-Orders of a district
 * without {@code SELECT ... FOR UPDATE}. A Delivery whose NEW-ORDER row a concurrent Delivery took first (its DELETE
 * removes nothing) fails with SQLState 40001 and is retried.
 */
final class JdbcTransactions implements AutoCloseable {
    /** SQLState of a serialization failure: the caller's loop retries it. */
    static final String SERIALIZATION_FAILURE = "40001";

    private final Connection c;
    private final List<PreparedStatement> all = new ArrayList<>();
    private final OldestNewOrders oldestNewOrders = new OldestNewOrders();

    // New-Order
    private final PreparedStatement noWarehouse;
    private final PreparedStatement noDistrictUpdate;
    private final PreparedStatement noDistrict;
    private final PreparedStatement noCustomer;
    private final PreparedStatement noItem;
    private final PreparedStatement noInsertOrder;
    private final PreparedStatement noInsertNewOrder;
    private final PreparedStatement noStockUpdate;
    private final PreparedStatement[] noStock = new PreparedStatement[TpccScale.DISTRICTS + 1];
    private final PreparedStatement noInsertLine;
    // Payment
    private final PreparedStatement payWarehouseUpdate;
    private final PreparedStatement payWarehouse;
    private final PreparedStatement payDistrictUpdate;
    private final PreparedStatement payDistrict;
    private final PreparedStatement customersByName;
    private final PreparedStatement payCustomerUpdate;
    private final PreparedStatement payCustomer;
    private final PreparedStatement payCustomerData;
    private final PreparedStatement payInsertHistory;
    // Order-Status
    private final PreparedStatement osCustomer;
    private final PreparedStatement osLastOrder;
    private final PreparedStatement osLines;
    // Delivery
    private final PreparedStatement delOldest;
    private final PreparedStatement delDeleteNewOrder;
    private final PreparedStatement delOrder;
    private final PreparedStatement delOrderUpdate;
    private final PreparedStatement delLinesUpdate;
    private final PreparedStatement delLinesSum;
    private final PreparedStatement delCustomerUpdate;
    // Stock-Level
    private final PreparedStatement slDistrict;
    private final PreparedStatement slCount;

    /** Districts a Delivery found without a new order. */
    long skippedDeliveries;
    /** A digest of the terminal output, so results are read and kept. */
    long outputDigest;

    JdbcTransactions(Connection connection) throws SQLException {
        this.c = connection;
        noWarehouse = prepare("SELECT W_TAX FROM WAREHOUSE WHERE W_ID = ?");
        noDistrictUpdate = prepare("UPDATE DISTRICT SET D_NEXT_O_ID = D_NEXT_O_ID + 1 WHERE D_W_ID = ? AND D_ID = ?");
        noDistrict = prepare("SELECT D_TAX, D_NEXT_O_ID FROM DISTRICT WHERE D_W_ID = ? AND D_ID = ?");
        noCustomer = prepare("SELECT C_DISCOUNT, C_LAST, C_CREDIT FROM CUSTOMER"
                + " WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
        noItem = prepare("SELECT I_PRICE, I_NAME, I_DATA FROM ITEM WHERE I_ID = ?");
        noInsertOrder = prepare("INSERT INTO ORDERS (O_ID, O_D_ID, O_W_ID, O_C_ID, O_ENTRY_D, O_CARRIER_ID,"
                + " O_OL_CNT, O_ALL_LOCAL) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)");
        noInsertNewOrder = prepare("INSERT INTO NEW_ORDER (NO_O_ID, NO_D_ID, NO_W_ID) VALUES (?, ?, ?)");
        // The CASTs type the parameters of the CASE branches, which TernDB's validator cannot infer on its own.
        noStockUpdate = prepare("UPDATE STOCK SET S_QUANTITY = CASE WHEN S_QUANTITY >= ?"
                + " THEN S_QUANTITY - CAST(? AS INTEGER) ELSE S_QUANTITY - CAST(? AS INTEGER) + 91 END,"
                + " S_YTD = S_YTD + ?, S_ORDER_CNT = S_ORDER_CNT + 1,"
                + " S_REMOTE_CNT = S_REMOTE_CNT + ? WHERE S_W_ID = ? AND S_I_ID = ?");
        for (int d = 1; d <= TpccScale.DISTRICTS; d++) {
            noStock[d] = prepare(String.format("SELECT S_QUANTITY, S_DIST_%02d, S_DATA FROM STOCK"
                    + " WHERE S_W_ID = ? AND S_I_ID = ?", d));
        }
        noInsertLine = prepare("INSERT INTO ORDER_LINE (OL_O_ID, OL_D_ID, OL_W_ID, OL_NUMBER, OL_I_ID,"
                + " OL_SUPPLY_W_ID, OL_DELIVERY_D, OL_QUANTITY, OL_AMOUNT, OL_DIST_INFO)"
                + " VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)");

        payWarehouseUpdate = prepare("UPDATE WAREHOUSE SET W_YTD = W_YTD + ? WHERE W_ID = ?");
        payWarehouse = prepare("SELECT W_NAME, W_STREET_1, W_STREET_2, W_CITY, W_STATE, W_ZIP FROM WAREHOUSE"
                + " WHERE W_ID = ?");
        payDistrictUpdate = prepare("UPDATE DISTRICT SET D_YTD = D_YTD + ? WHERE D_W_ID = ? AND D_ID = ?");
        payDistrict = prepare("SELECT D_NAME, D_STREET_1, D_STREET_2, D_CITY, D_STATE, D_ZIP FROM DISTRICT"
                + " WHERE D_W_ID = ? AND D_ID = ?");
        customersByName = prepare("SELECT C_ID FROM CUSTOMER WHERE C_W_ID = ? AND C_D_ID = ? AND C_LAST = ?"
                + " ORDER BY C_FIRST, C_ID");
        payCustomerUpdate = prepare("UPDATE CUSTOMER SET C_BALANCE = C_BALANCE - ?,"
                + " C_YTD_PAYMENT = C_YTD_PAYMENT + ?, C_PAYMENT_CNT = C_PAYMENT_CNT + 1"
                + " WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
        payCustomer = prepare("SELECT C_FIRST, C_MIDDLE, C_LAST, C_STREET_1, C_STREET_2, C_CITY, C_STATE, C_ZIP,"
                + " C_PHONE, C_SINCE, C_CREDIT, C_CREDIT_LIM, C_DISCOUNT, C_BALANCE, C_DATA FROM CUSTOMER"
                + " WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
        payCustomerData = prepare("UPDATE CUSTOMER SET C_DATA = ? WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
        payInsertHistory = prepare("INSERT INTO HISTORY (H_C_ID, H_C_D_ID, H_C_W_ID, H_D_ID, H_W_ID, H_DATE,"
                + " H_AMOUNT, H_DATA) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");

        osCustomer = prepare("SELECT C_BALANCE, C_FIRST, C_MIDDLE, C_LAST FROM CUSTOMER"
                + " WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");
        osLastOrder = prepare("SELECT O_ID, O_ENTRY_D, O_CARRIER_ID FROM ORDERS"
                + " WHERE O_W_ID = ? AND O_D_ID = ? AND O_C_ID = ? ORDER BY O_ID DESC FETCH FIRST 1 ROWS ONLY");
        osLines = prepare("SELECT OL_I_ID, OL_SUPPLY_W_ID, OL_QUANTITY, OL_AMOUNT, OL_DELIVERY_D FROM ORDER_LINE"
                + " WHERE OL_W_ID = ? AND OL_D_ID = ? AND OL_O_ID = ?");

        delOldest = prepare("SELECT NO_O_ID FROM NEW_ORDER WHERE NO_W_ID = ? AND NO_D_ID = ? AND NO_O_ID >= ?"
                + " ORDER BY NO_O_ID FETCH FIRST 1 ROWS ONLY");
        delDeleteNewOrder = prepare("DELETE FROM NEW_ORDER WHERE NO_W_ID = ? AND NO_D_ID = ? AND NO_O_ID = ?");
        delOrder = prepare("SELECT O_C_ID FROM ORDERS WHERE O_W_ID = ? AND O_D_ID = ? AND O_ID = ?");
        delOrderUpdate = prepare("UPDATE ORDERS SET O_CARRIER_ID = ? WHERE O_W_ID = ? AND O_D_ID = ? AND O_ID = ?");
        delLinesUpdate = prepare("UPDATE ORDER_LINE SET OL_DELIVERY_D = ?"
                + " WHERE OL_W_ID = ? AND OL_D_ID = ? AND OL_O_ID = ?");
        delLinesSum = prepare("SELECT SUM(OL_AMOUNT) FROM ORDER_LINE WHERE OL_W_ID = ? AND OL_D_ID = ? AND OL_O_ID = ?");
        delCustomerUpdate = prepare("UPDATE CUSTOMER SET C_BALANCE = C_BALANCE + ?,"
                + " C_DELIVERY_CNT = C_DELIVERY_CNT + 1 WHERE C_W_ID = ? AND C_D_ID = ? AND C_ID = ?");

        slDistrict = prepare("SELECT D_NEXT_O_ID FROM DISTRICT WHERE D_W_ID = ? AND D_ID = ?");
        slCount = prepare("SELECT COUNT(DISTINCT S_I_ID) FROM ORDER_LINE, STOCK"
                + " WHERE OL_W_ID = ? AND OL_D_ID = ? AND OL_O_ID < ? AND OL_O_ID >= ?"
                + " AND S_W_ID = ? AND S_I_ID = OL_I_ID AND S_QUANTITY < ?");
    }

    private PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement ps = c.prepareStatement(sql);
        all.add(ps);
        return ps;
    }

    private static BigDecimal money(long cents) {
        return BigDecimal.valueOf(cents, 2);
    }

    /** Binds the parameters in order. */
    private static PreparedStatement with(PreparedStatement ps, Object... values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v instanceof Integer n) {
                ps.setInt(i + 1, n);
            } else if (v instanceof BigDecimal b) {
                ps.setBigDecimal(i + 1, b);
            } else if (v instanceof String s) {
                ps.setString(i + 1, s);
            } else if (v instanceof Timestamp t) {
                ps.setTimestamp(i + 1, t);
            } else {
                throw new IllegalArgumentException("no binding for " + v);
            }
        }
        return ps;
    }

    /** Runs a query that must return a row, positioned on it; the caller closes the result set. */
    private static ResultSet one(PreparedStatement ps, String what) throws SQLException {
        ResultSet rs = ps.executeQuery();
        if (!rs.next()) {
            rs.close();
            throw new SQLException(what + " not found; the database is not a loaded TPC-C database", "02000");
        }
        return rs;
    }

    private static void updateOne(PreparedStatement ps, String what) throws SQLException {
        int n = ps.executeUpdate();
        if (n != 1) {
            throw new SQLException(what + " changed " + n + " rows instead of 1", "02000");
        }
    }

    boolean run(TxnType type, TpccInputs inputs) throws SQLException {
        return switch (type) {
            case NEW_ORDER -> newOrder(inputs.newOrder);
            case PAYMENT -> payment(inputs.payment);
            case ORDER_STATUS -> orderStatus(inputs.orderStatus);
            case DELIVERY -> delivery(inputs.delivery);
            case STOCK_LEVEL -> stockLevel(inputs.stockLevel);
        };
    }

    /** Clause 2.4.2. */
    boolean newOrder(TpccInputs.NewOrder in) throws SQLException {
        int w = in.warehouse;
        int d = in.district;
        BigDecimal wTax;
        try (ResultSet rs = one(with(noWarehouse, w), "warehouse " + w)) {
            wTax = rs.getBigDecimal(1);
        }
        updateOne(with(noDistrictUpdate, w, d), "district " + w + "/" + d);
        BigDecimal dTax;
        int orderId;
        try (ResultSet rs = one(with(noDistrict, w, d), "district " + w + "/" + d)) {
            dTax = rs.getBigDecimal(1);
            orderId = rs.getInt(2) - 1;
        }
        BigDecimal discount;
        try (ResultSet rs = one(with(noCustomer, w, d, in.customer), "customer")) {
            discount = rs.getBigDecimal(1);
        }
        Timestamp entry = JdbcDatabase.timestamp(in.entryMicros);
        with(noInsertOrder, orderId, d, w, in.customer, entry, in.lines, in.allLocal ? 1 : 0).executeUpdate();
        with(noInsertNewOrder, orderId, d, w).executeUpdate();
        long totalCents = 0;
        for (int i = 0; i < in.lines; i++) {
            int item = in.items[i];
            int supply = in.supplyWarehouses[i];
            int quantity = in.quantities[i];
            long price;
            String itemData;
            try (ResultSet rs = with(noItem, item).executeQuery()) {
                if (!rs.next()) {
                    return false;   // "Item number is not valid": the caller rolls back
                }
                price = JdbcDatabase.cents(rs.getBigDecimal(1));
                itemData = rs.getString(3);
            }
            updateOne(with(noStockUpdate, quantity + 10, quantity, quantity, quantity, supply == w ? 0 : 1, supply,
                    item), "stock " + supply + "/" + item);
            String distInfo;
            String stockData;
            try (ResultSet rs = one(with(noStock[d], supply, item), "stock " + supply + "/" + item)) {
                distInfo = rs.getString(2);
                stockData = rs.getString(3);
            }
            long amount = quantity * price;
            totalCents += amount;
            if (itemData.contains("ORIGINAL") && stockData.contains("ORIGINAL")) {
                outputDigest++;
            }
            with(noInsertLine, orderId, d, w, i + 1, item, supply, quantity, money(amount), distInfo)
                    .executeUpdate();
        }
        BigDecimal total = money(totalCents).multiply(BigDecimal.ONE.subtract(discount))
                .multiply(BigDecimal.ONE.add(wTax).add(dTax));
        outputDigest += total.longValue() + orderId;
        return true;
    }

    /** The C_ID at position ceil(n/2) of the district's customers with this last name, by C_FIRST (2.5.2.2). */
    private int customerByName(int w, int d, String last) throws SQLException {
        List<Integer> ids = new ArrayList<>();
        try (ResultSet rs = with(customersByName, w, d, last).executeQuery()) {
            while (rs.next()) {
                ids.add(rs.getInt(1));
            }
        }
        if (ids.isEmpty()) {
            throw new SQLException("no customer named " + last + " in district " + w + "/" + d, "02000");
        }
        return ids.get((ids.size() - 1) / 2);
    }

    /** Clause 2.5.2. */
    boolean payment(TpccInputs.Payment in) throws SQLException {
        int w = in.warehouse;
        int d = in.district;
        BigDecimal amount = money(in.amountCents);
        updateOne(with(payWarehouseUpdate, amount, w), "warehouse " + w);
        String warehouseName;
        try (ResultSet rs = one(with(payWarehouse, w), "warehouse " + w)) {
            warehouseName = rs.getString(1);
        }
        updateOne(with(payDistrictUpdate, amount, w, d), "district " + w + "/" + d);
        String districtName;
        try (ResultSet rs = one(with(payDistrict, w, d), "district " + w + "/" + d)) {
            districtName = rs.getString(1);
        }
        int cw = in.customerWarehouse;
        int cd = in.customerDistrict;
        int customer = in.customer != 0 ? in.customer : customerByName(cw, cd, in.customerLast);
        updateOne(with(payCustomerUpdate, amount, amount, cw, cd, customer), "customer");
        try (ResultSet rs = one(with(payCustomer, cw, cd, customer), "customer")) {
            outputDigest += JdbcDatabase.cents(rs.getBigDecimal(14));
            if ("BC".equals(rs.getString(11).trim())) {
                String data = customer + " " + cd + " " + cw + " " + d + " " + w + " " + TpccLogic.money(in.amountCents)
                        + " | " + rs.getString(15);
                updateOne(with(payCustomerData, data.length() > 500 ? data.substring(0, 500) : data, cw, cd,
                        customer), "customer");
            }
        }
        with(payInsertHistory, customer, cd, cw, d, w, JdbcDatabase.timestamp(in.dateMicros), amount,
                warehouseName + "    " + districtName).executeUpdate();
        return true;
    }

    /** Clause 2.6.2. */
    boolean orderStatus(TpccInputs.OrderStatus in) throws SQLException {
        int w = in.warehouse;
        int d = in.district;
        int customer = in.customer != 0 ? in.customer : customerByName(w, d, in.customerLast);
        try (ResultSet rs = one(with(osCustomer, w, d, customer), "customer")) {
            outputDigest += JdbcDatabase.cents(rs.getBigDecimal(1)) + rs.getString(2).length();
        }
        int orderId;
        try (ResultSet rs = with(osLastOrder, w, d, customer).executeQuery()) {
            if (!rs.next()) {
                return true;
            }
            orderId = rs.getInt(1);
            outputDigest += orderId + rs.getTimestamp(2).getTime() + rs.getInt(3);
        }
        try (ResultSet rs = with(osLines, w, d, orderId).executeQuery()) {
            while (rs.next()) {
                outputDigest += rs.getInt(1) + rs.getInt(3) + JdbcDatabase.cents(rs.getBigDecimal(4));
            }
        }
        return true;
    }

    /** Clause 2.7.4: all ten districts in one transaction. */
    boolean delivery(TpccInputs.Delivery in) throws SQLException {
        int w = in.warehouse;
        Timestamp now = JdbcDatabase.timestamp(in.dateMicros);
        for (int d = 1; d <= TpccScale.DISTRICTS; d++) {
            int orderId;
            try (ResultSet rs = with(delOldest, w, d, oldestNewOrders.floor(w, d)).executeQuery()) {
                if (!rs.next()) {
                    skippedDeliveries++;
                    continue;
                }
                orderId = rs.getInt(1);
            }
            oldestNewOrders.saw(w, d, orderId);
            if (with(delDeleteNewOrder, w, d, orderId).executeUpdate() != 1) {
                throw new SQLException("NEW_ORDER " + w + "/" + d + "/" + orderId + " was delivered by a concurrent"
                        + " Delivery", SERIALIZATION_FAILURE);
            }
            int customer;
            try (ResultSet rs = one(with(delOrder, w, d, orderId), "order")) {
                customer = rs.getInt(1);
            }
            updateOne(with(delOrderUpdate, in.carrier, w, d, orderId), "order");
            with(delLinesUpdate, now, w, d, orderId).executeUpdate();
            BigDecimal sum;
            try (ResultSet rs = one(with(delLinesSum, w, d, orderId), "order lines")) {
                sum = rs.getBigDecimal(1);
            }
            updateOne(with(delCustomerUpdate, sum == null ? BigDecimal.ZERO : sum, w, d, customer), "customer");
            outputDigest += orderId;
        }
        return true;
    }

    /** Clause 2.8.2. */
    boolean stockLevel(TpccInputs.StockLevel in) throws SQLException {
        int w = in.warehouse;
        int d = in.district;
        int next;
        try (ResultSet rs = one(with(slDistrict, w, d), "district")) {
            next = rs.getInt(1);
        }
        try (ResultSet rs = one(with(slCount, w, d, next, next - 20, w, in.threshold), "count")) {
            outputDigest += rs.getInt(1);
        }
        return true;
    }

    @Override
    public void close() throws SQLException {
        JdbcConnections.closeAll(all);
    }
}
