package io.carillon.console.internal.exchange;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowDefinition;
import java.time.Instant;
import java.util.List;

/**
 * Jobs and workflows as an export document: {@code format} {@value #FORMAT}, {@code version} {@value #VERSION}, the
 * apps it covers (an import with {@code prune} deletes the jobs of these apps it does not list, and, when the
 * document has {@code workflows}, the workflows all of whose apps are among them it does not list), the job
 * definitions and the workflow definitions (null: the document says nothing of workflows), and the calendars and
 * concurrency limits they use (null: the document says nothing of them; an import never deletes one). An import
 * ignores the {@code version} of jobs and workflows: the receiving console numbers its own.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record JobsDocument(
        String format,
        int version,
        Instant exportedAt,
        List<String> apps,
        List<JobDefinition> jobs,
        List<WorkflowDefinition> workflows,
        List<Calendar> calendars,
        List<ConcurrencyLimit> limits) {

    public static final String FORMAT = "carillon-jobs";
    public static final int VERSION = 1;
}
