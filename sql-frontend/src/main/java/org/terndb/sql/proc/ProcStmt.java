package org.terndb.sql.proc;

import java.util.List;

/** A statement of a procedure body. Labels are normalised names, or null. */
public sealed interface ProcStmt {

    /** Where the statement starts. */
    Pos pos();

    /** {@code [label:] BEGIN declarations statements END [label]}. */
    record Block(String label, List<Declaration> declarations, List<ProcStmt> statements, Pos pos) implements ProcStmt {
        public Block {
            declarations = List.copyOf(declarations);
            statements = List.copyOf(statements);
        }
    }

    /** {@code DECLARE a, b type [DEFAULT value];} ({@code value} may be null). */
    record Declaration(List<String> names, List<Pos> positions, ProcType type, ProcExpr value, Pos pos) {
        public Declaration {
            names = List.copyOf(names);
            positions = List.copyOf(positions);
        }
    }

    /** {@code SET target = value;} where the target is a variable or an array element ({@code index} non-null). */
    record Set(Target target, ProcExpr value, Pos pos) implements ProcStmt {
    }

    /** An assignment target: a variable, or {@code array[index]}. */
    record Target(String name, ProcExpr index, Pos pos) {
    }

    /** {@code IF c1 THEN ... ELSEIF c2 THEN ... ELSE ... END IF;} (one branch per condition, then the ELSE part). */
    record If(List<ProcExpr> conditions, List<List<ProcStmt>> branches, List<ProcStmt> otherwise, Pos pos)
            implements ProcStmt {
        public If {
            conditions = List.copyOf(conditions);
            branches = branches.stream().map(List::copyOf).toList();
            otherwise = List.copyOf(otherwise);
        }
    }

    /** {@code [label:] WHILE condition DO ... END WHILE;}. */
    record While(String label, ProcExpr condition, List<ProcStmt> body, Pos pos) implements ProcStmt {
        public While {
            body = List.copyOf(body);
        }
    }

    /** {@code [label:] REPEAT ... UNTIL condition END REPEAT;}. */
    record Repeat(String label, List<ProcStmt> body, ProcExpr until, Pos pos) implements ProcStmt {
        public Repeat {
            body = List.copyOf(body);
        }
    }

    /** {@code [label:] LOOP ... END LOOP;} (left with LEAVE or RETURN). */
    record Loop(String label, List<ProcStmt> body, Pos pos) implements ProcStmt {
        public Loop {
            body = List.copyOf(body);
        }
    }

    /** {@code [label:] FOR record AS SELECT ... DO ... END FOR;}: the body runs once per row of the query. */
    record For(String label, String record, EmbeddedSql query, List<ProcStmt> body, Pos pos) implements ProcStmt {
        public For {
            body = List.copyOf(body);
        }
    }

    /** {@code LEAVE label;}: ends the labelled block or loop. */
    record Leave(String label, Pos pos) implements ProcStmt {
    }

    /** {@code ITERATE label;}: starts the labelled loop's next iteration. */
    record Iterate(String label, Pos pos) implements ProcStmt {
    }

    /** {@code RETURN;}: ends the procedure (its transaction still commits). */
    record Return(Pos pos) implements ProcStmt {
    }

    /** {@code SIGNAL SQLSTATE 'xxxxx' [SET MESSAGE_TEXT = message];} ({@code message} may be null). */
    record Signal(String sqlState, ProcExpr message, Pos pos) implements ProcStmt {
    }

    /** {@code CALL p(...)} inside a procedure (parsed so that it can be rejected clearly: not supported yet). */
    record Call(String procedure, Pos pos) implements ProcStmt {
    }

    /** An embedded SELECT [INTO], INSERT, UPDATE or DELETE. */
    record Sql(EmbeddedSql sql, Pos pos) implements ProcStmt {
    }
}
