package io.carillon.console.internal.workflows;

import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.DeadLetters;
import io.carillon.console.internal.kafka.ParsedRecords;
import io.carillon.topics.EventChecks;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.WorkflowEvent;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes each poll of {@code workflow.events} into {@code workflow_instances} in one database transaction: an
 * instance's row is its newest event (the highest {@code sequence}), so a replayed or older event changes nothing. A
 * record that is not a valid WorkflowEvent goes to the dlq with the reason and the rest of the batch is stored.
 * Offsets are committed after the listener returns (at least once). Called by one container thread at a time per
 * partition assignment.
 */
@Component
class WorkflowEventMaterializer implements BatchMessageListener<String, byte[]> {

    static final int MAX_ID_LENGTH = 512;
    static final int MAX_MESSAGE_CHARS = 4000;
    private static final EventChecks CHECKS = new EventChecks("WorkflowEvent");

    private final WorkflowInstanceRepository instances;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;
    private final TransactionTemplate transactions;
    private final Clock clock;

    WorkflowEventMaterializer(
            WorkflowInstanceRepository instances,
            DeadLetters deadLetters,
            ConsoleProducer producer,
            PlatformTransactionManager transactionManager,
            Clock clock) {
        this.instances = instances;
        this.deadLetters = deadLetters;
        this.producer = producer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        ParsedRecords<WorkflowEvent> batch =
                ParsedRecords.parse(records, WorkflowEventMaterializer::parse, deadLetters);
        batch.store(this::store, "the console database refused the workflow event");
        batch.awaitDeadLetters(producer);
    }

    private void store(List<WorkflowEvent> events) {
        transactions.executeWithoutResult(status -> {
            Instant now = clock.instant();
            events.forEach(event -> instances.store(event, now));
        });
    }

    static WorkflowEvent parse(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException(
                    "a workflow.events record must have a WorkflowEvent value, not a tombstone");
        }
        WorkflowEvent event = EventSerdes.WORKFLOW_EVENT.deserialize(record.topic(), record.value());
        CHECKS.requireText("workflowId", event.workflowId(), MAX_ID_LENGTH);
        CHECKS.requireText("instanceId", event.instanceId(), MAX_ID_LENGTH);
        CHECKS.requirePresent("status", event.status());
        CHECKS.requireAtMost("message", event.message(), MAX_MESSAGE_CHARS);
        return event;
    }
}
