package io.carillon.console.internal.runs;

import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.DeadLetters;
import io.carillon.console.internal.kafka.MaterializerProperties;
import io.carillon.console.internal.kafka.ParsedRecords;
import io.carillon.console.internal.metrics.RunMeters;
import io.carillon.console.internal.support.PeriodicPass;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.spring.CarillonTopics;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.kafka.listener.AbstractMessageListenerContainer;
import org.springframework.kafka.listener.BatchMessageListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Writes each poll of {@code results} and {@code claims} records into {@code runs} at once (a {@code claims} record,
 * a {@link ClaimBatch}, stands for its claims, each stored as a claim read from {@code results} is): every record is parsed once, the results
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
 * <p>
 * Claims (a STARTED without {@code startedAt}, which a worker writes to {@code claims} a moment before the run is due;
 * workers before {@code claims} wrote them to {@code results}) wait in a
 * {@link ClaimHold} for {@code carillon.console.materializer.claim-hold} (1 s) so that a short run is written once,
 * with its end, instead of inserted as claimed and then updated: the claim is stored with its run's next result, or
 * on its own once the hold is over (a background pass writes those when no batch comes). A claim's offset is
 * committed while it waits, so a console killed in that second does not store the claim; the run's row then appears
 * with its start or its end. A stop writes every claim held. A claim the database refuses is dropped with a log line
 * (its run's other results are refused and dead-lettered with their own records).
 */
@Component
public class RunMaterializer implements BatchMessageListener<String, byte[]>, SmartLifecycle {

    private static final Logger log = LoggerFactory.getLogger(RunMaterializer.class);
    /** The most claims held at once: a second and a half of claims at 50,000 runs a second, some 40 MB of heap. */
    static final int MAX_HELD_CLAIMS = 75_000;
    /** How often the claims pass looks when {@code claim-hold} is zero and no claim is ever held. */
    private static final Duration IDLE_PASS_INTERVAL = Duration.ofSeconds(1);

    private final RunRepository runs;
    private final DeadLetters deadLetters;
    private final ConsoleProducer producer;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final RunMeters meters;
    private final ClaimHold claims;
    private final PeriodicPass claimPasses;
    private final String claimsTopic;

    public RunMaterializer(
            CarillonTopics topics,
            RunRepository runs,
            DeadLetters deadLetters,
            ConsoleProducer producer,
            PlatformTransactionManager transactionManager,
            Clock clock,
            RunMeters meters,
            MaterializerProperties materializerProperties) {
        this.claimsTopic = topics.catalog().claims();
        this.runs = runs;
        this.deadLetters = deadLetters;
        this.producer = producer;
        this.transactions = new TransactionTemplate(transactionManager);
        this.clock = clock;
        this.meters = meters;
        Duration hold = materializerProperties.getClaimHold();
        if (hold == null || hold.isNegative()) {
            throw new IllegalArgumentException(
                    "carillon.console.materializer.claim-hold must be zero or positive, not " + hold);
        }
        this.claims = new ClaimHold(hold, MAX_HELD_CLAIMS);
        Duration passInterval = hold.isZero() ? IDLE_PASS_INTERVAL : hold.dividedBy(2);
        this.claimPasses = new PeriodicPass(
                "claims", passInterval, materializerProperties.getRetryBackoff(), this::storeExpiredClaims);
    }

    @Override
    public void onMessage(List<ConsumerRecord<String, byte[]>> records) {
        ParsedRecords<List<RunResult>> batch = ParsedRecords.parse(records, this::parse, deadLetters);
        batch.store(perRecord -> upsert(flatten(perRecord)), "the console database refused the result");
        batch.awaitDeadLetters(producer);
    }

    /** Writes the claims whose hold is over. Called by the claims pass; safe to call from any thread. */
    void storeExpiredClaims() {
        Instant now = clock.instant();
        List<RunResult> due;
        synchronized (claims) {
            due = claims.expired(now);
        }
        storeClaims(due, now);
    }

    @Override
    public void start() {
        claimPasses.start();
    }

    @Override
    public void stop() {
        claimPasses.stop();
        List<RunResult> held;
        synchronized (claims) {
            held = claims.all();
        }
        storeClaims(held, clock.instant());
    }

    @Override
    public boolean isRunning() {
        return claimPasses.isRunning();
    }

    /** Stops after the results container, so the claims of its last batch are written at the stop. */
    @Override
    public int getPhase() {
        return AbstractMessageListenerContainer.DEFAULT_PHASE - 1;
    }

    private void upsert(List<RunResult> results) {
        Instant now = clock.instant();
        List<RunResult> write;
        synchronized (claims) {
            write = claims.admit(results, now);
        }
        try {
            writeOrHoldAgain(write, now);
        } catch (DataIntegrityViolationException refused) {
            Set<RunResult> given = Collections.newSetFromMap(new IdentityHashMap<>());
            given.addAll(results);
            List<RunResult> released =
                    write.stream().filter(result -> !given.contains(result)).toList();
            if (released.isEmpty()) {
                throw refused;
            }
            storeClaims(released, now);
            write(write.stream().filter(given::contains).toList(), now);
        }
    }

    private void storeClaims(List<RunResult> held, Instant now) {
        try {
            writeOrHoldAgain(held, now);
        } catch (DataIntegrityViolationException refused) {
            for (RunResult claim : held) {
                try {
                    write(List.of(claim), now);
                } catch (DataIntegrityViolationException e) {
                    log.warn(
                            "the console database refused the claim of run {}, which is dropped: {}",
                            claim.runId(),
                            e.getMostSpecificCause().getMessage());
                }
            }
        }
    }

    /** Writes {@code results}; when the database fails other than by refusing them, holds their claims again. */
    private void writeOrHoldAgain(List<RunResult> results, Instant now) {
        try {
            write(results, now);
        } catch (DataIntegrityViolationException refused) {
            throw refused;
        } catch (RuntimeException e) {
            synchronized (claims) {
                claims.restore(results, now);
            }
            throw e;
        }
    }

    private void write(List<RunResult> results, Instant now) {
        if (results.isEmpty()) {
            return;
        }
        transactions.executeWithoutResult(status -> runs.upsert(results, now));
        meters.stored(results);
    }

    private static List<RunResult> flatten(List<List<RunResult>> perRecord) {
        List<RunResult> results = new ArrayList<>();
        perRecord.forEach(results::addAll);
        return results;
    }

    /** The results of a record: one of {@code results}, the claims of a {@code claims} batch. */
    private List<RunResult> parse(ConsumerRecord<String, byte[]> record) {
        if (!claimsTopic.equals(record.topic())) {
            if (record.value() == null) {
                throw new InvalidEventException("a results record must have a RunResult value, not a tombstone");
            }
            return List.of(valid(EventSerdes.RESULT.deserialize(record.topic(), record.value())));
        }
        if (record.value() == null) {
            throw new InvalidEventException("a claims record must have a ClaimBatch value, not a tombstone");
        }
        List<RunResult> batch = EventSerdes.CLAIM_BATCH
                .deserialize(record.topic(), record.value())
                .claims();
        for (RunResult claim : batch) {
            valid(claim);
            if (!ClaimHold.isClaim(claim)) {
                throw new InvalidEventException(
                        "not a valid ClaimBatch: run " + claim.runId() + " is " + claim.status() + ", not a claim");
            }
        }
        return batch;
    }

    private static RunResult valid(RunResult result) {
        requirePresent("runId", result.runId());
        requirePresent("jobId", result.jobId());
        if (result.status() == null) {
            throw new InvalidEventException("not a valid RunResult: field 'status' is required");
        }
        if (result.scheduledAt() == null) {
            throw new InvalidEventException(
                    "not a valid RunResult: field 'scheduledAt' is required (it places the" + " run in its day)");
        }
        return result;
    }

    private static void requirePresent(String field, String value) {
        if (value == null || value.isBlank()) {
            throw new InvalidEventException("not a valid RunResult: field '" + field + "' is required");
        }
    }
}
