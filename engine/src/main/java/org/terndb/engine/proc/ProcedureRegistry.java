package org.terndb.engine.proc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.terndb.executor.SqlState;
import org.terndb.executor.TernSqlException;
import org.terndb.executor.meta.CatalogView;
import org.terndb.planner.proc.CompiledProcedure;
import org.terndb.planner.proc.ProcedureCompiler;
import org.terndb.sql.proc.CreateProcedure;
import org.terndb.sql.proc.DropProcedure;
import org.terndb.sql.proc.ProcParameter;

/**
 * The procedures of a database, part of its catalog. Each keeps its CREATE statement (so that it can be shown
 * and, once the catalog is durable, replayed) and its compiled program.
 *
 * <p>Catalog versions: a program is compiled against one catalog version. When DDL changes the catalog, the
 * next call recompiles the procedure from its definition against the new version (the embedded statements
 * are planned again, as every cached plan is); if it no longer compiles (a table or column it uses is gone),
 * the call fails with the compile error and the procedure stays defined until it is replaced or dropped.
 * Creating or dropping a procedure does not change the catalog version: no plan depends on a procedure.
 *
 * <p>Thread-safe: lookups are lock-free; CREATE, DROP and recompilation are serialised per registry.
 */
public final class ProcedureRegistry {
    /** SQLState of CREATE PROCEDURE for a name that exists (PostgreSQL's duplicate function). */
    public static final String DUPLICATE_PROCEDURE = "42723";
    /** SQLState of a procedure that does not exist, or a CALL whose arguments do not match it. */
    public static final String UNKNOWN_PROCEDURE = "42883";

    private final ConcurrentHashMap<String, Entry> procedures = new ConcurrentHashMap<>();
    private final ProcedureCompiler compiler;
    private final ProcedureStats stats = new ProcedureStats();
    /** Bumped after every CREATE and DROP: a caller that looked an entry up may keep it while this is unchanged. */
    private volatile long changes;

    /** @param compileToJvmCode whether SQL procedures' bodies are compiled to JVM code as well as to steps */
    public ProcedureRegistry(boolean compileToJvmCode) {
        this.compiler = new ProcedureCompiler(256, compileToJvmCode);
    }

    /** A defined procedure: its signature, and its program (SQL) or its Java body. */
    static final class Entry {
        final CreateProcedure definition;
        final List<CompiledProcedure.Parameter> parameters;
        final JavaProcedure java;
        volatile CompiledProcedure compiled;

        Entry(CreateProcedure definition, List<CompiledProcedure.Parameter> parameters, JavaProcedure java,
              CompiledProcedure compiled) {
            this.definition = definition;
            this.parameters = parameters;
            this.java = java;
            this.compiled = compiled;
        }

        String name() {
            return definition.name();
        }
    }

    public ProcedureStats stats() {
        return stats;
    }

    /**
     * CREATE [OR REPLACE] PROCEDURE: compiles the body against {@code catalog} (or loads the Java class) and
     * registers it.
     *
     * @throws TernSqlException with the position of the first error; 42723 if the name exists without OR REPLACE
     */
    public synchronized void create(CreateProcedure definition, CatalogView catalog) {
        if (procedures.containsKey(definition.name()) && !definition.orReplace()) {
            throw new TernSqlException(DUPLICATE_PROCEDURE, "procedure " + definition.name() + " exists already; "
                    + "use CREATE OR REPLACE PROCEDURE to replace it, or DROP PROCEDURE first");
        }
        Entry entry;
        if (definition.isJava()) {
            entry = new Entry(definition, ProcedureCompiler.signature(definition), load(definition), null);
        } else {
            CompiledProcedure compiled = compiler.compile(definition, catalog);
            stats.compilation();
            entry = new Entry(definition, compiled.parameters(), null, compiled);
        }
        procedures.put(definition.name(), entry);
        changes++; // only under this object's lock
    }

    /** DROP PROCEDURE; 42883 if there is none and IF EXISTS was not given. */
    public synchronized void drop(DropProcedure drop) {
        if (procedures.remove(drop.name()) == null && !drop.ifExists()) {
            throw new TernSqlException(UNKNOWN_PROCEDURE, "procedure " + drop.name() + " does not exist");
        }
        changes++; // only under this object's lock
    }

    /** The number of CREATE and DROP PROCEDURE statements so far (see {@link #entry}). */
    long changes() {
        return changes;
    }

    /** All procedures, by name. */
    public List<ProcedureInfo> list() {
        List<ProcedureInfo> out = new ArrayList<>();
        for (Entry e : procedures.values()) {
            out.add(info(e));
        }
        out.sort(Comparator.comparing(ProcedureInfo::name));
        return out;
    }

    /** The procedure of this (normalised) name, or null. */
    public ProcedureInfo find(String name) {
        Entry e = procedures.get(name);
        return e == null ? null : info(e);
    }

    /** The CREATE statements of all procedures, in name order: what durability replays to restore them. */
    public List<String> definitions() {
        return list().stream().map(ProcedureInfo::definition).toList();
    }

    /**
     * The compiled form of an SQL procedure for {@code catalog}'s version, recompiled if DDL changed the catalog
     * since it was compiled.
     */
    public CompiledProcedure compiled(String name, CatalogView catalog) {
        return current(entry(name), catalog);
    }

    /** The procedure of this name; it stays the procedure of the name while {@link #changes()} is unchanged. */
    Entry entry(String name) {
        Entry e = procedures.get(name);
        if (e == null) {
            throw new TernSqlException(UNKNOWN_PROCEDURE, "procedure " + name + " does not exist; create it with "
                    + "CREATE PROCEDURE " + name + " (...) BEGIN ... END");
        }
        return e;
    }

    CompiledProcedure current(Entry e, CatalogView catalog) {
        CompiledProcedure c = e.compiled;
        if (c.program().catalogVersion() == catalog.version()) {
            return c;
        }
        synchronized (e) {
            c = e.compiled;
            if (c.program().catalogVersion() != catalog.version()) {
                try {
                    c = compiler.compile(e.definition, catalog);
                } catch (TernSqlException error) {
                    throw new TernSqlException(error.sqlState(), "procedure " + e.name() + " no longer compiles after "
                            + "a change of the tables it uses; replace it with CREATE OR REPLACE PROCEDURE, or drop it: "
                            + error.getMessage(), error);
                }
                stats.compilation();
                e.compiled = c;
            }
            return c;
        }
    }

    private static ProcedureInfo info(Entry e) {
        List<ProcedureInfo.Parameter> parameters = new ArrayList<>();
        for (CompiledProcedure.Parameter p : e.parameters) {
            ProcParameter d = p.declared();
            parameters.add(new ProcedureInfo.Parameter(d.name(), d.mode(), p.type()));
        }
        return new ProcedureInfo(e.name(), e.java != null ? ProcedureInfo.Language.JAVA : ProcedureInfo.Language.SQL,
                parameters, e.definition.text(), e.java != null ? "Java class " + e.definition.javaClass()
                        : e.compiled.program().execution());
    }

    /** Loads and instantiates the class of a Java procedure (once, at CREATE: no reflection per call). */
    private static JavaProcedure load(CreateProcedure definition) {
        String name = definition.javaClass();
        Class<?> type;
        try {
            ClassLoader loader = Thread.currentThread().getContextClassLoader();
            type = Class.forName(name, true, loader != null ? loader : ProcedureRegistry.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new TernSqlException(SqlState.SYNTAX_ERROR, "Java class " + name + " of procedure " + definition.name()
                    + " cannot be loaded (" + e + "); put it on the class path of the application", e);
        }
        if (!JavaProcedure.class.isAssignableFrom(type)) {
            throw new TernSqlException(SqlState.SYNTAX_ERROR, "Java class " + name + " of procedure " + definition.name()
                    + " does not implement " + JavaProcedure.class.getName());
        }
        try {
            return (JavaProcedure) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new TernSqlException(SqlState.SYNTAX_ERROR, "Java class " + name + " of procedure " + definition.name()
                    + " needs a public constructor without arguments (" + e + ")", e);
        }
    }
}
