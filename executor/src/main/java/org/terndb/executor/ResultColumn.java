package org.terndb.executor;

/** One column of a query's result: its label and type. */
public record ResultColumn(String label, ExprType type, String tableName, String columnName) {
}
