package io.carillon.console.internal.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** One page of the job list, by id; {@code nextCursor} asks for the next page and is absent on the last. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record JobPage(List<JobSummary> items, String nextCursor) {}
