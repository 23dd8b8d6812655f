package org.terndb.tpcc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.function.IntConsumer;

/** {@link ConsistencySource} through plain SELECTs on a quiescent database (one transaction per call). */
final class JdbcConsistencySource implements ConsistencySource {
    private final Connection c;

    JdbcConsistencySource(Connection connection) {
        this.c = connection;
    }

    private interface RowReader {
        void row(ResultSet rs) throws SQLException;
    }

    private void query(String sql, RowReader reader, int... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setInt(i + 1, params[i]);
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    reader.row(rs);
                }
            }
        } finally {
            c.commit();
        }
    }

    @Override
    public long warehouseYtd(int w) throws SQLException {
        long[] ytd = {Long.MIN_VALUE};
        query("SELECT W_YTD FROM WAREHOUSE WHERE W_ID = ?", rs -> ytd[0] = JdbcDatabase.cents(rs.getBigDecimal(1)), w);
        return ytd[0];
    }

    @Override
    public void districts(int w, DistrictVisitor visitor) throws SQLException {
        query("SELECT D_ID, D_YTD, D_NEXT_O_ID FROM DISTRICT WHERE D_W_ID = ?",
                rs -> visitor.district(rs.getInt(1), JdbcDatabase.cents(rs.getBigDecimal(2)), rs.getInt(3)), w);
    }

    @Override
    public void orders(int w, int d, OrderVisitor visitor) throws SQLException {
        query("SELECT O_ID, O_C_ID, O_CARRIER_ID, O_OL_CNT FROM ORDERS WHERE O_W_ID = ? AND O_D_ID = ?", rs -> {
            int id = rs.getInt(1);
            int customer = rs.getInt(2);
            rs.getInt(3);
            boolean carrierNull = rs.wasNull();
            visitor.order(id, customer, carrierNull, rs.getInt(4));
        }, w, d);
    }

    @Override
    public void newOrders(int w, int d, IntConsumer visitor) throws SQLException {
        query("SELECT NO_O_ID FROM NEW_ORDER WHERE NO_W_ID = ? AND NO_D_ID = ?", rs -> visitor.accept(rs.getInt(1)),
                w, d);
    }

    @Override
    public void orderLines(int w, int d, OrderLineVisitor visitor) throws SQLException {
        query("SELECT OL_O_ID, OL_DELIVERY_D, OL_AMOUNT FROM ORDER_LINE WHERE OL_W_ID = ? AND OL_D_ID = ?",
                rs -> visitor.orderLine(rs.getInt(1), rs.getTimestamp(2) == null,
                        JdbcDatabase.cents(rs.getBigDecimal(3))), w, d);
    }

    @Override
    public void customers(int w, int d, CustomerVisitor visitor) throws SQLException {
        query("SELECT C_ID, C_BALANCE, C_YTD_PAYMENT FROM CUSTOMER WHERE C_W_ID = ? AND C_D_ID = ?",
                rs -> visitor.customer(rs.getInt(1), JdbcDatabase.cents(rs.getBigDecimal(2)),
                        JdbcDatabase.cents(rs.getBigDecimal(3))), w, d);
    }

    @Override
    public void history(HistoryVisitor visitor) throws SQLException {
        query("SELECT H_C_ID, H_C_D_ID, H_C_W_ID, H_D_ID, H_W_ID, H_AMOUNT FROM HISTORY",
                rs -> visitor.history(rs.getInt(1), rs.getInt(2), rs.getInt(3), rs.getInt(4), rs.getInt(5),
                        JdbcDatabase.cents(rs.getBigDecimal(6))));
    }
}
