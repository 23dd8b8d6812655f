package org.terndb.engine.proc;

/**
 * The body of a procedure written in Java: {@code CREATE PROCEDURE p (IN a INT, OUT b INT) LANGUAGE JAVA
 * EXTERNAL NAME 'com.acme.MyProc'} names a public class with a public no-argument constructor that implements
 * this interface. One instance serves all calls, from many threads at once: keep it stateless.
 *
 * <p>A call runs {@link #call} inside one transaction, exactly as an SQL procedure: the statements it runs
 * through the {@link ProcedureContext} see each other's writes, the transaction commits when {@code call}
 * returns, a conflict abort runs {@code call} again from the start (so it must not have effects outside the
 * database), and any exception rolls it back and reaches the caller (a {@link RuntimeException} that is not
 * an SQL error as SQLState 38000).
 */
@FunctionalInterface
public interface JavaProcedure {

    void call(ProcedureContext context);
}
