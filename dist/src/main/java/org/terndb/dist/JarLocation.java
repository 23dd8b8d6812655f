package org.terndb.dist;

import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * {@code bin/tern classpath}: prints the absolute path of TernDB's self-contained jar (driver, engine and
 * relocated dependencies), the one file an application needs on its classpath for {@code jdbc:tern:mem:}.
 */
public final class JarLocation {
    private JarLocation() {
    }

    /**
     * The one jar: the jar this class was loaded from when that is the one jar ({@code ...-all.jar}), else the
     * one jar the build wrote beside it.
     */
    public static Path jar() {
        Path own;
        try {
            own = Path.of(JarLocation.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toAbsolutePath();
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot tell where TernDB's jar is: " + e.getMessage(), e);
        }
        String name = own.getFileName().toString();
        if (name.endsWith("-all.jar") || !name.endsWith(".jar")) {
            return own;
        }
        Path all = own.resolveSibling(name.substring(0, name.length() - ".jar".length()) + "-all.jar");
        if (!java.nio.file.Files.isRegularFile(all)) {
            throw new IllegalStateException("TernDB's one jar is missing beside " + own + "; build it with mvn package");
        }
        return all;
    }

    public static void main(String[] args) {
        if (args.length > 0) {
            boolean help = args[0].equals("--help") || args[0].equals("-h");
            (help ? System.out : System.err).println("Usage: tern classpath\n\nPrints the absolute path of TernDB's "
                    + "one-jar build (JDBC driver, engine and their dependencies): put it on an application's "
                    + "classpath, e.g.\n  java -cp \"$(bin/tern classpath):app.jar\" App");
            System.exit(help ? 0 : 2);
        }
        System.out.println(jar());
    }
}
