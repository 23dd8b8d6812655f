/**
 * The database engine: {@link org.terndb.engine.Database} (protocol, catalog, planner), the JVM registry of
 * named in-memory databases, {@link org.terndb.engine.Session} (autocommit, explicit transactions, retries),
 * and DDL execution.
 */
package org.terndb.engine;
