package io.carillon.console.internal.jobs;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;

/** One page of the job list, by id; {@code nextCursor} asks for the next page and is absent on the last. */
@JsonInclude(JsonInclude.Include.NON_NULL)
record JobPage(List<JobSummary> items, String nextCursor) {
}
