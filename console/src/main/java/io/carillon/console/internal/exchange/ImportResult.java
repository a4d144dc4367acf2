package io.carillon.console.internal.exchange;

import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What an import does (dry run) or did: the ids of the jobs created, changed (with each changed field), unchanged
 * and deleted ({@code prune} only), and the same of the workflows in {@code workflows}.
 */
record ImportResult(
        boolean dryRun,
        List<String> created,
        List<Changed> changed,
        List<String> unchanged,
        List<String> deleted,
        Workflows workflows) {

    /** The workflows an import creates, changes, leaves unchanged and deletes ({@code prune} only), by id. */
    public record Workflows(List<String> created, List<Changed> changed, List<String> unchanged, List<String> deleted) {

        static final Workflows NONE = new Workflows(List.of(), List.of(), List.of(), List.of());
    }

    /** A job or workflow whose definition changes: each field that differs, by its path. */
    public record Changed(String id, List<FieldChange> fields) {}

    /** One field of a changed job: its path ({@code schedule.cron}) and its values before and after. */
    public record FieldChange(String field, JsonNode before, JsonNode after) {}
}
