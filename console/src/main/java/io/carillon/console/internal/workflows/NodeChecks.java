package io.carillon.console.internal.workflows;

import io.carillon.console.internal.workers.WorkerRegistry;
import io.carillon.topics.FieldError;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.stereotype.Component;

/**
 * What the console knows of a workflow's nodes beyond {@link io.carillon.topics.WorkflowValidator}: a node naming a
 * job names one that exists, and an inline node's handler is one the workers of its app have, when the app has live
 * workers (an app without any may get them later, so its handlers are not judged). Each error names the node's
 * field. Thread-safe.
 */
@Component
class NodeChecks {

    /** The most handler names an error about an unknown handler lists. */
    static final int MAX_HANDLERS_NAMED = 20;

    private final WorkerRegistry workers;
    private final Clock clock;

    NodeChecks(WorkerRegistry workers, Clock clock) {
        this.workers = workers;
        this.clock = clock;
    }

    /** The ids of the jobs {@code workflow}'s nodes name. */
    static Set<String> referencedJobs(WorkflowDefinition workflow) {
        Set<String> jobs = new TreeSet<>();
        workflow.nodes().stream().filter(node -> !node.isInline()).forEach(node -> jobs.add(node.jobId()));
        return jobs;
    }

    /** The errors of {@code workflow}'s nodes, given the app of each existing job it names ({@code jobApps}). */
    List<FieldError> check(WorkflowDefinition workflow, Map<String, String> jobApps) {
        List<WorkerHeartbeat> live = workers.instances(clock.instant());
        List<FieldError> errors = new ArrayList<>();
        List<WorkflowNode> nodes = workflow.nodes();
        for (int i = 0; i < nodes.size(); i++) {
            WorkflowNode node = nodes.get(i);
            String field = "nodes[" + i + "]";
            if (!node.isInline()) {
                if (!jobApps.containsKey(node.jobId())) {
                    errors.add(new FieldError(
                            field + ".jobId",
                            "node '" + node.id() + "' names job '" + node.jobId() + "', which does not exist"));
                }
                continue;
            }
            Set<String> handlers = handlersOf(live, node.app());
            if (!handlers.isEmpty() && !handlers.contains(node.handler())) {
                errors.add(new FieldError(
                        field + ".handler",
                        "node '" + node.id() + "': the workers of app '" + node.app() + "' have no handler '"
                                + node.handler() + "' (they have " + named(handlers) + ")"));
            }
        }
        return errors;
    }

    private static Set<String> handlersOf(List<WorkerHeartbeat> live, String app) {
        Set<String> handlers = new TreeSet<>();
        live.stream().filter(worker -> app.equals(worker.app())).forEach(worker -> handlers.addAll(worker.handlers()));
        return handlers;
    }

    private static String named(Set<String> handlers) {
        List<String> names = handlers.stream().limit(MAX_HANDLERS_NAMED).toList();
        String listed = String.join(", ", names);
        return handlers.size() > names.size() ? listed + ", …" : listed;
    }
}
