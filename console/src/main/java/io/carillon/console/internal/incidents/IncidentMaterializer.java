package io.carillon.console.internal.incidents;

import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.DeadLetters;
import io.carillon.console.internal.kafka.ParsedRecords;
import io.carillon.topics.EventChecks;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.Incident;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes each poll of {@code alerts} records into {@code incidents} and {@code incident_events} and, for each step
 * not stored before, one {@code deliveries} row per matching channel and what each {@link IncidentStepListener}
 * writes, all in one database transaction: a step is notified exactly when it is first stored. A record that is not a valid Incident goes to the dlq with the reason
 * and the rest of the batch is stored; when the database refuses the batch, its steps are stored one by one and
 * each refused one goes to the dlq.
 * <p>
 * Offsets vs. the database: at least once; the container commits a batch's offsets only after this listener
 * returns ({@code AckMode.BATCH}). A replayed step finds itself in {@code incident_events} and changes nothing, so
 * it is neither stored nor notified twice. Called by one container thread at a time per partition assignment.
 */
@Component
class IncidentMaterializer implements BatchMessageListener<String, byte[]> {

    static final int MAX_ID_LENGTH = 512;
    static final int MAX_NAME_LENGTH = 128;
    static final int MAX_MESSAGE_CHARS = 4000;
    private static final EventChecks CHECKS = new EventChecks("Incident");

    private final IncidentRepository incidents;
    private final DeliveryRepository deliveries;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final List<IncidentStepListener> listeners;

    IncidentMaterializer(
            IncidentRepository incidents,
            DeliveryRepository deliveries,
            DeadLetters deadLetters,
            ConsoleProducer producer,
            PlatformTransactionManager transactionManager,
            Clock clock,
            ObjectProvider<IncidentStepListener> listeners) {
        this.listeners = listeners.orderedStream().toList();
        this.incidents = incidents;
        this.deliveries = deliveries;
        this.deadLetters = deadLetters;
        this.producer = producer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        ParsedRecords<Incident> batch = ParsedRecords.parse(records, IncidentMaterializer::parse, deadLetters);
        batch.store(this::store, "the console database refused the incident");
        batch.awaitDeadLetters(producer);
    }

    private void store(List<Incident> steps) {
        transactions.executeWithoutResult(status -> {
            Instant now = clock.instant();
            for (Incident step : steps) {
                if (incidents.store(step, now)) {
                    deliveries.enqueue(step, now);
                    listeners.forEach(listener -> listener.stored(step, now));
                }
            }
        });
    }

    static Incident parse(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException("an alerts record must have an Incident value, not a tombstone");
        }
        Incident step = EventSerdes.INCIDENT.deserialize(record.topic(), record.value());
        CHECKS.requireText("incidentId", step.incidentId(), MAX_ID_LENGTH);
        CHECKS.requireText("app", step.app(), MAX_NAME_LENGTH);
        CHECKS.requirePresent("action", step.action());
        CHECKS.requirePresent("rule", step.rule());
        CHECKS.requirePresent("at", step.at());
        CHECKS.requireAtMost("jobId", step.jobId(), MAX_NAME_LENGTH);
        CHECKS.requireAtMost("fireId", step.fireId(), MAX_ID_LENGTH);
        if (step.message() != null && step.message().length() > MAX_MESSAGE_CHARS) {
            return new Incident(
                    step.schemaVersion(),
                    step.incidentId(),
                    step.action(),
                    step.rule(),
                    step.app(),
                    step.jobId(),
                    step.openedAt(),
                    step.at(),
                    step.count(),
                    step.fireId(),
                    step.message().substring(0, MAX_MESSAGE_CHARS - 1) + "…");
        }
        return step;
    }
}
