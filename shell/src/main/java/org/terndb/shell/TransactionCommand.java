package org.terndb.shell;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The transaction statements the shell handles itself, through JDBC's autocommit switch:
 * {@code BEGIN [WORK|TRANSACTION]} and {@code START TRANSACTION}, {@code COMMIT [WORK|TRANSACTION]},
 * {@code ROLLBACK [WORK|TRANSACTION]}. Anything longer ({@code ROLLBACK TO SAVEPOINT s}) goes to the
 * database as it is.
 */
enum TransactionCommand {
    BEGIN, COMMIT, ROLLBACK;

    private static final Pattern BLANKS = Pattern.compile("\\s+");

    /** The command {@code statement} is, or null if it is none of them. */
    static TransactionCommand of(String statement) {
        String s = BLANKS.matcher(statement.strip()).replaceAll(" ").toUpperCase(Locale.ROOT);
        return switch (s) {
            case "BEGIN", "BEGIN WORK", "BEGIN TRANSACTION", "START TRANSACTION" -> BEGIN;
            case "COMMIT", "COMMIT WORK", "COMMIT TRANSACTION" -> COMMIT;
            case "ROLLBACK", "ROLLBACK WORK", "ROLLBACK TRANSACTION" -> ROLLBACK;
            default -> null;
        };
    }
}
