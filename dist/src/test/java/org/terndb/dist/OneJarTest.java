package org.terndb.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shaded jar on its own: a tiny JDBC program (Java's single-file source launcher, so the jar is the
 * whole classpath) connects, creates, inserts, selects and calls a procedure (compiled by the relocated Janino), on
 * the JDK running the build and on JDK 25.
 * Runs in Maven's integration-test phase, after the jar is made.
 */
class OneJarTest {
    private static final String JDK25 = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java";
    private static final long TIMEOUT_SECONDS = 120;
    private static final String PROGRAM = """
            import java.sql.*;

            public class Smoke {
                public static void main(String[] args) throws Exception {
                    StringBuilder drivers = new StringBuilder();
                    java.util.Collections.list(DriverManager.getDrivers())
                            .forEach(d -> drivers.append(d.getClass().getName()).append(' '));
                    System.out.println("drivers: " + drivers.toString().trim());
                    try (Connection c = DriverManager.getConnection("jdbc:tern:mem:smoke")) {
                        Statement s = c.createStatement();
                        s.executeUpdate("CREATE TABLE item (id INT PRIMARY KEY, name VARCHAR(20), price DECIMAL(8,2))");
                        try (PreparedStatement ps = c.prepareStatement("INSERT INTO item VALUES (?, ?, ?)")) {
                            for (int i = 1; i <= 3; i++) {
                                ps.setInt(1, i);
                                ps.setString(2, "item" + i);
                                ps.setBigDecimal(3, new java.math.BigDecimal(i + ".50"));
                                ps.addBatch();
                            }
                            ps.executeBatch();
                        }
                        try (ResultSet rs = s.executeQuery("SELECT COUNT(*), SUM(price), MAX(name) FROM item "
                                + "WHERE id BETWEEN 1 AND 1 + 2")) {
                            rs.next();
                            System.out.println("result: " + rs.getInt(1) + " " + rs.getBigDecimal(2) + " " + rs.getString(3));
                        }
                        s.executeUpdate("CREATE PROCEDURE total (IN n INT, OUT t DECIMAL(10,2)) BEGIN "
                                + "DECLARE i INT DEFAULT 1; DECLARE p DECIMAL(8,2); SET t = 0; "
                                + "WHILE i <= n DO SELECT price INTO p FROM item WHERE id = i; SET t = t + p; "
                                + "SET i = i + 1; END WHILE; END");
                        try (CallableStatement call = c.prepareCall("{call total(?, ?)}")) {
                            call.setInt(1, 3);
                            call.registerOutParameter(2, Types.DECIMAL);
                            call.execute();
                            System.out.println("call: " + call.getBigDecimal(2));
                        }
                        DatabaseMetaData md = c.getMetaData();
                        try (ResultSet rs = md.getProcedures(null, null, "TOTAL")) {
                            rs.next();
                            System.out.println("procedure: " + rs.getString("REMARKS"));
                        }
                        System.out.println("product: " + md.getDatabaseProductName() + " " + md.getDatabaseProductVersion());
                    }
                }
            }
            """;

    private static Path jar;

    @BeforeAll
    static void findJar() {
        jar = Path.of(System.getProperty("tern.dist.jar", "missing"));
        assertTrue(Files.isRegularFile(jar), "the shaded jar " + jar + " is made in the package phase");
    }

    @Test
    void theJarHoldsOnlyTernDbsDriverAndRelocatedDependencies() throws IOException {
        try (JarFile j = new JarFile(jar.toFile())) {
            ZipEntry services = j.getEntry("META-INF/services/java.sql.Driver");
            String drivers = new String(j.getInputStream(services).readAllBytes(), StandardCharsets.UTF_8).trim();
            assertEquals("org.terndb.jdbc.TernDriver", drivers, "Calcite's and Avatica's drivers are left out");
            assertTrue(j.getEntry("org/terndb/jdbc/TernDriver.class") != null);
            assertTrue(j.getEntry("org/terndb/shaded/calcite/tools/Frameworks.class") != null, "Calcite relocated");
            List<String> unrelocated = new ArrayList<>();
            j.stream().map(ZipEntry::getName).filter(n -> n.endsWith(".class") && !n.startsWith("org/terndb/"))
                    .limit(5).forEach(unrelocated::add);
            assertTrue(unrelocated.isEmpty(), "classes outside org.terndb: " + unrelocated);
        }
    }

    @Test
    void aJdbcProgramRunsWithOnlyTheJarOnTheDefaultJdk(@TempDir Path dir) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        check(run(java, dir), "default JDK " + System.getProperty("java.version"));
    }

    @Test
    void aJdbcProgramRunsWithOnlyTheJarOnJdk25(@TempDir Path dir) throws Exception {
        Path java = Path.of(JDK25);
        assumeTrue(Files.isExecutable(java), "JDK 25 is not installed at " + JDK25 + "; skipped");
        check(run(java, dir), "JDK 25");
    }

    private static String run(Path java, Path dir) throws Exception {
        Path source = dir.resolve("Smoke.java");
        Files.writeString(source, PROGRAM);
        Path output = dir.resolve("output.txt");
        Process p = new ProcessBuilder(java.toString(), "-cp", jar.toString(), source.toString())
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("no answer in " + TIMEOUT_SECONDS + " s: " + Files.readString(output));
        }
        String out = Files.readString(output);
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    private static void check(String out, String jdk) {
        assertTrue(out.contains("drivers: org.terndb.jdbc.TernDriver\n"), jdk + ": " + out);
        assertTrue(out.contains("result: 3 7.50 item3"), jdk + ": " + out);
        assertTrue(out.contains("call: 7.50\n"), jdk + ": " + out);
        assertTrue(out.contains("; compiled to JVM code\n"), jdk + ": the relocated compiler did not compile: " + out);
        assertTrue(out.contains("product: TernDB "), jdk + ": " + out);
        assertFalse(out.contains("SLF4J"), jdk + ": logger warnings leak to the application: " + out);
    }
}
