package io.carillon.console.internal.exchange;

import io.carillon.console.internal.exchange.ImportResult.FieldChange;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.Json;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.NullNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The fields in which two definitions of a job (or of a workflow, a calendar, a concurrency limit) differ, by path;
 * versions are not compared.
 * Stateless.
 */
final class JobDiff {

    private static final Set<String> IGNORED = Set.of("version", "schemaVersion");

    private JobDiff() {}

    static List<FieldChange> between(JobDefinition before, JobDefinition after) {
        return between(EventSerdes.JOB.toJson(before), EventSerdes.JOB.toJson(after));
    }

    static List<FieldChange> between(WorkflowDefinition before, WorkflowDefinition after) {
        return between(EventSerdes.WORKFLOW.toJson(before), EventSerdes.WORKFLOW.toJson(after));
    }

    static List<FieldChange> between(Calendar before, Calendar after) {
        return between(EventSerdes.CALENDAR.toJson(before), EventSerdes.CALENDAR.toJson(after));
    }

    static List<FieldChange> between(ConcurrencyLimit before, ConcurrencyLimit after) {
        return between(EventSerdes.LIMIT.toJson(before), EventSerdes.LIMIT.toJson(after));
    }

    private static List<FieldChange> between(String before, String after) {
        List<FieldChange> changes = new ArrayList<>();
        compare("", tree(before), tree(after), changes);
        return changes;
    }

    private static ObjectNode tree(String json) {
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(json);
        IGNORED.forEach(tree::remove);
        return tree;
    }

    private static void compare(String path, JsonNode before, JsonNode after, List<FieldChange> changes) {
        if (before instanceof ObjectNode left && after instanceof ObjectNode right) {
            Set<String> fields = new TreeSet<>(left.propertyNames());
            fields.addAll(right.propertyNames());
            for (String field : fields) {
                compare(
                        path.isEmpty() ? field : path + "." + field,
                        orNull(left.get(field)),
                        orNull(right.get(field)),
                        changes);
            }
        } else if (!before.equals(after)) {
            changes.add(new FieldChange(path, before, after));
        }
    }

    private static JsonNode orNull(JsonNode node) {
        return node == null ? NullNode.getInstance() : node;
    }
}
