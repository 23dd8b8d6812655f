package org.terndb.durability;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/** A child JVM on the test class path, its stdout collected line by line; killed with SIGKILL. */
final class ChildProcess implements AutoCloseable {
    final Process process;
    final Set<Long> acknowledged = ConcurrentHashMap.newKeySet();
    final List<String> lines = new CopyOnWriteArrayList<>();
    private final Thread reader;
    private final StringBuilder stderr = new StringBuilder();

    private ChildProcess(Process process) {
        this.process = process;
        this.reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.startsWith("ACK ")) {
                        acknowledged.add(Long.parseLong(line.substring(4)));
                    } else {
                        lines.add(line);
                    }
                }
            } catch (IOException e) {
                // the pipe closes when the process dies
            }
        });
        reader.setDaemon(true);
        reader.start();
        Thread err = new Thread(() -> {
            try {
                byte[] all = process.getErrorStream().readAllBytes();
                synchronized (stderr) {
                    stderr.append(new String(all, StandardCharsets.UTF_8));
                }
            } catch (IOException e) {
                // gone
            }
        });
        err.setDaemon(true);
        err.start();
    }

    static ChildProcess start(Class<?> main, Path workDir, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx512m");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(workDir.toFile());
        return new ChildProcess(pb.start());
    }

    /** Waits until the child printed {@code line} (or a line starting with it); false on timeout or death. */
    boolean await(String prefix, long timeoutMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (System.currentTimeMillis() < deadline) {
            for (String l : lines) {
                if (l.startsWith(prefix)) {
                    return true;
                }
            }
            if (!process.isAlive()) {
                break;
            }
            Thread.sleep(5);
        }
        for (String l : lines) {
            if (l.startsWith(prefix)) {
                return true;
            }
        }
        return false;
    }

    String line(String prefix) {
        for (String l : lines) {
            if (l.startsWith(prefix)) {
                return l;
            }
        }
        return null;
    }

    /** SIGKILL ({@code destroyForcibly} on Linux), then waits until the output is read to the end. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
        reader.join(10_000);
    }

    String stderr() {
        synchronized (stderr) {
            return stderr.toString();
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                kill();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
