package io.carillon.console.internal.incidents;

import java.time.Instant;

/** One stored step of an incident's history ({@code OPENED}, {@code UPDATED}, {@code RESOLVED}), oldest first. */
record IncidentStep(String action, Instant at, int count, String fireId, String message) {}
