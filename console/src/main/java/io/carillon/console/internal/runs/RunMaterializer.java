package io.carillon.console.internal.runs;

import java.time.Clock;
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
import io.carillon.topics.events.RunResult;

/**
 * Writes each batch of {@code results} records into {@code runs} ({@link RunRepository#upsert}) in one database
 * transaction. A record that is not a valid RunResult, or that the database refuses, goes to the dlq and the rest
 * of the batch is stored. The listener returns only once the batch is stored and its dead letters acknowledged, so
 * the container commits offsets past records that are safely handled; a database outage throws and the container
 * retries the batch. Called by one container thread at a time per partition assignment.
 */
@Component
public class RunMaterializer implements BatchMessageListener<String, byte[]> {

    private static final Logger log = LoggerFactory.getLogger(RunMaterializer.class);

    private final RunRepository runs;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;
    private final TransactionTemplate transactions;
    private final Clock clock;

    public RunMaterializer(RunRepository runs, DeadLetters deadLetters, ConsoleProducer producer,
            PlatformTransactionManager transactionManager, Clock clock) {
        this.runs = runs;
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
        store(received, letters);
        producer.awaitAll(letters);
    }

    private void store(List<Received> received, List<CompletableFuture<RecordMetadata>> letters) {
        if (received.isEmpty()) {
            return;
        }
        try {
            upsert(received);
        } catch (DataIntegrityViolationException batchRefused) {
            for (Received one : received) {
                try {
                    upsert(List.of(one));
                } catch (DataIntegrityViolationException e) {
                    letters.add(deadLetters.send(one.record(),
                            "the console database refused the result: " + e.getMostSpecificCause().getMessage()));
                }
            }
        }
    }

    private void upsert(List<Received> received) {
        List<RunResult> results = received.stream().map(Received::result).toList();
        transactions.executeWithoutResult(status -> runs.upsert(results, clock.instant()));
    }

    private static RunResult parse(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException("a results record must have a RunResult value, not a tombstone");
        }
        RunResult result = EventSerdes.RESULT.deserialize(record.topic(), record.value());
        requirePresent("runId", result.runId());
        requirePresent("jobId", result.jobId());
        if (result.status() == null) {
            throw new InvalidEventException("not a valid RunResult: field 'status' is required");
        }
        return result;
    }

    private static void requirePresent(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidEventException("not a valid RunResult: field '" + field + "' is required");
        }
    }

    private record Received(ConsumerRecord<String, byte[]> record, RunResult result) {
    }
}
