package org.terndb.engine;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import org.terndb.executor.meta.CatalogView;
import org.terndb.executor.meta.TableMeta;

/** The catalog at one version: never changes, so a statement plans against one consistent set of tables. */
final class CatalogSnapshot implements CatalogView {
    private final long version;
    private final Map<String, TableMeta> tables;

    CatalogSnapshot(long version, Map<String, TableMeta> tables) {
        this.version = version;
        this.tables = Map.copyOf(tables);
    }

    @Override
    public long version() {
        return version;
    }

    @Override
    public TableMeta table(String name) {
        return tables.get(name);
    }

    @Override
    public Collection<TableMeta> tables() {
        return Collections.unmodifiableCollection(tables.values());
    }

    Map<String, TableMeta> asMap() {
        return tables;
    }
}
