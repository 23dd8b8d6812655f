package org.terndb.executor.proc;

import java.util.List;
import org.terndb.executor.access.ExactKeys;
import org.terndb.executor.expr.Expr;
import org.terndb.executor.expr.Literal;
import org.terndb.executor.expr.Parameter;
import org.terndb.executor.meta.TableMeta;
import org.terndb.storage.codec.Column;
import org.terndb.storage.codec.KeyBuilder;
import org.terndb.storage.codec.KeyCodec;

/**
 * The full primary key of a procedure's point read or update, encoded straight from the frame's slots: an integer
 * variable or array element without boxing, anything else through its expression. A key value the key column cannot
 * hold, or NULL, matches nothing, as in the plan's {@code IndexGet}.
 */
final class SlotKey {
    private final TableMeta meta;
    private final Expr[] key;
    private final IntegerOperand[] integerKey; // per key column: the argument read as a long, or null
    private final Column[] keyColumns;
    private final long[] keyMin;
    private final long[] keyMax;

    private SlotKey(TableMeta meta, Expr[] key) {
        this.meta = meta;
        this.key = key;
        int n = key.length;
        integerKey = new IntegerOperand[n];
        keyColumns = new Column[n];
        keyMin = new long[n];
        keyMax = new long[n];
        for (int i = 0; i < n; i++) {
            keyColumns[i] = meta.primaryIndex().codec().schema().column(i);
            switch (keyColumns[i].type()) { // the Longs a key column holds as they are (as IndexGet adds them)
                case TINYINT -> range(i, Byte.MIN_VALUE, Byte.MAX_VALUE);
                case SMALLINT -> range(i, Short.MIN_VALUE, Short.MAX_VALUE);
                case INTEGER -> range(i, Integer.MIN_VALUE, Integer.MAX_VALUE);
                case BIGINT -> range(i, Long.MIN_VALUE, Long.MAX_VALUE);
                default -> range(i, 1, 0); // none: every value goes through ExactKeys
            }
            integerKey[i] = keyMin[i] <= keyMax[i] ? IntegerOperand.of(key[i]) : null;
        }
    }

    private void range(int i, long min, long max) {
        keyMin[i] = min;
        keyMax[i] = max;
    }

    /**
     * The key of {@code table} that a plan's key expressions {@code planKey} (parameters and literals only) give
     * when its {@code ?} markers take {@code arguments} unconverted, or null if one is something else.
     */
    static SlotKey of(TableMeta table, Expr[] planKey, List<Expr> arguments) {
        Expr[] key = new Expr[planKey.length];
        for (int i = 0; i < planKey.length; i++) {
            key[i] = argument(planKey[i], arguments);
            if (key[i] == null) {
                return null;
            }
        }
        return new SlotKey(table, key);
    }

    /** What a plan's parameter or literal reads in the procedure: its argument, the literal, else null. */
    static Expr argument(Expr planExpr, List<Expr> arguments) {
        if (planExpr instanceof Parameter p && p.index() < arguments.size()) {
            return arguments.get(p.index());
        }
        return planExpr instanceof Literal ? planExpr : null;
    }

    /** The key columns' count. */
    int size() {
        return key.length;
    }

    /** Column {@code i}'s value read straight from the slots, or null if it goes through its expression. */
    IntegerOperand integer(int i) {
        return integerKey[i];
    }

    /** The least and the greatest value key column {@code i} holds as a Long as it is (min > max: none). */
    long min(int i) {
        return keyMin[i];
    }

    long max(int i) {
        return keyMax[i];
    }

    /** The primary key's codec. */
    KeyCodec codec() {
        return meta.primaryIndex().codec();
    }

    /** A builder for the key, reset (the context's, shared within the session). */
    KeyBuilder builder(Frame frame) {
        return frame.context().keyBuilder(meta.primaryIndex().codec());
    }

    /** The encoded key with the values the slots give now (in the context's key builder), or null if none can match. */
    byte[] encode(Frame frame) {
        Object[] slots = frame.slots();
        KeyBuilder keys = builder(frame);
        for (int i = 0; i < key.length; i++) {
            IntegerOperand fast = integerKey[i];
            long v;
            if (fast != null && ((v = fast.read(slots)) != IntegerOperand.MISSING || fast.plain(slots))) {
                if (v < keyMin[i] || v > keyMax[i]) {
                    return null; // the key column cannot hold it
                }
                keys.addLong(v);
                continue;
            }
            Object value = key[i].eval(null, slots);
            if (value instanceof Long l && l >= keyMin[i] && l <= keyMax[i]) {
                keys.addLong(l);
            } else if (!ExactKeys.addExact(keys, keyColumns[i], value)) {
                return null;
            }
        }
        return keys.toKey();
    }
}
