package io.carillon.planner.internal;

import io.carillon.topics.events.RunResult;
import java.time.Instant;

/**
 * A run the planner has seen STARTED and not yet ended: its STARTED result, when the planner read it
 * ({@code seenAt}, by its own clock) and, for a job with a timeout, the instant after which it is TIMED_OUT
 * ({@code timeoutAt}: {@code seenAt} plus the job's {@code timeoutMs} plus the planner's grace; null without a
 * timeout). Immutable.
 */
public record OpenRun(RunResult started, Instant seenAt, Instant timeoutAt) {}
