package org.terndb.executor.meta;

import java.util.Collection;

/**
 * A consistent view of the catalog at one version: what the planner plans against. The engine's catalog
 * implements it; tables of one view never change (DDL publishes a new view with a higher version).
 */
public interface CatalogView {

    /** Bumped by every DDL statement; part of the plan-cache key. */
    long version();

    /** The table with exactly this (normalised) name, or null. */
    TableMeta table(String name);

    /** All tables. */
    Collection<TableMeta> tables();
}
