package io.carillon.console.internal.dashboard;

import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.DeadLetters;
import io.carillon.console.internal.kafka.ParsedRecords;
import io.carillon.topics.EventChecks;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.StatsScope;
import java.time.Clock;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

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
    private static final EventChecks CHECKS = new EventChecks("RunStats");

    private final StatsRepository stats;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;
    private final TransactionTemplate transactions;
    private final Clock clock;

    StatsMaterializer(
            StatsRepository stats,
            DeadLetters deadLetters,
            ConsoleProducer producer,
            PlatformTransactionManager transactionManager,
            Clock clock) {
        this.stats = stats;
        this.deadLetters = deadLetters;
        this.producer = producer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        ParsedRecords<RunStats> batch = ParsedRecords.parse(records, StatsMaterializer::parse, deadLetters);
        batch.store(
                windows -> transactions.executeWithoutResult(status -> stats.store(windows, clock.instant())),
                "the console database refused the stats");
        batch.awaitDeadLetters(producer);
    }

    static RunStats parse(ConsumerRecord<String, byte[]> record) {
        if (record.value() == null) {
            throw new InvalidEventException("a stats record must have a RunStats value, not a tombstone");
        }
        RunStats stats = EventSerdes.STATS.deserialize(record.topic(), record.value());
        CHECKS.requirePresent("scope", stats.scope());
        CHECKS.requirePresent("window", stats.window());
        CHECKS.requirePresent("windowStart", stats.windowStart());
        CHECKS.requirePresent("windowEnd", stats.windowEnd());
        if (stats.scope() == StatsScope.JOB) {
            CHECKS.requireText("jobId", stats.jobId(), MAX_NAME_LENGTH, "is required for this scope");
        } else {
            CHECKS.requireText("app", stats.app(), MAX_NAME_LENGTH, "is required for this scope");
        }
        CHECKS.requireAtMost("app", stats.app(), MAX_NAME_LENGTH);
        if (stats.runs() < 0 || stats.retries() < 0 || stats.lateResults() < 0) {
            throw CHECKS.invalid("runs", "and the other counts must not be negative");
        }
        return stats;
    }
}
