package io.carillon.console.browser;

import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.schedule.Schedules;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Plays the planner and one worker for the browser tests of the console, which runs neither: reads the requests the
 * console sends on {@code requests} and answers a RUN_NOW with the SUCCEEDED result of one MANUAL run given the
 * request's params, and a BACKFILL with one SUCCEEDED BACKFILL run per instant of the job's schedule in the range,
 * as a worker writes them on {@code results}. Not thread-safe.
 */
final class PlannerAndWorkerStandIn implements AutoCloseable {

    static final String INSTANCE = "stand-in-worker-1";
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Duration START_DELAY = Duration.ofMillis(4);
    private static final Duration RUN_TIME = Duration.ofMillis(1_500);

    private final String resultsTopic;
    private final TopicReader<JobRequest> requests;
    private final KafkaProducer<String, byte[]> producer;
    private int seen;

    PlannerAndWorkerStandIn(TopicCatalog catalog) {
        this.resultsTopic = catalog.results();
        this.requests = new TopicReader<>(catalog.requests(), EventSerdes.REQUEST.deserializer());
        this.producer = new KafkaProducer<>(
                Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, TestKafka.bootstrapServers()),
                new StringSerializer(),
                new ByteArraySerializer());
    }

    /** Waits for the next request the console sends, and returns it without answering. */
    JobRequest next() {
        List<JobRequest> read = new ArrayList<>();
        await().atMost(DEADLINE).until(() -> {
            read.clear();
            read.addAll(requests.values());
            return read.size() > seen;
        });
        return read.get(seen++);
    }

    /**
     * Waits for the next request, which must be of {@code type}, answers it with the results of its runs ({@code app}
     * and {@code handler} of the job, {@code schedule} for a backfill's instants) and returns it.
     */
    JobRequest answerNext(RequestType type, String app, String handler, Schedule schedule)
            throws InterruptedException, ExecutionException {
        JobRequest request = next();
        if (request.type() != type) {
            throw new AssertionError("expected a " + type + " request, got " + request);
        }
        if (type == RequestType.RUN_NOW) {
            succeed(request, app, handler, FireKind.MANUAL, request.requestId(), request.requestedAt());
        } else if (type == RequestType.BACKFILL) {
            for (Instant at : instants(schedule, request.from(), request.to())) {
                succeed(request, app, handler, FireKind.BACKFILL, String.valueOf(at.toEpochMilli()), at);
            }
        }
        return request;
    }

    private static List<Instant> instants(Schedule schedule, Instant from, Instant to) {
        List<Instant> instants = new ArrayList<>();
        for (Optional<Instant> at = Schedules.nextAfter(schedule, from.minusMillis(1));
                at.isPresent() && !at.get().isAfter(to);
                at = Schedules.nextAfter(schedule, at.get())) {
            instants.add(at.get());
        }
        return instants;
    }

    private void succeed(
            JobRequest request, String app, String handler, FireKind kind, String fireSuffix, Instant scheduled)
            throws InterruptedException, ExecutionException {
        String fireId = request.jobId() + "@" + kind.name().toLowerCase() + "-" + fireSuffix;
        Instant started = request.requestedAt().plus(START_DELAY);
        Instant finished = started.plus(RUN_TIME);
        RunResult result = new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                request.jobId(),
                app,
                handler,
                INSTANCE,
                RunStatus.SUCCEEDED,
                kind,
                1,
                0,
                1,
                scheduled,
                started,
                finished,
                "ran with params " + request.params(),
                null,
                null,
                finished,
                request.params(),
                null);
        producer.send(new ProducerRecord<>(
                        resultsTopic, request.jobId(), EventSerdes.RESULT.serialize(resultsTopic, result)))
                .get();
    }

    @Override
    public void close() {
        producer.close();
        requests.close();
    }
}
