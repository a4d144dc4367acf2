package io.carillon.dispatcher.internal;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;

/** What makes a parsed fire record unusable. */
final class FireChecks {

    private FireChecks() {}

    /** The problem with {@code fire}, naming the field, or null when it can be dispatched or cancelled. */
    static String problem(FireEvent fire) {
        if (isBlank(fire.fireId())) {
            return "field 'fireId' is missing";
        }
        if (fire.action() == FireAction.CANCEL) {
            return null;
        }
        if (isBlank(fire.jobId())) {
            return "field 'jobId' is missing";
        }
        if (!TopicCatalog.isValidAppName(fire.app())) {
            return "field 'app' is " + (fire.app() == null ? "missing" : "'" + fire.app() + "', not a valid app name");
        }
        if (isBlank(fire.handler())) {
            return "field 'handler' is missing";
        }
        if (fire.scheduledAt() == null) {
            return "field 'scheduledAt' is missing";
        }
        return null;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
