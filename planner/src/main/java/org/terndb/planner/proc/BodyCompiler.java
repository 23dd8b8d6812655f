package org.terndb.planner.proc;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.codehaus.janino.SimpleCompiler;
import org.codehaus.janino.util.ClassFile;
import org.terndb.executor.proc.BodySource;
import org.terndb.executor.proc.CompiledBody;
import org.terndb.executor.proc.Program;
import org.terndb.executor.proc.SlotType;

/**
 * Compiles a procedure's steps to JVM code: {@link BodySource} writes the Java source, Janino compiles it into a
 * class loader of its own (dropped with the procedure), and the program runs that instead of interpreting its
 * steps. This happens at CREATE PROCEDURE (and when DDL makes the procedure compile again), never during a call. A
 * body that does not compile keeps running its steps, which do the same, only slower; the program's listing says
 * why ({@link Program#listing}). So does a body whose method would be more bytecode than HotSpot's JIT compilers
 * take ({@value #HUGE_METHOD} bytes, unless {@code -XX:-DontCompileHugeMethods}): such a method would run in the
 * bytecode interpreter for good, far slower than the steps, whose code the JIT does compile. Before that, such a body
 * is generated once more with its point UPDATEs left to their steps, the statements whose own code is largest.
 */
final class BodyCompiler {
    private static final AtomicLong CLASSES = new AtomicLong();
    private static final String PACKAGE = "org.terndb.generated";
    /** HotSpot's {@code HugeMethodLimit}: it compiles no longer method while {@code DontCompileHugeMethods} holds. */
    static final int HUGE_METHOD = 8000;
    private static final boolean HUGE_METHODS_LEFT_UNCOMPILED = hugeMethodsLeftUncompiled();

    private BodyCompiler() {
    }

    /** {@code program} with its body compiled, or {@code program} itself if the body could not be. */
    static Program compile(Program program, SlotType[] slotTypes, int parameters, Map<Object, int[]> uses) {
        String name = PACKAGE + ".Procedure" + CLASSES.incrementAndGet() + "_" + javaName(program.name());
        try {
            BodySource.Generated generated = BodySource.of(program, slotTypes, parameters, uses, name, true);
            SimpleCompiler compiler = cook(generated);
            int size = runMethodSize(compiler, generated.className());
            String note = null;
            if (size > HUGE_METHOD && HUGE_METHODS_LEFT_UNCOMPILED) {
                // its point UPDATEs as their steps: less bytecode, and still faster than every statement a step
                note = String.format(Locale.ROOT, "point updates run as their steps (as code of its own the method"
                        + " would be %,d bytes of bytecode, more than the %,d the JVM's JIT compiles)", size, HUGE_METHOD);
                generated = BodySource.of(program, slotTypes, parameters, uses, name, false);
                compiler = cook(generated);
                size = runMethodSize(compiler, generated.className());
            }
            if (size > HUGE_METHOD && HUGE_METHODS_LEFT_UNCOMPILED) {
                return program.notCompiled(String.format(Locale.ROOT, "its method would be %,d bytes of bytecode, more"
                        + " than the %,d the JVM's JIT compiles (-XX:-DontCompileHugeMethods lifts that limit)", size,
                        HUGE_METHOD));
            }
            Class<?> compiled = compiler.getClassLoader().loadClass(generated.className());
            CompiledBody body = (CompiledBody) compiled.getConstructor(Object[].class)
                    .newInstance((Object) generated.constants());
            return program.withCompiledBody(body, note);
        } catch (Exception | LinkageError e) {
            StringBuilder why = new StringBuilder(e.toString());
            for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
                why.append("; caused by ").append(c);
            }
            return program.notCompiled("compiling them failed: " + why);
        }
    }

    private static SimpleCompiler cook(BodySource.Generated generated) throws Exception {
        SimpleCompiler compiler = new SimpleCompiler();
        compiler.setParentClassLoader(CompiledBody.class.getClassLoader());
        compiler.cook(generated.source());
        return compiler;
    }

    /** The length of the generated class's {@code run} method's code, or -1 if not found. */
    private static int runMethodSize(SimpleCompiler compiler, String className) {
        for (ClassFile file : compiler.getClassFiles()) {
            if (!file.getThisClassName().equals(className)) {
                continue;
            }
            for (ClassFile.MethodInfo method : file.methodInfos) {
                if (method.getName().equals("run")) {
                    for (ClassFile.AttributeInfo attribute : method.getAttributes()) {
                        if (attribute instanceof ClassFile.CodeAttribute code) {
                            return code.code.length;
                        }
                    }
                }
            }
        }
        return -1;
    }

    /** True unless the JVM says it compiles huge methods (HotSpot with {@code -XX:-DontCompileHugeMethods}). */
    private static boolean hugeMethodsLeftUncompiled() {
        try {
            HotSpotDiagnosticMXBean hotSpot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            VMOption option = hotSpot == null ? null : hotSpot.getVMOption("DontCompileHugeMethods");
            return option == null || Boolean.parseBoolean(option.getValue());
        } catch (IllegalArgumentException | LinkageError e) {
            return true; // not HotSpot's option: assume the limit, which only costs speed
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
