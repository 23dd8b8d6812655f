package org.terndb.sql.ddl;

/**
 * One column of CREATE TABLE.
 *
 * @param defaultValue the DEFAULT literal, or null
 * @param primaryKey   declared {@code PRIMARY KEY} on the column itself
 */
public record ColumnDefinition(String name, DataType type, boolean notNull, LiteralValue defaultValue,
                               boolean primaryKey) {
}
