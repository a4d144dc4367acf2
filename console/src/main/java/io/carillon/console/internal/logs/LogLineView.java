package io.carillon.console.internal.logs;

import java.time.Instant;

/** One kept line of a run's log, as the API shows it; {@code at} is the worker's time of the line. */
record LogLineView(long seq, Instant at, String level, String instance, String message) {}
