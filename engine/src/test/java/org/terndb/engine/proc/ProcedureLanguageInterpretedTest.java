package org.terndb.engine.proc;

/** {@link ProcedureLanguageTest} with the procedure bodies interpreted as steps, not compiled to JVM code. */
class ProcedureLanguageInterpretedTest extends ProcedureLanguageTest {
    @Override
    boolean compiled() {
        return false;
    }
}
