/**
 * The JDBC driver ({@code jdbc:tern:mem:NAME}); see {@link org.terndb.jdbc.TernDriver} for URLs, options
 * and when an in-memory database is dropped.
 */
package org.terndb.jdbc;
