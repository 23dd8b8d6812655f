package org.terndb.durability;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The catalog's history: every DDL statement that changed the schema, in order, as SQL text, with the durable
 * table id a CREATE TABLE gave and the one a DROP TABLE removed. Replaced atomically on each change (small:
 * one line per DDL statement). Format: magic "TERNCAT1" | version:4 | next table id:4 | count:4 | entries
 * (created:4 | dropped:4 | length:4 | UTF-8 text) | CRC32C of all before:4.
 */
final class CatalogFile {
    static final String NAME = "catalog.tcat";
    private static final long MAGIC = 0x315441434e524554L; // "TERNCAT1"

    /** One DDL statement of the history. */
    record Entry(String sql, int createdTable, int droppedTable) {}

    private final List<Entry> entries = new ArrayList<>();
    private int nextTableId = 1;

    List<Entry> entries() {
        return List.copyOf(entries);
    }

    int newTableId() {
        return nextTableId++;
    }

    void add(Entry e) {
        entries.add(e);
    }

    void removeLast() {
        entries.remove(entries.size() - 1);
    }

    /** Reads the catalog of {@code dir}; an absent file is an empty catalog (a new database). */
    static CatalogFile read(Path dir) throws IOException {
        CatalogFile c = new CatalogFile();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(dir.resolve(NAME));
        } catch (NoSuchFileException e) {
            return c;
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(LogFormat.ORDER);
        if (bytes.length < 24 || b.getLong(0) != MAGIC
                || b.getInt(bytes.length - 4) != LogFormat.crc(b, 0, bytes.length - 4)) {
            throw new IOException("catalog file " + dir.resolve(NAME) + " is damaged (bad magic or checksum); it "
                    + "is replaced atomically, so this is not a crash: restore it from a backup");
        }
        if (b.getInt(8) != LogFormat.VERSION) {
            throw new IOException("catalog file " + dir.resolve(NAME) + " has format version " + b.getInt(8)
                    + "; this TernDB reads version " + LogFormat.VERSION);
        }
        c.nextTableId = b.getInt(12);
        int count = b.getInt(16);
        int at = 20;
        for (int i = 0; i < count; i++) {
            int created = b.getInt(at);
            int dropped = b.getInt(at + 4);
            int length = b.getInt(at + 8);
            String sql = new String(bytes, at + 12, length, StandardCharsets.UTF_8);
            c.entries.add(new Entry(sql, created, dropped));
            at += 12 + length;
        }
        return c;
    }

    /** Writes the catalog atomically (temporary file, fsync, rename, fsync of the folder). */
    void write(FileIo io, Path dir) throws IOException {
        List<byte[]> texts = new ArrayList<>();
        int size = 24;
        for (Entry e : entries) {
            byte[] t = e.sql().getBytes(StandardCharsets.UTF_8);
            texts.add(t);
            size += 12 + t.length;
        }
        ByteBuffer b = ByteBuffer.allocate(size).order(LogFormat.ORDER);
        b.putLong(MAGIC).putInt(LogFormat.VERSION).putInt(nextTableId).putInt(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            b.putInt(entries.get(i).createdTable()).putInt(entries.get(i).droppedTable()).putInt(texts.get(i).length)
                    .put(texts.get(i));
        }
        b.putInt(LogFormat.crc(b, 0, size - 4));
        b.flip();
        AtomicFiles.write(io, dir.resolve(NAME), b);
    }
}
