package io.carillon.console.internal.incidents;

import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * What a channel is told: one step of one incident ({@code jobId} is null for an app's incident) and {@code link},
 * the incident in the console.
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
        String link) {

    /** The path of an incident in the console, under its public URL. */
    static final String INCIDENT_PATH = "/api/v1/incidents/";

    /** This notification with {@code link} pointing at the incident under {@code publicUrl}. */
    Notification linked(String publicUrl) {
        String base = publicUrl.endsWith("/") ? publicUrl.substring(0, publicUrl.length() - 1) : publicUrl;
        String path = URLEncoder.encode(incidentId, StandardCharsets.UTF_8).replace("+", "%20");
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
                base + INCIDENT_PATH + path);
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
                link);
    }

    /** What the incident is about: {@code job <id> (app <app>)} or {@code app <app>}. */
    String subject() {
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
