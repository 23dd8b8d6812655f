/**
 * Statement preparation: the plan cache keyed by (text, catalog version), Calcite validation and logical
 * planning ({@code calcite}), and conversion of Calcite's RelNode trees to executor plans with one small
 * converter per operator ({@code physical}). To support a new operator, add a {@code RelConverter} and
 * register it in {@code PhysicalPlanner}.
 */
package org.terndb.planner;
