/**
 * {@code bin/tern shell}: an interactive SQL shell over JDBC (JLine for the terminal) and its scripting
 * mode. {@link org.terndb.shell.ShellMain} is the entry point; everything else is package-private.
 */
package org.terndb.shell;
