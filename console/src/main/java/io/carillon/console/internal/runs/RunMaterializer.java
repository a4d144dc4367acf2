package io.carillon.console.internal.runs;

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
import io.carillon.console.internal.metrics.RunMeters;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.RunResult;

/**
 * Writes each poll of {@code results} records into {@code runs} at once: every record is parsed once, the results
 * of one run are folded into one row change ({@link RunChanges}, the same outcome as one upsert per result in offset
 * order) and all changes are written by {@link RunRepository#upsert} in one database transaction of at most two
 * statements. A record that is not a valid RunResult (not JSON, a tombstone, a missing runId, jobId, status or scheduledAt) goes
 * to the dlq with the reason and the rest of the batch is stored; when the database refuses the batch, its results
 * are stored one by one in their own transactions and each refused one goes to the dlq.
 * <p>
 * Offsets vs. the database: at least once. The listener returns only once the batch's transaction is committed and
 * its dead letters are acknowledged, and only then does the container commit the batch's offsets
 * ({@code AckMode.BATCH}). A crash in between redelivers records whose results are already stored; since the upsert
 * is an idempotent merge (a row only moves forward and a result that adds nothing changes nothing) storing them
 * again, alone or folded with others, leaves the rows as they are. A database outage throws and the container
 * retries the batch. The terminal results of each stored batch are counted in {@link RunMeters}. Called by one
 * container thread at a time per partition assignment.
 */
@Component
public class RunMaterializer implements BatchMessageListener<String, byte[]> {

    private final RunRepository runs;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final RunMeters meters;

    public RunMaterializer(RunRepository runs, DeadLetters deadLetters, ConsoleProducer producer,
            PlatformTransactionManager transactionManager, Clock clock, RunMeters meters) {
        this.runs = runs;
        this.deadLetters = deadLetters;
        this.producer = producer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
        this.meters = meters;
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        ParsedRecords<RunResult> batch = ParsedRecords.parse(records, RunMaterializer::parse, deadLetters);
        batch.store(this::upsert, "the console database refused the result");
        batch.awaitDeadLetters(producer);
    }

    private void upsert(List<RunResult> results) {
        transactions.executeWithoutResult(status -> runs.upsert(results, clock.instant()));
        meters.stored(results);
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
        if (result.scheduledAt() == null) {
            throw new InvalidEventException("not a valid RunResult: field 'scheduledAt' is required (it places the"
                    + " run in its day)");
        }
        return result;
    }

    private static void requirePresent(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidEventException("not a valid RunResult: field '" + field + "' is required");
        }
    }
}
