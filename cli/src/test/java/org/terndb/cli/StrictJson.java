package org.terndb.cli;

import com.google.gson.Gson;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.StringReader;

/** Gson in strict mode: an independent check that a line we print is exactly one valid JSON object. */
public final class StrictJson {
    private StrictJson() {
    }

    public static JsonObject parseObject(String line) throws IOException {
        JsonReader reader = new JsonReader(new StringReader(line));
        reader.setStrictness(Strictness.STRICT);
        // The adapter keeps the reader's strictness (Gson.fromJson would relax it).
        JsonElement element = new Gson().getAdapter(JsonElement.class).read(reader);
        if (reader.peek() != JsonToken.END_DOCUMENT) {
            throw new IOException("text after the JSON value: " + line);
        }
        return element.getAsJsonObject();
    }
}
