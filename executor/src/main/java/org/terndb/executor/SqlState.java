package org.terndb.executor;

/** The SQLStates TernDB reports, named once so every layer uses the same spelling. */
public final class SqlState {
    /** Syntax error or access rule violation (also used for statements Calcite rejects at validation). */
    public static final String SYNTAX_ERROR = "42000";
    public static final String TABLE_EXISTS = "42S01";
    public static final String UNKNOWN_TABLE = "42S02";
    public static final String INDEX_EXISTS = "42S11";
    public static final String UNKNOWN_INDEX = "42S12";
    public static final String DUPLICATE_COLUMN = "42S21";
    public static final String UNKNOWN_COLUMN = "42S22";
    public static final String UNIQUE_VIOLATION = "23505";
    public static final String NOT_NULL_VIOLATION = "23502";
    public static final String STRING_TOO_LONG = "22001";
    public static final String NUMERIC_OUT_OF_RANGE = "22003";
    public static final String INVALID_DATETIME = "22007";
    public static final String DIVISION_BY_ZERO = "22012";
    public static final String SUBSTRING_ERROR = "22011";
    public static final String INVALID_CAST = "22018";
    /** Data exception without a more specific subclass. */
    public static final String DATA_EXCEPTION = "22000";
    public static final String SERIALIZATION_FAILURE = "40001";
    public static final String CONNECTION_FAILURE = "08001";
    public static final String CONNECTION_CLOSED = "08003";
    public static final String FEATURE_NOT_SUPPORTED = "0A000";
    public static final String INVALID_TRANSACTION_STATE = "25000";
    public static final String INVALID_PARAMETER = "07001";
    public static final String GENERAL_ERROR = "HY000";

    private SqlState() {
    }

    public static TernSqlException notSupported(String what) {
        return new TernSqlException(FEATURE_NOT_SUPPORTED, what + " is not supported yet");
    }
}
