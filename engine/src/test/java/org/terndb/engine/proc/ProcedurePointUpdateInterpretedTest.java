package org.terndb.engine.proc;

/** {@link ProcedurePointUpdateTest} with the procedure bodies interpreted as steps, not compiled to JVM code. */
class ProcedurePointUpdateInterpretedTest extends ProcedurePointUpdateTest {
    @Override
    boolean compiled() {
        return false;
    }
}
