package org.terndb.sql.ddl;

/** The column types of TernDB's dialect, after synonyms are resolved (INT, FLOAT, CHARACTER VARYING, ...). */
public enum TypeName {
    TINYINT, SMALLINT, INTEGER, BIGINT, DECIMAL, REAL, DOUBLE, CHAR, VARCHAR, BOOLEAN, DATE, TIMESTAMP
}
