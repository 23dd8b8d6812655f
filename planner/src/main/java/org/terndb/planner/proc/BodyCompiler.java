package org.terndb.planner.proc;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.codehaus.janino.SimpleCompiler;
import org.terndb.executor.proc.BodySource;
import org.terndb.executor.proc.CompiledBody;
import org.terndb.executor.proc.Program;
import org.terndb.executor.proc.SlotType;

/**
 * Compiles a procedure's steps to JVM code: {@link BodySource} writes the Java source, Janino compiles it into a
 * class loader of its own (dropped with the procedure), and the program runs that instead of interpreting its
 * steps. This happens at CREATE PROCEDURE (and when DDL makes the procedure compile again), never during a call. A
 * body that does not compile keeps running its steps, which do the same, only slower; the program's listing says
 * why ({@link Program#listing}).
 */
final class BodyCompiler {
    private static final AtomicLong CLASSES = new AtomicLong();
    private static final String PACKAGE = "org.terndb.generated";

    private BodyCompiler() {
    }

    /** {@code program} with its body compiled, or {@code program} itself if the body could not be. */
    static Program compile(Program program, SlotType[] slotTypes, int parameters, Map<Object, int[]> uses) {
        String name = PACKAGE + ".Procedure" + CLASSES.incrementAndGet() + "_" + javaName(program.name());
        try {
            BodySource.Generated generated = BodySource.of(program, slotTypes, parameters, uses, name);
            SimpleCompiler compiler = new SimpleCompiler();
            compiler.setParentClassLoader(CompiledBody.class.getClassLoader());
            compiler.cook(generated.source());
            Class<?> compiled = compiler.getClassLoader().loadClass(generated.className());
            CompiledBody body = (CompiledBody) compiled.getConstructor(Object[].class)
                    .newInstance((Object) generated.constants());
            return program.withCompiledBody(body);
        } catch (Exception | LinkageError e) {
            StringBuilder why = new StringBuilder(e.toString());
            for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
                why.append("; caused by ").append(c);
            }
            return program.notCompiled(why.toString());
        }
    }

    private static String javaName(String procedure) {
        StringBuilder s = new StringBuilder();
        for (char c : procedure.toCharArray()) {
            s.append(Character.isLetterOrDigit(c) && c < 128 ? c : '_');
        }
        return s.toString();
    }
}
