package io.carillon.worker.spring;

import io.carillon.topics.FieldError;
import io.carillon.topics.WorkflowValidator;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.EdgeCondition;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.springframework.beans.BeanUtils;
import org.springframework.boot.convert.DurationStyle;

/**
 * Reads the workflows an app declares, through {@code carillon.worker.workflows.<id>.*} and as beans of type
 * {@link WorkflowDefinition}, into definitions checked by {@link WorkflowValidator}, with every inline node running
 * one of this app's handlers. Misdeclarations are refused all at once, each naming the property (or the bean) and
 * the problem. The schedule, misfire and node fields are read as {@link DeclarationValues} reads a declared job's.
 */
final class WorkflowDeclarations {

    static final String PROPERTY_PREFIX = "carillon.worker.workflows.";
    private static final Pattern NODE_INDEX = Pattern.compile("^nodes\\[(\\d+)]");
    private static final Pattern CAMEL = Pattern.compile("([a-z0-9])([A-Z])");

    private WorkflowDeclarations() {}

    /**
     * The workflows declared by {@code configured} and {@code beans} (by bean name), in order of declaration.
     *
     * @param handlers the names of the handlers of app {@code app}; an inline node must run one of them
     * @throws IllegalStateException naming each misdeclaration: a value that cannot be read or breaks a workflow's
     *     rules, an id declared twice, a handler that is not one of {@code handlers}, too many workflows
     */
    static List<WorkflowDefinition> read(
            Map<String, DeclaredWorkflowProperties> configured,
            Map<String, WorkflowDefinition> beans,
            String app,
            Set<String> handlers) {
        Map<String, String> sources = new LinkedHashMap<>();
        List<WorkflowDefinition> workflows = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        configured.forEach((id, properties) -> {
            List<FieldError> errors = new ArrayList<>();
            WorkflowDefinition workflow = fromProperties(id, properties, app, errors);
            add(workflow, PROPERTY_PREFIX + id, true, errors, app, handlers, sources, workflows, problems);
        });
        beans.forEach((name, workflow) -> add(
                workflow,
                "the WorkflowDefinition bean '" + name + "'",
                false,
                new ArrayList<>(),
                app,
                handlers,
                sources,
                workflows,
                problems));
        if (workflows.size() > AppDeclarations.MAX_WORKFLOWS) {
            problems.add("app '" + app + "' declares " + workflows.size() + " workflows; at most "
                    + AppDeclarations.MAX_WORKFLOWS + " may be declared in code or configuration");
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException(
                    "invalid workflow declarations of app '" + app + "':\n  - " + String.join("\n  - ", problems));
        }
        return List.copyOf(workflows);
    }

    private static WorkflowDefinition fromProperties(
            String id, DeclaredWorkflowProperties properties, String app, List<FieldError> errors) {
        DeclaredJobProperties common = new DeclaredJobProperties();
        BeanUtils.copyProperties(properties, common);
        DeclarationValues values = DeclarationValues.none().overriddenBy(common);
        JobDefinition shape = values.toJob(id, app, null);
        errors.addAll(values.errors());
        List<WorkflowNode> nodes = new ArrayList<>();
        properties.getNodes().forEach((nodeId, node) -> nodes.add(node(nodeId, node, app, errors)));
        List<WorkflowEdge> edges = new ArrayList<>();
        for (int i = 0; i < properties.getEdges().size(); i++) {
            DeclaredWorkflowEdgeProperties edge = properties.getEdges().get(i);
            edges.add(new WorkflowEdge(edge.getFrom(), edge.getTo(), condition(i, edge.getWhen(), errors)));
        }
        return WorkflowDefinition.builder(id)
                .description(shape.description())
                .owner(shape.owner())
                .tags(shape.tags())
                .schedule(shape.schedule())
                .misfire(shape.misfire())
                .enabled(shape.enabled())
                .maxInstances(maxInstances(properties.getMaxInstances(), errors))
                .blockStrategy(shape.blockStrategy())
                .maxDurationMs(maxDuration(properties.getMaxDuration(), errors))
                .nodes(nodes)
                .edges(edges)
                .build();
    }

    private static WorkflowNode node(
            String nodeId, DeclaredWorkflowNodeProperties properties, String app, List<FieldError> errors) {
        DeclaredJobProperties common = new DeclaredJobProperties();
        BeanUtils.copyProperties(properties, common);
        common.getConcurrency().setLimit(properties.getConcurrency().getLimit());
        common.getConcurrency().setWhenBusy(properties.getConcurrency().getWhenBusy());
        DeclarationValues values = DeclarationValues.none().overriddenBy(common);
        JobDefinition shape = values.toJob(nodeId, app, properties.getHandler());
        values.errors()
                .forEach(error -> errors.add(new FieldError("nodes." + nodeId + "." + error.field(), error.message())));
        boolean inline = properties.getJobId() == null || properties.getJobId().isBlank();
        boolean retried = properties.getRetryAttempts() != null
                || properties.getRetryBackoff() != null
                || properties.getRetryMultiplier() != null
                || properties.getRetryMaxBackoff() != null;
        return new WorkflowNode(
                nodeId,
                shape.description(),
                inline ? null : properties.getJobId().trim(),
                inline ? app : null,
                inline ? shape.handler() : null,
                shape.params(),
                shape.timeoutMs(),
                retried ? shape.retry() : null,
                properties.getRouting() == null ? null : shape.routing(),
                shape.pinnedInstances(),
                properties.getBlockStrategy() == null ? null : shape.blockStrategy(),
                shape.concurrency());
    }

    private static EdgeCondition condition(int index, String when, List<FieldError> errors) {
        if (when == null || when.isBlank()) {
            return null;
        }
        try {
            return EdgeCondition.valueOf(when.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            errors.add(new FieldError(
                    "edges[" + index + "].when",
                    "'" + when + "' is not one of " + Arrays.toString(EdgeCondition.values())));
            return null;
        }
    }

    private static int maxInstances(String text, List<FieldError> errors) {
        if (text == null || text.isBlank()) {
            return 0;
        }
        try {
            return Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            errors.add(new FieldError("maxInstances", "'" + text + "' is not a whole number"));
            return 0;
        }
    }

    private static Long maxDuration(String text, List<FieldError> errors) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            Duration duration = DurationStyle.detectAndParse(text.trim());
            return duration.toMillis();
        } catch (IllegalArgumentException e) {
            errors.add(new FieldError("maxDuration", "'" + text + "' is not a duration: write 30s, 5m, 2h or PT5M"));
            return null;
        }
    }

    private static void add(
            WorkflowDefinition workflow,
            String source,
            boolean fromProperties,
            List<FieldError> errors,
            String app,
            Set<String> handlers,
            Map<String, String> sources,
            List<WorkflowDefinition> workflows,
            List<String> problems) {
        String earlier = sources.putIfAbsent(workflow.id(), source);
        if (earlier != null) {
            problems.add("workflow '" + workflow.id() + "' is declared twice: by " + earlier + " and by " + source
                    + "; give each declaration its own id");
            return;
        }
        List<FieldError> checked = new ArrayList<>();
        WorkflowValidator.validate(workflow).stream()
                .map(error -> fromProperties ? named(error, workflow) : error)
                .forEach(checked::add);
        errors.forEach(error -> checked.add(fromProperties ? kebab(error) : error));
        for (WorkflowNode node : workflow.nodes()) {
            String field = fromProperties
                    ? "nodes." + node.id()
                    : "nodes[" + workflow.nodes().indexOf(node) + "]";
            if (node.isInline() && !app.equals(node.app())) {
                checked.add(new FieldError(
                        field + ".app",
                        "'" + node.app() + "' is not the declaring app '" + app
                                + "'; an app declares workflows of its own handlers"));
            } else if (node.isInline() && node.handler() != null && !handlers.contains(node.handler())) {
                checked.add(new FieldError(
                        field + ".handler",
                        "'" + node.handler() + "' is not a handler of app '" + app + "'; its handlers are "
                                + handlers));
            }
        }
        if (checked.isEmpty()) {
            workflows.add(workflow);
            return;
        }
        String prefix = fromProperties ? source + "." : source + ": ";
        problems.add(checked.stream()
                .distinct()
                .map(error -> prefix + error.field() + ": " + error.message())
                .collect(Collectors.joining("; ")));
    }

    /** The validator's error with {@code nodes[i]} named by the node's id, as the properties name it. */
    private static FieldError named(FieldError error, WorkflowDefinition workflow) {
        Matcher index = NODE_INDEX.matcher(error.field());
        String field = error.field();
        if (index.find()) {
            int i = Integer.parseInt(index.group(1));
            if (i < workflow.nodes().size()) {
                field = "nodes." + workflow.nodes().get(i).id() + field.substring(index.end());
            }
        }
        field = field.replaceFirst("^schedule\\.", "").replaceFirst("^maxDurationMs$", "maxDuration");
        field = field.replaceFirst("\\.timeoutMs$", ".timeout");
        return kebab(new FieldError(field, error.message()));
    }

    private static FieldError kebab(FieldError error) {
        String field = CAMEL.matcher(error.field()).replaceAll("$1-$2").toLowerCase(Locale.ROOT);
        return new FieldError(field, error.message());
    }
}
