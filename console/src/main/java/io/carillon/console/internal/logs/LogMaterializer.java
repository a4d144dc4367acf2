package io.carillon.console.internal.logs;

import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.DeadLetters;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.LogLine;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
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

/**
 * Writes each poll of {@code logs} records into {@code run_logs} in one database transaction
 * ({@link LogRepository#append}, within the per-run cap of {@code carillon.console.logs.*}), then wakes the live log
 * streams of the runs that got lines. A record that is not a valid LogLine (not JSON, a tombstone, no runId, a
 * negative seq, no message) or whose key is not its run id goes to the dlq with the reason; when the database refuses
 * the batch, its lines are stored one by one and each refused one goes to the dlq.
 * <p>
 * Offsets vs. the database: at least once, as for results: offsets are committed after the batch's transaction
 * ({@code AckMode.BATCH}), and a redelivered line is at or below its run's highest seq seen, so it changes nothing.
 * Called by one container thread at a time per partition assignment.
 */
@Component
class LogMaterializer implements BatchMessageListener<String, byte[]> {

    private static final Logger log = LoggerFactory.getLogger(LogMaterializer.class);

    private final LogRepository logs;
    private final LogStreams streams;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;
    private final TransactionTemplate transactions;
    private final LogCap cap;
    private final Clock clock;

    public LogMaterializer(
            LogRepository logs,
            LogStreams streams,
            DeadLetters deadLetters,
            ConsoleProducer producer,
            PlatformTransactionManager transactionManager,
            LogProperties logProperties,
            Clock clock) {
        this.logs = logs;
        this.streams = streams;
        this.deadLetters = deadLetters;
        this.producer = producer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.cap = LogService.cap(logProperties);
        this.clock = clock;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        List<CompletableFuture<RecordMetadata>> letters = new ArrayList<>();
        List<ConsumerRecord<String, byte[]>> valid = new ArrayList<>();
        List<LogLine> lines = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> record : records) {
            try {
                lines.add(parse(record));
                valid.add(record);
            } catch (InvalidEventException e) {
                log.warn(
                        "dead-lettering {}-{}@{}: {}",
                        record.topic(),
                        record.partition(),
                        record.offset(),
                        e.getMessage());
                letters.add(deadLetters.send(record, e.getMessage()));
            }
        }
        streams.linesStored(store(valid, lines, letters));
        producer.awaitAll(letters);
    }

    private Set<String> store(
            List<ConsumerRecord<String, byte[]>> records,
            List<LogLine> lines,
            List<CompletableFuture<RecordMetadata>> letters) {
        if (lines.isEmpty()) {
            return Set.of();
        }
        try {
            return append(lines);
        } catch (DataIntegrityViolationException batchRefused) {
            Set<String> stored = new HashSet<>();
            for (int i = 0; i < lines.size(); i++) {
                try {
                    stored.addAll(append(List.of(lines.get(i))));
                } catch (DataIntegrityViolationException e) {
                    letters.add(deadLetters.send(
                            records.get(i),
                            "the console database refused the log line: "
                                    + e.getMostSpecificCause().getMessage()));
                }
            }
            return stored;
        }
    }

    private Set<String> append(List<LogLine> lines) {
        return transactions.execute(status -> logs.append(lines, cap, clock.instant()));
    }

    private static LogLine parse(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException("a logs record must have a LogLine value, not a tombstone");
        }
        LogLine line = EventSerdes.LOG.deserialize(record.topic(), record.value());
        if (line.runId() == null || line.runId().isBlank()) {
            throw new InvalidEventException("not a valid LogLine: field 'runId' is required");
        }
        if (!line.runId().equals(record.key())) {
            throw new InvalidEventException(
                    "not a valid LogLine: the record's key must be its runId '" + line.runId() + "'");
        }
        if (line.seq() < 0) {
            throw new InvalidEventException("not a valid LogLine: field 'seq' must be at least 0, was " + line.seq());
        }
        if (line.message() == null) {
            throw new InvalidEventException("not a valid LogLine: field 'message' is required");
        }
        return line;
    }
}
