package io.carillon.worker.internal;

import io.carillon.topics.CalendarValidator;
import io.carillon.topics.FieldError;
import io.carillon.topics.LimitValidator;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowNode;
import java.time.Instant;
import java.util.List;

/**
 * The jobs, workflows, calendars and concurrency limits a worker declares for its app, with the app's version,
 * checked when the worker is built and published as {@link AppDeclarations} when it starts. Immutable.
 */
public record Declared(
        String appVersion,
        List<JobDefinition> jobs,
        List<WorkflowDefinition> workflows,
        List<Calendar> calendars,
        List<ConcurrencyLimit> limits) {

    public Declared {
        jobs = List.copyOf(jobs);
        workflows = List.copyOf(workflows);
        calendars = List.copyOf(calendars);
        limits = List.copyOf(limits);
    }

    /**
     * Checks the declarations of app {@code app}.
     *
     * @throws IllegalArgumentException naming what is wrong: the app version's length, too many jobs, workflows,
     *     calendars or limits, a job or an inline workflow node of another app, a calendar or limit that is not valid
     */
    public void requireValid(String app, int maxAppVersionLength) {
        if (appVersion == null || appVersion.isBlank() || appVersion.length() > maxAppVersionLength) {
            throw new IllegalArgumentException(
                    "appVersion must be 1 to " + maxAppVersionLength + " characters, was '" + appVersion + "'");
        }
        if (jobs.size() > AppDeclarations.MAX_JOBS) {
            throw new IllegalArgumentException(
                    jobs.size() + " jobs are declared; at most " + AppDeclarations.MAX_JOBS + " may be");
        }
        if (workflows.size() > AppDeclarations.MAX_WORKFLOWS) {
            throw new IllegalArgumentException(
                    workflows.size() + " workflows are declared; at most " + AppDeclarations.MAX_WORKFLOWS + " may be");
        }
        requireAtMost("calendars", calendars.size(), AppDeclarations.MAX_CALENDARS);
        requireAtMost("limits", limits.size(), AppDeclarations.MAX_LIMITS);
        for (Calendar calendar : calendars) {
            requireNoErrors("calendar", calendar.id(), CalendarValidator.validate(calendar));
        }
        for (ConcurrencyLimit limit : limits) {
            requireNoErrors("limit", limit.id(), LimitValidator.validate(limit));
        }
        for (JobDefinition job : jobs) {
            if (!app.equals(job.app())) {
                throw new IllegalArgumentException("declared job '" + job.id() + "' belongs to app '" + job.app()
                        + "', not to this worker's app '" + app + "'");
            }
        }
        for (WorkflowDefinition workflow : workflows) {
            for (WorkflowNode node : workflow.nodes()) {
                if (node.isInline() && !app.equals(node.app())) {
                    throw new IllegalArgumentException("node '" + node.id() + "' of declared workflow '"
                            + workflow.id() + "' runs on app '" + node.app() + "', not on this worker's app '" + app
                            + "'");
                }
            }
        }
    }

    private static void requireAtMost(String what, int count, int max) {
        if (count > max) {
            throw new IllegalArgumentException(count + " " + what + " are declared; at most " + max + " may be");
        }
    }

    private static void requireNoErrors(String kind, String id, List<FieldError> errors) {
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("declared " + kind + " '" + id + "' is not valid: " + errors);
        }
    }

    /** The record the worker {@code instanceId} of app {@code app} publishes at {@code now}. */
    public AppDeclarations event(String app, String instanceId, Instant now) {
        return new AppDeclarations(
                AppDeclarations.SCHEMA_VERSION, app, appVersion, instanceId, now, jobs, workflows, calendars, limits);
    }
}
