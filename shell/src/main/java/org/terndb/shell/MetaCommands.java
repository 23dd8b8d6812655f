package org.terndb.shell;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The backslash commands. Catalog commands ({@code \dt}, {@code \d}, {@code \di}, {@code \dp}) ask
 * {@link DatabaseMetaData}, so they work on any JDBC database; {@code \protocol} and {@code \stats} need a
 * TernDB connection ({@link TernInfo}). Their rows print in the current format, like a query's.
 */
final class MetaCommands {
    static final String HELP = """
            SQL statements end with ';' and may span lines. Meta-commands take one line, no ';':
              \\help, \\?         this help
              \\q                quit (Ctrl-D too; Ctrl-C drops the input being typed)
              \\dt [PATTERN]     list tables (PATTERN: SQL LIKE, e.g. ORD%)
              \\d [NAME]         a table's columns, primary key and indexes (no NAME: \\dt)
              \\di [TABLE]       list indexes
              \\dp [PATTERN]     list stored procedures
              \\x [on|off]       expanded display: one line per column
              \\timing [on|off]  show how long each statement took
              \\i FILE           run the SQL script FILE
              \\protocol         the concurrency-control protocol and durability of this database
              \\stats            commits, aborts by reason and omitted writes since the database opened
            Transactions: BEGIN turns autocommit off (the prompt becomes tern*>); COMMIT or ROLLBACK ends the
            transaction and turns autocommit back on. After an error that rolled the transaction back the
            prompt is tern!> and only ROLLBACK is accepted.
            NULL prints as <null>; values wider than --max-width are cut and end with '...'.
            """;
    static final String NO_PROCEDURES = "stored procedures are not available in this version";

    private final Shell shell;

    MetaCommands(Shell shell) {
        this.shell = shell;
    }

    /**
     * Runs one meta-command line.
     *
     * @return false if an included script ({@code \i}) stopped on an error (it reported its own errors)
     */
    boolean run(String line) throws SQLException, ShellException, IOException {
        String text = line.strip();
        while (text.endsWith(";")) {
            text = text.substring(0, text.length() - 1).strip();   // '\dt;' is a common slip
        }
        String[] words = text.split("\\s+", 2);
        String name = words[0];
        String argument = words.length > 1 ? words[1].strip() : "";
        switch (name) {
            case "\\help", "\\?", "\\h" -> shell.out().print(HELP);
            case "\\q", "\\quit" -> shell.requestQuit();
            case "\\dt" -> tables(argument);
            case "\\d" -> {
                if (argument.isEmpty()) {
                    tables("");
                } else {
                    describe(argument);
                }
            }
            case "\\di" -> indexes(argument);
            case "\\dp" -> procedures(argument);
            case "\\x" -> {
                shell.settings().expanded = toggle(name, argument, shell.settings().expanded);
                shell.status("Expanded display is " + onOff(shell.settings().expanded) + ".");
            }
            case "\\timing" -> {
                shell.settings().timing = toggle(name, argument, shell.settings().timing);
                shell.status("Timing is " + onOff(shell.settings().timing) + ".");
            }
            case "\\i" -> {
                return include(argument);
            }
            case "\\protocol" -> shell.printRows(TernInfo.protocol(shell.connection()));
            case "\\stats" -> shell.printRows(TernInfo.stats(shell.connection()));
            default -> throw new ShellException("unknown meta-command " + name + "; \\help lists them");
        }
        shell.out().flush();
        return true;
    }

    private static boolean toggle(String name, String argument, boolean current) throws ShellException {
        return switch (argument.toLowerCase(Locale.ROOT)) {
            case "" -> !current;
            case "on" -> true;
            case "off" -> false;
            default -> throw new ShellException(name + " takes on, off or nothing (to switch), not '" + argument + "'");
        };
    }

    private static String onOff(boolean on) {
        return on ? "on" : "off";
    }

    private boolean include(String argument) throws IOException, ShellException {
        if (argument.isEmpty()) {
            throw new ShellException("\\i needs a file name: \\i FILE");
        }
        String name = unquote(argument);
        Path path = name.startsWith("~/") ? Path.of(System.getProperty("user.home"), name.substring(2)) : Path.of(name);
        BufferedReader reader;
        try {
            reader = Files.newBufferedReader(path, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ShellException("cannot run " + name + ": no such file (relative names start at "
                    + Path.of("").toAbsolutePath() + ")");
        } catch (IOException e) {
            throw new ShellException("cannot read " + name + ": " + e.getMessage());
        }
        try (reader) {
            return shell.include(reader, name);
        }
    }

    // ---- catalog ---------------------------------------------------------------------------------

    private void tables(String pattern) throws SQLException {
        DatabaseMetaData md = shell.connection().getMetaData();
        List<Object[]> rows = new ArrayList<>();
        try (ResultSet rs = md.getTables(null, null, pattern.isEmpty() ? "%" : foldPattern(md, pattern),
                new String[] {"TABLE"})) {
            while (rs.next()) {
                rows.add(new Object[] {rs.getString("TABLE_NAME"), rs.getString("TABLE_TYPE")});
            }
        }
        if (rows.isEmpty()) {
            shell.status(pattern.isEmpty() ? "No tables." : "No tables match " + pattern + ".");
            return;
        }
        shell.printRows(ResultTable.ofText(List.of("Name", "Type"), rows));
    }

    /** {@code \d NAME}: columns, then the primary key and indexes. */
    private void describe(String argument) throws SQLException {
        DatabaseMetaData md = shell.connection().getMetaData();
        String table = resolveTable(md, argument);
        List<Object[]> columns = new ArrayList<>();
        try (ResultSet rs = md.getColumns(null, null, escape(md, table), "%")) {
            while (rs.next()) {
                if (!table.equals(rs.getString("TABLE_NAME"))) {
                    continue;
                }
                columns.add(new Object[] {
                        rs.getString("COLUMN_NAME"),
                        typeText(rs.getString("TYPE_NAME"), rs.getInt("DATA_TYPE"), rs.getInt("COLUMN_SIZE"),
                                intOrNull(rs, "DECIMAL_DIGITS")),
                        rs.getInt("NULLABLE") == DatabaseMetaData.columnNoNulls ? "not null" : "",
                        Objects.requireNonNullElse(rs.getString("COLUMN_DEF"), "")});
            }
        }
        shell.status("Table " + table);
        shell.printRows(ResultTable.ofText(List.of("Column", "Type", "Nullable", "Default"), columns));
        List<Object[]> keys = new ArrayList<>();
        String primaryKeyName = primaryKey(md, table, keys);
        for (IndexInfo index : indexInfo(md, table)) {
            if (!index.name().equals(primaryKeyName)) {
                keys.add(new Object[] {index.name(), index.unique() ? "UNIQUE" : "INDEX", index.columnList()});
            }
        }
        if (!keys.isEmpty()) {
            shell.printRows(ResultTable.ofText(List.of("Key or index", "Kind", "Columns"), keys));
        }
    }

    /** Adds the primary key's row to {@code keys}; returns its name (null if none). */
    private static String primaryKey(DatabaseMetaData md, String table, List<Object[]> keys) throws SQLException {
        Map<Integer, String> columns = new TreeMap<>();
        String name = null;
        try (ResultSet rs = md.getPrimaryKeys(null, null, table)) {
            while (rs.next()) {
                columns.put(rs.getInt("KEY_SEQ"), rs.getString("COLUMN_NAME"));
                name = rs.getString("PK_NAME");
            }
        }
        if (columns.isEmpty()) {
            return null;
        }
        keys.add(new Object[] {name == null ? "(primary key)" : name, "PRIMARY KEY",
                "(" + String.join(", ", columns.values()) + ")"});
        return name;
    }

    private void indexes(String tableArgument) throws SQLException {
        DatabaseMetaData md = shell.connection().getMetaData();
        List<String> tables = new ArrayList<>();
        if (tableArgument.isEmpty()) {
            try (ResultSet rs = md.getTables(null, null, "%", new String[] {"TABLE"})) {
                while (rs.next()) {
                    tables.add(rs.getString("TABLE_NAME"));
                }
            }
        } else {
            tables.add(resolveTable(md, tableArgument));
        }
        List<Object[]> rows = new ArrayList<>();
        for (String table : tables) {
            for (IndexInfo index : indexInfo(md, table)) {
                rows.add(new Object[] {index.name(), table, index.unique() ? "yes" : "no", index.columnList()});
            }
        }
        if (rows.isEmpty()) {
            shell.status("No indexes.");
            return;
        }
        shell.printRows(ResultTable.ofText(List.of("Index", "Table", "Unique", "Columns"), rows));
    }

    private void procedures(String pattern) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        try {
            DatabaseMetaData md = shell.connection().getMetaData();
            try (ResultSet rs = md.getProcedures(null, null, pattern.isEmpty() ? "%" : foldPattern(md, pattern))) {
                while (rs.next()) {
                    rows.add(new Object[] {rs.getString("PROCEDURE_NAME"), resultKind(rs.getShort("PROCEDURE_TYPE")),
                            rs.getString("REMARKS")});
                }
            }
        } catch (SQLFeatureNotSupportedException e) {
            shell.status(NO_PROCEDURES);
            return;
        } catch (SQLException e) {
            if ("0A000".equals(e.getSQLState())) {
                shell.status(NO_PROCEDURES);
                return;
            }
            throw e;
        }
        if (rows.isEmpty()) {
            shell.status("No stored procedures.");
            return;
        }
        shell.printRows(ResultTable.ofText(List.of("Name", "Result", "Remarks"), rows));
    }

    private static String resultKind(short type) {
        return switch (type) {
            case DatabaseMetaData.procedureReturnsResult -> "returns a result";
            case DatabaseMetaData.procedureNoResult -> "no result";
            default -> "";
        };
    }

    /** One index of a table as {@code getIndexInfo} describes it, columns in key order. */
    private record IndexInfo(String name, boolean unique, List<String> columns) {
        String columnList() {
            return "(" + String.join(", ", columns) + ")";
        }
    }

    private static List<IndexInfo> indexInfo(DatabaseMetaData md, String table) throws SQLException {
        Map<String, Boolean> unique = new LinkedHashMap<>();
        Map<String, Map<Integer, String>> columns = new LinkedHashMap<>();
        try (ResultSet rs = md.getIndexInfo(null, null, table, false, false)) {
            while (rs.next()) {
                String name = rs.getString("INDEX_NAME");
                if (name == null || rs.getShort("TYPE") == DatabaseMetaData.tableIndexStatistic) {
                    continue;
                }
                unique.put(name, !rs.getBoolean("NON_UNIQUE"));
                String order = rs.getString("ASC_OR_DESC");
                columns.computeIfAbsent(name, k -> new TreeMap<>()).put((int) rs.getShort("ORDINAL_POSITION"),
                        rs.getString("COLUMN_NAME") + ("D".equals(order) ? " DESC" : ""));
            }
        }
        List<IndexInfo> out = new ArrayList<>();
        unique.forEach((name, u) -> out.add(new IndexInfo(name, u, List.copyOf(columns.get(name).values()))));
        return out;
    }

    /**
     * The stored name of the table the user typed: {@code "Name"} as written; otherwise as written if
     * such a table exists, else folded to upper case (as SQL folds unquoted names).
     */
    private static String resolveTable(DatabaseMetaData md, String typed) throws SQLException {
        String name;
        if (typed.length() >= 2 && typed.startsWith("\"") && typed.endsWith("\"")) {
            name = typed.substring(1, typed.length() - 1).replace("\"\"", "\"");
            if (tableExists(md, name)) {
                return name;
            }
        } else {
            if (tableExists(md, typed)) {
                return typed;
            }
            name = typed.toUpperCase(Locale.ROOT);
            if (tableExists(md, name)) {
                return name;
            }
        }
        throw new SQLException("table \"" + name + "\" does not exist; \\dt lists the tables", "42S02");
    }

    private static boolean tableExists(DatabaseMetaData md, String name) throws SQLException {
        try (ResultSet rs = md.getTables(null, null, escape(md, name), null)) {
            while (rs.next()) {
                if (name.equals(rs.getString("TABLE_NAME"))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A LIKE pattern for a name: '_' and '%' in it match only themselves. */
    private static String escape(DatabaseMetaData md, String name) throws SQLException {
        String escape = md.getSearchStringEscape();
        if (escape == null || escape.isEmpty()) {
            return name;
        }
        return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
    }

    /** Unquoted patterns fold to upper case, as unquoted names do. */
    private static String foldPattern(DatabaseMetaData md, String pattern) throws SQLException {
        if (pattern.length() >= 2 && pattern.startsWith("\"") && pattern.endsWith("\"")) {
            return pattern.substring(1, pattern.length() - 1);
        }
        return md.storesUpperCaseIdentifiers() ? pattern.toUpperCase(Locale.ROOT) : pattern;
    }

    private static String typeText(String typeName, int dataType, int size, Integer digits) {
        if (typeName == null || typeName.contains("(")) {
            return typeName;
        }
        return switch (dataType) {
            case java.sql.Types.CHAR, java.sql.Types.VARCHAR, java.sql.Types.NCHAR, java.sql.Types.NVARCHAR ->
                    size > 0 ? typeName + "(" + size + ")" : typeName;
            case java.sql.Types.DECIMAL, java.sql.Types.NUMERIC ->
                    size > 0 ? typeName + "(" + size + (digits == null ? "" : "," + digits) + ")" : typeName;
            default -> typeName;
        };
    }

    private static Integer intOrNull(ResultSet rs, String column) throws SQLException {
        int v = rs.getInt(column);
        return rs.wasNull() ? null : v;
    }

    private static String unquote(String s) {
        if (s.length() >= 2 && (s.startsWith("'") && s.endsWith("'") || s.startsWith("\"") && s.endsWith("\""))) {
            return s.substring(1, s.length() - 1);
        }
        return s;
    }
}
