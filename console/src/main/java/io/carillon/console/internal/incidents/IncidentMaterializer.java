package io.carillon.console.internal.incidents;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.DeadLetters;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.Incident;

/**
 * Writes each poll of {@code alerts} records into {@code incidents} and {@code incident_events} and, for each step
 * not stored before, one {@code deliveries} row per matching channel, all in one database transaction: a step is
 * notified exactly when it is first stored. A record that is not a valid Incident goes to the dlq with the reason
 * and the rest of the batch is stored; when the database refuses the batch, its steps are stored one by one and
 * each refused one goes to the dlq.
 * <p>
 * Offsets vs. the database: at least once; the container commits a batch's offsets only after this listener
 * returns ({@code AckMode.BATCH}). A replayed step finds itself in {@code incident_events} and changes nothing, so
 * it is neither stored nor notified twice. Called by one container thread at a time per partition assignment.
 */
@Component
public class IncidentMaterializer implements BatchMessageListener<String, byte[]> {

    private static final Logger log = LoggerFactory.getLogger(IncidentMaterializer.class);
    static final int MAX_ID_LENGTH = 512;
    static final int MAX_NAME_LENGTH = 128;
    static final int MAX_MESSAGE_CHARS = 4000;

    private final IncidentRepository incidents;
    private final DeliveryRepository deliveries;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;
    private final TransactionTemplate transactions;
    private final Clock clock;

    IncidentMaterializer(IncidentRepository incidents, DeliveryRepository deliveries, DeadLetters deadLetters,
            ConsoleProducer producer, PlatformTransactionManager transactionManager, Clock clock) {
        this.incidents = incidents;
        this.deliveries = deliveries;
        this.deadLetters = deadLetters;
        this.producer = producer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        List<CompletableFuture<RecordMetadata>> letters = new ArrayList<>();
        List<Received> received = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> record : records) {
            try {
                received.add(new Received(record, parse(record)));
            } catch (InvalidEventException e) {
                log.warn("dead-lettering {}-{}@{}: {}", record.topic(), record.partition(), record.offset(),
                        e.getMessage());
                letters.add(deadLetters.send(record, e.getMessage()));
            }
        }
        try {
            store(received);
        } catch (DataIntegrityViolationException batchRefused) {
            for (Received one : received) {
                try {
                    store(List.of(one));
                } catch (DataIntegrityViolationException e) {
                    letters.add(deadLetters.send(one.record(),
                            "the console database refused the incident: " + e.getMostSpecificCause().getMessage()));
                }
            }
        }
        producer.awaitAll(letters);
    }

    private void store(List<Received> received) {
        if (received.isEmpty()) {
            return;
        }
        transactions.executeWithoutResult(status -> {
            Instant now = clock.instant();
            for (Received one : received) {
                if (incidents.store(one.step(), now)) {
                    deliveries.enqueue(one.step(), now);
                }
            }
        });
    }

    static Incident parse(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException("an alerts record must have an Incident value, not a tombstone");
        }
        Incident step = EventSerdes.INCIDENT.deserialize(record.topic(), record.value());
        requireText("incidentId", step.incidentId(), MAX_ID_LENGTH);
        requireText("app", step.app(), MAX_NAME_LENGTH);
        requirePresent("action", step.action());
        requirePresent("rule", step.rule());
        requirePresent("at", step.at());
        if (step.jobId() != null && step.jobId().length() > MAX_NAME_LENGTH) {
            throw invalid("jobId", "is longer than " + MAX_NAME_LENGTH + " characters");
        }
        if (step.fireId() != null && step.fireId().length() > MAX_ID_LENGTH) {
            throw invalid("fireId", "is longer than " + MAX_ID_LENGTH + " characters");
        }
        if (step.message() != null && step.message().length() > MAX_MESSAGE_CHARS) {
            return new Incident(step.schemaVersion(), step.incidentId(), step.action(), step.rule(), step.app(),
                    step.jobId(), step.openedAt(), step.at(), step.count(), step.fireId(),
                    step.message().substring(0, MAX_MESSAGE_CHARS - 1) + "…");
        }
        return step;
    }

    private static void requireText(String field, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw invalid(field, "is required");
        }
        if (value.length() > maxLength) {
            throw invalid(field, "is longer than " + maxLength + " characters");
        }
    }

    private static void requirePresent(String field, Object value) {
        if (value == null) {
            throw invalid(field, "is required");
        }
    }

    private static InvalidEventException invalid(String field, String problem) {
        return new InvalidEventException("not a valid Incident: field '" + field + "' " + problem);
    }

    private record Received(ConsumerRecord<String, byte[]> record, Incident step) {
    }
}
