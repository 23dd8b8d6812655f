package org.terndb.engine.proc;

/** {@link ProcedurePointReadTest} with the procedure bodies interpreted as steps, not compiled to JVM code. */
class ProcedurePointReadInterpretedTest extends ProcedurePointReadTest {
    @Override
    boolean compiled() {
        return false;
    }
}
