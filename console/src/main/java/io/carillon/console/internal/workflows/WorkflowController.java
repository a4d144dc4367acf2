package io.carillon.console.internal.workflows;

import io.carillon.console.internal.web.JsonBodies;
import io.carillon.topics.events.WorkflowDefinition;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * Workflows over REST ({@code docs/workflows.md}): {@code /api/v1/workflows} lists them, {@code /{id}} reads,
 * creates or replaces (PUT, the definition's JSON; its {@code id} may be left out, {@code version} is the
 * console's, {@code enabled} defaults to true) and deletes them; {@code /{id}/start} starts an instance now and
 * {@code /{id}/instances} lists the newest instances; {@code /api/v1/workflow-instances/{instanceId}} reads one
 * instance with every node's state, and its {@code /cancel}, {@code /nodes/{nodeId}/retry} and
 * {@code /nodes/{nodeId}/skip} act on it (202: the engine carries the command out).
 */
@RestController
class WorkflowController {

    private final WorkflowService workflows;
    private final WorkflowCommands commands;
    private final WorkflowInstanceRepository instances;
    private final WorkflowProperties settings;

    WorkflowController(
            WorkflowService workflows,
            WorkflowCommands commands,
            WorkflowInstanceRepository instances,
            WorkflowProperties settings) {
        this.workflows = workflows;
        this.commands = commands;
        this.instances = instances;
        this.settings = settings;
    }

    @GetMapping("/api/v1/workflows")
    List<WorkflowView> list() {
        return workflows.list();
    }

    @GetMapping("/api/v1/workflows/{id}")
    WorkflowView get(@PathVariable String id) {
        return workflows.get(id);
    }

    @PutMapping("/api/v1/workflows/{id}")
    WorkflowView save(@PathVariable String id, @RequestBody(required = false) String body) {
        return workflows.save(id, JsonBodies.userDefinition(JsonBodies.object(body), WorkflowDefinition.class));
    }

    @DeleteMapping("/api/v1/workflows/{id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    void delete(@PathVariable String id) {
        workflows.delete(id);
    }

    @PostMapping("/api/v1/workflows/{id}/start")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Map<String, String> start(@PathVariable String id) {
        return commands.start(id);
    }

    @GetMapping("/api/v1/workflows/{id}/instances")
    List<WorkflowInstanceView> instances(@PathVariable String id) {
        workflows.readable(id);
        return instances.ofWorkflow(id, settings.getMaxInstancesListed());
    }

    @GetMapping("/api/v1/workflow-instances/{instanceId}")
    WorkflowInstanceView instance(@PathVariable String instanceId) {
        return commands.readableInstance(instanceId);
    }

    @PostMapping("/api/v1/workflow-instances/{instanceId}/cancel")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Map<String, String> cancel(@PathVariable String instanceId) {
        return commands.cancel(instanceId);
    }

    @PostMapping("/api/v1/workflow-instances/{instanceId}/nodes/{nodeId}/retry")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Map<String, String> retryNode(@PathVariable String instanceId, @PathVariable String nodeId) {
        return commands.retryNode(instanceId, nodeId);
    }

    @PostMapping("/api/v1/workflow-instances/{instanceId}/nodes/{nodeId}/skip")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Map<String, String> skipNode(@PathVariable String instanceId, @PathVariable String nodeId) {
        return commands.skipNode(instanceId, nodeId);
    }
}
