package org.terndb.executor.join;

/** The joins the executor runs: INNER, and LEFT (outer) which pads unmatched outer rows with NULLs. */
public enum JoinType { INNER, LEFT }
