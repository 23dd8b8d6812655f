package org.terndb.sql.proc;

import java.util.List;

/** An expression of the procedure language, as parsed (names are normalised; nothing is resolved yet). */
public sealed interface ProcExpr {

    /** Where the expression starts. */
    Pos pos();

    /** A literal: its kind and its text (numbers as written, strings without quotes). */
    record Literal(Kind kind, String text, Pos pos) implements ProcExpr {
        /** Literal kinds. */
        public enum Kind { INTEGER, DECIMAL, APPROXIMATE, STRING, BOOLEAN, NULL, DATE, TIMESTAMP }
    }

    /** A {@code ?} parameter marker of a CALL, numbered 0.. in text order. */
    record Marker(int index, Pos pos) implements ProcExpr {
    }

    /** A variable or parameter. */
    record Name(String name, Pos pos) implements ProcExpr {
    }

    /** {@code record.field}: a column of a FOR loop's current row. */
    record Field(String record, String field, Pos pos) implements ProcExpr {
    }

    /** {@code array[index]} (1-based). */
    record Subscript(String array, ProcExpr index, Pos pos) implements ProcExpr {
    }

    /** Prefix {@code -}, {@code +} or {@code NOT}. */
    record Unary(String op, ProcExpr operand, Pos pos) implements ProcExpr {
    }

    /** Infix {@code * / % + - || = <> < <= > >= AND OR}. */
    record Binary(String op, ProcExpr left, ProcExpr right, Pos pos) implements ProcExpr {
    }

    /** {@code x IS [NOT] NULL}. */
    record IsNull(ProcExpr operand, boolean negated, Pos pos) implements ProcExpr {
    }

    /** {@code x [NOT] LIKE pattern}. */
    record Like(ProcExpr operand, ProcExpr pattern, boolean negated, Pos pos) implements ProcExpr {
    }

    /** {@code x [NOT] IN (v1, v2, ...)}. */
    record In(ProcExpr operand, List<ProcExpr> values, boolean negated, Pos pos) implements ProcExpr {
        public In {
            values = List.copyOf(values);
        }
    }

    /** {@code CAST(x AS type)}. */
    record Cast(ProcExpr operand, ProcType type, Pos pos) implements ProcExpr {
    }

    /** {@code CASE [operand] WHEN w THEN t ... [ELSE e] END}; {@code operand} and {@code otherwise} may be null. */
    record Case(ProcExpr operand, List<ProcExpr> whens, List<ProcExpr> thens, ProcExpr otherwise, Pos pos)
            implements ProcExpr {
        public Case {
            whens = List.copyOf(whens);
            thens = List.copyOf(thens);
        }
    }

    /** A function call by (upper-case) name, including SUBSTRING and CURRENT_TIMESTAMP (no arguments). */
    record Function(String name, List<ProcExpr> arguments, Pos pos) implements ProcExpr {
        public Function {
            arguments = List.copyOf(arguments);
        }
    }

    /** {@code ARRAY[e1, e2, ...]}. */
    record ArrayOf(List<ProcExpr> elements, Pos pos) implements ProcExpr {
        public ArrayOf {
            elements = List.copyOf(elements);
        }
    }
}
