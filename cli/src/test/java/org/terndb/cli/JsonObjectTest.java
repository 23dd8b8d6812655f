package org.terndb.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class JsonObjectTest {
    @Test
    void printsFieldsInOrderOnOneLine() {
        String json = new JsonObject().put("b", 1).put("a", "x").put("ok", true).put("none", null).put("ratio", 1.5)
                .toString();
        assertEquals("{\"b\":1,\"a\":\"x\",\"ok\":true,\"none\":null,\"ratio\":1.5}", json);
    }

    @Test
    void escapesQuotesBackslashesControlAndNonAsciiCharacters() throws Exception {
        String nasty = "quote\" back\\slash\nnew\tline\u0001 caf\u00e9 \u2028 \ud83d\ude00";
        String json = new JsonObject().put("s", nasty).put("key \"with\" quotes", 1).toString();
        assertTrue(json.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "printable ASCII only: " + json);
        assertEquals(-1, json.indexOf('\n'));
        com.google.gson.JsonObject parsed = StrictJson.parseObject(json);
        assertEquals(nasty, parsed.get("s").getAsString());
        assertEquals(1, parsed.get("key \"with\" quotes").getAsInt());
    }

    @Test
    void nonFiniteNumbersBecomeNull() throws Exception {
        String json = new JsonObject().put("nan", Double.NaN).put("inf", Double.POSITIVE_INFINITY).put("big", 1.0e300)
                .toString();
        com.google.gson.JsonObject parsed = StrictJson.parseObject(json);
        assertTrue(parsed.get("nan").isJsonNull());
        assertTrue(parsed.get("inf").isJsonNull());
        assertEquals(1.0e300, parsed.get("big").getAsDouble());
    }

    @Test
    void nestsObjectsAndArrays() throws Exception {
        String json = new JsonObject()
                .put("rows", List.of(new JsonObject().put("n", 1L), new JsonObject().put("n", 2L)))
                .put("empty", List.of())
                .toString();
        assertEquals("{\"rows\":[{\"n\":1},{\"n\":2}],\"empty\":[]}", json);
        assertEquals(2, StrictJson.parseObject(json).getAsJsonArray("rows").size());
    }

    @Test
    void rejectsValuesWithoutAJsonForm() {
        assertThrows(IllegalArgumentException.class, () -> new JsonObject().put("x", new Object()));
    }
}
