package io.carillon.console.internal.workflows;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.NodeState;
import io.carillon.topics.events.NodeStatus;
import io.carillon.topics.events.WorkflowCommand;
import io.carillon.topics.events.WorkflowIds;
import io.carillon.topics.spring.CarillonTopics;
import java.time.Clock;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What users ask of workflows: start an instance now, retry a failed node, skip a node, cancel an instance. Each is
 * a {@link WorkflowCommand} on {@code workflow.commands} (key: workflow id) for the engine, audited in the same
 * database transaction, which commits once Kafka has acknowledged the record; the answer is the command's id (and,
 * for a start, the instance it starts). The caller must be allowed to operate every app of the workflow. Thread-safe.
 */
@Service
class WorkflowCommands {

    private final WorkflowService workflows;
    private final WorkflowInstanceRepository instances;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final Clock clock;

    WorkflowCommands(
            WorkflowService workflows,
            WorkflowInstanceRepository instances,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            ConsoleProducer producer,
            CarillonTopics topics,
            Clock clock) {
        this.workflows = workflows;
        this.instances = instances;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.producer = producer;
        this.topics = topics;
        this.clock = clock;
    }

    /**
     * Starts an instance of {@code workflowId} now (the engine queues or discards it when the workflow runs its
     * {@code maxInstances} already, as its block strategy says).
     *
     * @throws PublishException when Kafka did not take the command
     */
    Map<String, String> start(String workflowId) {
        String commandId = send(
                workflowId,
                AuditAction.WORKFLOW_START,
                workflowId,
                id -> WorkflowCommand.start(id, workflowId, actor(), clock.instant()));
        return Map.of("commandId", commandId, "instanceId", WorkflowIds.manualInstance(workflowId, commandId));
    }

    /** Runs the FAILED node {@code nodeId} of instance {@code instanceId} again and carries on from there. */
    Map<String, String> retryNode(String instanceId, String nodeId) {
        WorkflowInstanceView instance = instance(instanceId);
        NodeState node = node(instance, nodeId);
        if (node.status() != NodeStatus.FAILED) {
            throw InvalidInputException.of(
                    "nodeId", "node '" + nodeId + "' is " + node.status() + "; only a FAILED node is retried");
        }
        String workflowId = instance.workflowId();
        return Map.of(
                "commandId",
                send(
                        workflowId,
                        AuditAction.WORKFLOW_RETRY_NODE,
                        instanceId + "/" + nodeId,
                        id -> WorkflowCommand.retryNode(id, workflowId, instanceId, nodeId, actor(), clock.instant())));
    }

    /** Marks node {@code nodeId} of instance {@code instanceId} SUCCEEDED without running it, and carries on. */
    Map<String, String> skipNode(String instanceId, String nodeId) {
        WorkflowInstanceView instance = instance(instanceId);
        NodeState node = node(instance, nodeId);
        if (node.status() == NodeStatus.SUCCEEDED) {
            throw InvalidInputException.of("nodeId", "node '" + nodeId + "' has succeeded already");
        }
        String workflowId = instance.workflowId();
        return Map.of(
                "commandId",
                send(
                        workflowId,
                        AuditAction.WORKFLOW_SKIP_NODE,
                        instanceId + "/" + nodeId,
                        id -> WorkflowCommand.skipNode(id, workflowId, instanceId, nodeId, actor(), clock.instant())));
    }

    /** Cancels instance {@code instanceId}: no node of it starts any more. */
    Map<String, String> cancel(String instanceId) {
        WorkflowInstanceView instance = instance(instanceId);
        if (instance.status().isEnded()) {
            throw InvalidInputException.of(
                    "instanceId", "instance '" + instanceId + "' has ended (" + instance.status() + ")");
        }
        String workflowId = instance.workflowId();
        return Map.of(
                "commandId",
                send(
                        workflowId,
                        AuditAction.WORKFLOW_CANCEL,
                        instanceId,
                        id -> WorkflowCommand.cancel(id, workflowId, instanceId, actor(), clock.instant())));
    }

    /** Instance {@code instanceId}, refused (403) unless the caller may read every app of its workflow. */
    WorkflowInstanceView readableInstance(String instanceId) {
        WorkflowInstanceView instance = instance(instanceId);
        workflows.readable(instance.workflowId());
        return instance;
    }

    private WorkflowInstanceView instance(String instanceId) {
        return instances.find(instanceId).orElseThrow(() -> WorkflowNotFoundException.instance(instanceId));
    }

    private static NodeState node(WorkflowInstanceView instance, String nodeId) {
        return instance.nodes().stream()
                .filter(node -> node.nodeId().equals(nodeId))
                .findFirst()
                .orElseThrow(() -> InvalidInputException.of(
                        "nodeId", "instance '" + instance.instanceId() + "' has no node '" + nodeId + "'"));
    }

    /**
     * Checks that the caller may operate every app of workflow {@code workflowId}, then audits and publishes the
     * command {@code command} makes of a new command id, in one transaction; returns that id.
     */
    private String send(
            String workflowId, AuditAction action, String target, Function<String, WorkflowCommand> command) {
        WorkflowRepository.Row row = workflows.operable(workflowId);
        String commandId = UUID.randomUUID().toString();
        publish(action, row, target, command.apply(commandId));
        return commandId;
    }

    private void publish(AuditAction action, WorkflowRepository.Row row, String target, WorkflowCommand command) {
        transactions.executeWithoutResult(status -> {
            audit.record(
                    action,
                    WorkflowService.TARGET_TYPE,
                    target,
                    WorkflowService.auditApp(row.apps()),
                    null,
                    EventSerdes.WORKFLOW_COMMAND.toJson(command),
                    AuditOutcome.OK);
            producer.sendAndWait(
                    topics.catalog().workflowCommands(),
                    command.workflowId(),
                    EventSerdes.WORKFLOW_COMMAND.serialize(null, command));
        });
    }

    private String actor() {
        return authorizer.caller().actor();
    }
}
