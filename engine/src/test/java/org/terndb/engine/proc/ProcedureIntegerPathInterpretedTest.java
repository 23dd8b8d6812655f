package org.terndb.engine.proc;

/** {@link ProcedureIntegerPathTest} with the procedure bodies interpreted as steps, not compiled to JVM code. */
class ProcedureIntegerPathInterpretedTest extends ProcedureIntegerPathTest {
    @Override
    boolean compiled() {
        return false;
    }
}
