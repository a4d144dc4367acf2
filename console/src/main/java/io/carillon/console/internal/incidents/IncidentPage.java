package io.carillon.console.internal.incidents;

import java.util.List;

/** One page of incidents, newest opened first; {@code nextCursor} is null on the last page. */
record IncidentPage(List<IncidentView> incidents, String nextCursor) {}
