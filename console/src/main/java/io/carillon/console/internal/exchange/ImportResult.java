package io.carillon.console.internal.exchange;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What an import does (dry run) or did: the ids of the jobs created, changed (with each changed field), unchanged
 * and deleted ({@code prune} only), the same of the workflows in {@code workflows}, and the calendars and
 * concurrency limits created, changed and unchanged in {@code calendars} and {@code limits} (an import deletes none).
 */
record ImportResult(
        boolean dryRun,
        List<String> created,
        List<Changed> changed,
        List<String> unchanged,
        List<String> deleted,
        Workflows workflows,
        Definitions calendars,
        Definitions limits) {

    /** The workflows an import creates, changes, leaves unchanged and deletes ({@code prune} only), by id. */
    public record Workflows(List<String> created, List<Changed> changed, List<String> unchanged, List<String> deleted) {

        static final Workflows NONE = new Workflows(List.of(), List.of(), List.of(), List.of());
    }

    /** The calendars (or limits) an import creates, changes and leaves unchanged, by id. */
    public record Definitions(List<String> created, List<Changed> changed, List<String> unchanged) {

        static final Definitions NONE = new Definitions(List.of(), List.of(), List.of());
    }

    /** A job, workflow, calendar or limit whose definition changes: each field that differs, by its path. */
    public record Changed(String id, List<FieldChange> fields) {}

    /** One field of a changed job: its path ({@code schedule.cron}) and its values before and after. */
    public record FieldChange(String field, JsonNode before, JsonNode after) {}
}
