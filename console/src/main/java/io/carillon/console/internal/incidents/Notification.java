package io.carillon.console.internal.incidents;

import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * What a channel is told: one step of one incident ({@code jobId} is null for an app's or a workflow instance's
 * incident), {@code link}, the incident's page in the console, {@code jobLink}, the job's page (null without a job),
 * and {@code instanceLink}, the workflow instance's page for a WORKFLOW_FAILED or WORKFLOW_OVERRUN incident (whose
 * {@code fireId} is the instance id; null otherwise).
 */
public record Notification(
        String incidentId,
        IncidentAction action,
        IncidentRule rule,
        String app,
        String jobId,
        Instant openedAt,
        Instant at,
        int count,
        String fireId,
        String message,
        String link,
        String jobLink,
        String instanceLink) {

    /** The page of an incident in the console, under the console's address. */
    static final String INCIDENT_PAGE = "/#/incidents?id=";
    /** The page of a job in the console, under the console's address. */
    static final String JOB_PAGE = "/#/job?id=";
    /** The page of a workflow instance in the console, under the console's address. */
    static final String INSTANCE_PAGE = "/#/workflow-instance?id=";

    /** Whether this is an incident of a workflow instance, whose fire id is the instance. */
    boolean isWorkflowInstance() {
        return (rule == IncidentRule.WORKFLOW_FAILED || rule == IncidentRule.WORKFLOW_OVERRUN) && fireId != null;
    }

    /** This notification with {@code link} and {@code jobLink} pointing at the console's pages under {@code consoleUrl}. */
    Notification linked(String consoleUrl) {
        String base = consoleUrl.endsWith("/") ? consoleUrl.substring(0, consoleUrl.length() - 1) : consoleUrl;
        return new Notification(
                incidentId,
                action,
                rule,
                app,
                jobId,
                openedAt,
                at,
                count,
                fireId,
                message,
                base + INCIDENT_PAGE + encoded(incidentId),
                jobId == null ? null : base + JOB_PAGE + encoded(jobId),
                isWorkflowInstance() ? base + INSTANCE_PAGE + encoded(fireId) : null);
    }

    private static String encoded(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }

    /** This notification with its message cut to {@code maxChars} characters. */
    Notification cut(int maxChars) {
        if (message == null || message.length() <= maxChars) {
            return this;
        }
        return new Notification(
                incidentId,
                action,
                rule,
                app,
                jobId,
                openedAt,
                at,
                count,
                fireId,
                message.substring(0, maxChars - 1) + "…",
                link,
                jobLink,
                instanceLink);
    }

    /**
     * What the incident is about: {@code job <id> (app <app>)}, {@code workflow instance <id> (app <app>)} or
     * {@code app <app>}.
     */
    String subject() {
        if (isWorkflowInstance()) {
            return "workflow instance " + fireId + " (app " + app + ")";
        }
        return jobId == null ? "app " + app : "job " + jobId + " (app " + app + ")";
    }

    /** A one-line title, e.g. {@code [Carillon] FAILED incident opened: job nightly (app demo)}. */
    String title() {
        String what = switch (action) {
            case OPENED -> "opened";
            case UPDATED -> "updated";
            case RESOLVED -> "resolved";
        };
        return "[Carillon] " + rule + " incident " + what + ": " + subject();
    }
}
