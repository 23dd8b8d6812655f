/**
 * TernDB's SQL dialect front end: {@link org.terndb.sql.SqlFrontend} routes DDL to the ANTLR4 grammar
 * ({@code ddl}) and everything else to Calcite's parser, with one set of lexical rules.
 */
package org.terndb.sql;
