package io.carillon.console.internal.dashboard;

import io.carillon.console.internal.dashboard.Dashboard.Series;
import java.time.Duration;
import java.time.Instant;

/**
 * The charts of one job's page at {@code at}: its runs by status and lateness per minute over the last
 * {@code range}, and by status per UTC day over the last {@code days} days, read from the {@code runs} table
 * (finished runs by scheduled time, exact percentiles).
 */
record JobCharts(String jobId, Instant at, Duration range, int days, Series perMinute, Series perDay) {}
