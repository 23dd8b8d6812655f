/**
 * TernDB's executor: immutable physical plans ({@link org.terndb.executor.PlanNode}) that open pull cursors
 * over the {@code txn} Transaction API. Knows nothing of Calcite; the planner builds these plans.
 * Sub-packages by concern: {@code access} (index get, index range scan), {@code relational} (filter,
 * project, sort, top-n, limit, hash and streaming aggregate, values, union all), {@code join} (index
 * nested-loop, hash and nested-loop joins), {@code modify} (insert, update, blind update, delete),
 * {@code expr} (expression evaluators and the internal value representation), {@code meta} (tables and
 * indexes as plans see them).
 */
package org.terndb.executor;
