package io.carillon.console.internal.dashboard;

import java.time.Clock;
import java.util.List;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.DeadLetters;
import io.carillon.console.internal.kafka.ParsedRecords;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.StatsScope;

/**
 * Writes each poll of {@code stats} records into {@code run_stats}, one row per window of one job or app, in one
 * database transaction. A record that is not a valid RunStats goes to the dlq with the reason and the rest of the
 * batch is stored; when the database refuses the batch, its records are stored one by one and each refused one goes
 * to the dlq.
 * <p>
 * Offsets vs. the database: at least once; the container commits a batch's offsets only after this listener
 * returns. A replayed record overwrites its window's row with the same values. Called by one container thread at a
 * time per partition assignment.
 */
@Component
class StatsMaterializer implements BatchMessageListener<String, byte[]> {

    static final int MAX_NAME_LENGTH = 256;

    private final StatsRepository stats;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;
    private final TransactionTemplate transactions;
    private final Clock clock;

    StatsMaterializer(StatsRepository stats, DeadLetters deadLetters, ConsoleProducer producer,
            PlatformTransactionManager transactionManager, Clock clock) {
        this.stats = stats;
        this.deadLetters = deadLetters;
        this.producer = producer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        ParsedRecords<RunStats> batch = ParsedRecords.parse(records, StatsMaterializer::parse, deadLetters);
        batch.store(windows -> transactions.executeWithoutResult(status -> stats.store(windows, clock.instant())),
                "the console database refused the stats");
        batch.awaitDeadLetters(producer);
    }

    static RunStats parse(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException("a stats record must have a RunStats value, not a tombstone");
        }
        RunStats stats = EventSerdes.STATS.deserialize(record.topic(), record.value());
        requirePresent("scope", stats.scope());
        requirePresent("window", stats.window());
        requirePresent("windowStart", stats.windowStart());
        requirePresent("windowEnd", stats.windowEnd());
        if (stats.scope() == StatsScope.JOB) {
            requireName("jobId", stats.jobId());
        } else {
            requireName("app", stats.app());
        }
        if (stats.app() != null && stats.app().length() > MAX_NAME_LENGTH) {
            throw invalid("app", "is longer than " + MAX_NAME_LENGTH + " characters");
        }
        if (stats.runs() < 0 || stats.retries() < 0 || stats.lateResults() < 0) {
            throw invalid("runs", "and the other counts must not be negative");
        }
        return stats;
    }

    private static void requireName(String field, String value) {
        if (value == null || value.isBlank()) {
            throw invalid(field, "is required for this scope");
        }
        if (value.length() > MAX_NAME_LENGTH) {
            throw invalid(field, "is longer than " + MAX_NAME_LENGTH + " characters");
        }
    }

    private static void requirePresent(String field, Object value) {
        if (value == null) {
            throw invalid(field, "is required");
        }
    }

    private static InvalidEventException invalid(String field, String problem) {
        return new InvalidEventException("not a valid RunStats: field '" + field + "' " + problem);
    }
}
