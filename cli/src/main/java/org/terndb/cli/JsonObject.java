package org.terndb.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JSON object built field by field and printed on one line, for the {@code --json} result of a
 * command. Field order is insertion order. Values may be strings, numbers, booleans, null, nested
 * {@code JsonObject}s, or {@link Iterable}s of those (printed as arrays). Non-finite numbers print as
 * null; all non-ASCII characters are escaped, so the line is plain ASCII whatever the console charset.
 */
public final class JsonObject {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    /** Sets {@code name} (replacing an earlier value) and returns this object. */
    public JsonObject put(String name, Object value) {
        if (!(value == null || value instanceof CharSequence || value instanceof Number || value instanceof Boolean
                || value instanceof JsonObject || value instanceof Iterable)) {
            throw new IllegalArgumentException("no JSON form for " + value.getClass().getName() + " in field " + name);
        }
        fields.put(name, value);
        return this;
    }

    /** The object as compact JSON on one line. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder();
        write(this, sb);
        return sb.toString();
    }

    private static void write(Object value, StringBuilder sb) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof CharSequence text) {
            writeString(text, sb);
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            sb.append(Double.isFinite(d) ? value.toString() : "null");
        } else if (value instanceof Number || value instanceof Boolean) {
            sb.append(value);   // integers, BigDecimal, true/false print as JSON already
        } else if (value instanceof JsonObject object) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> field : object.fields.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                writeString(field.getKey(), sb);
                sb.append(':');
                write(field.getValue(), sb);
            }
            sb.append('}');
        } else if (value instanceof Iterable<?> items) {
            sb.append('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                write(item, sb);
            }
            sb.append(']');
        } else {
            throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
        }
    }

    private static void writeString(CharSequence text, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }
}
