package org.terndb.engine.proc;

/** {@link ProcedureErrorsTest} with the procedure bodies interpreted as steps, not compiled to JVM code. */
class ProcedureErrorsInterpretedTest extends ProcedureErrorsTest {
    @Override
    boolean compiled() {
        return false;
    }
}
