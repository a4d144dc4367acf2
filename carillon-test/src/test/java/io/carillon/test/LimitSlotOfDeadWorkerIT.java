package io.carillon.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.test.internal.TopicTail;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.worker.CarillonWorker;
import java.io.File;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A concurrency limit through a worker's death, on the real parts (the in-process broker, planner with its limiter,
 * dispatcher and workers): a run holds a limit of 1 on a worker in a JVM of its own, a second run of the limit
 * waits, the worker's process is killed ({@code destroyForcibly}, SIGKILL) without ending the run; once its heartbeat
 * expires the planner ends the run LOST and the waiting run starts on the surviving worker, on the returned slot.
 */
class LimitSlotOfDeadWorkerIT {

    private static final Duration DEADLINE = Duration.ofSeconds(45);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final Duration STILL_WAITING = Duration.ofSeconds(3);
    private static final String LIMIT = "single-db";
    private static final String DOOMED_APP = "doomed";
    private static final String DOOMED = "doomed-1";
    private static final String SURVIVOR_APP = "survivor";
    private static final String SURVIVOR = "survivor-1";

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.create(DEADLINE);

    @Test
    void aRunHoldingTheSlotOnAKilledWorkerEndsLostAndTheWaitingRunStarts() throws Exception {
        TopicCatalog catalog = carillon.catalog();
        String bootstrap = carillon.bootstrapServers();
        List<Instant> nextStarts = new CopyOnWriteArrayList<>();
        Map<String, RunResult> holdResults = new ConcurrentHashMap<>();
        JobDefinition hold = JobDefinition.builder("hold")
                .app(DOOMED_APP)
                .handler("hold")
                .concurrency(Concurrency.of(LIMIT))
                .build();
        JobDefinition next = JobDefinition.builder("next")
                .app(SURVIVOR_APP)
                .handler("next")
                .concurrency(Concurrency.of(LIMIT))
                .build();
        Process doomed = startDoomedWorker(bootstrap, catalog);
        try (CarillonWorker survivor = CarillonWorker.builder()
                        .bootstrapServers(bootstrap)
                        .catalog(catalog)
                        .app(SURVIVOR_APP)
                        .instanceId(SURVIVOR)
                        .handler("next", context -> {
                            nextStarts.add(Clock.systemUTC().instant());
                            return null;
                        })
                        .build();
                KafkaProducer<String, byte[]> producer = TestProducers.of(carillon);
                TopicTail<WorkerHeartbeat> heartbeats =
                        new TopicTail<>(bootstrap, catalog.workers(), EventSerdes.HEARTBEAT.deserializer());
                TopicTail<RunResult> results =
                        new TopicTail<>(bootstrap, catalog.results(), EventSerdes.RESULT.deserializer())) {
            survivor.start();
            Set<String> ready = ConcurrentHashMap.newKeySet();
            await("both workers' heartbeats with partitions")
                    .atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> {
                        heartbeats.poll(Duration.ZERO).stream()
                                .filter(beat -> !beat.partitions().isEmpty())
                                .forEach(beat -> ready.add(beat.instanceId()));
                        return ready.containsAll(List.of(DOOMED, SURVIVOR));
                    });
            producer.send(new ProducerRecord<>(
                            catalog.limits(), LIMIT, EventSerdes.LIMIT.serialize(null, ConcurrencyLimit.of(LIMIT, 1))))
                    .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            for (JobDefinition job : List.of(hold, next)) {
                producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), EventSerdes.JOB.serialize(null, job)))
                        .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            }
            runNow(producer, catalog, hold);
            await("the hold run started on the doomed worker")
                    .atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> {
                        collect(results, hold, holdResults);
                        return holdResults.containsKey(RunStatus.STARTED.name());
                    });
            assertThat(holdResults.get(RunStatus.STARTED.name()).instance()).isEqualTo(DOOMED);

            runNow(producer, catalog, next);
            await("the next run waits for the slot")
                    .during(STILL_WAITING)
                    .atMost(STILL_WAITING.plusSeconds(2))
                    .pollInterval(POLL)
                    .until(nextStarts::isEmpty);

            doomed.destroyForcibly().waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            await("the next run starts on the returned slot")
                    .atMost(DEADLINE)
                    .pollInterval(POLL)
                    .until(() -> !nextStarts.isEmpty());
            await("the hold run ended LOST").atMost(DEADLINE).pollInterval(POLL).until(() -> {
                collect(results, hold, holdResults);
                return holdResults.containsKey(RunStatus.LOST.name());
            });

            RunResult lost = holdResults.get(RunStatus.LOST.name());
            assertThat(holdResults).doesNotContainKey(RunStatus.SUCCEEDED.name());
            assertThat(nextStarts).hasSize(1);
            assertThat(nextStarts.get(0))
                    .as("the next run starts after the hold run is LOST")
                    .isAfterOrEqualTo(lost.emittedAt() == null ? lost.finishedAt() : lost.emittedAt());
            for (JobDefinition job : List.of(hold, next)) {
                producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), null));
            }
            producer.flush();
        } finally {
            doomed.destroyForcibly().waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS);
        }
    }

    private static Process startDoomedWorker(String bootstrap, TopicCatalog catalog) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        SlotHoldingWorker.class.getName(),
                        bootstrap,
                        catalog.prefix(),
                        Integer.toString(catalog.partitions()),
                        DOOMED_APP,
                        DOOMED,
                        "hold")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(new File("target/slot-holding-worker.log")))
                .start();
    }

    private static void runNow(KafkaProducer<String, byte[]> producer, TopicCatalog catalog, JobDefinition job)
            throws Exception {
        JobRequest request = JobRequest.runNow(
                "dead-" + job.id(), job.id(), null, "test", Clock.systemUTC().instant());
        producer.send(new ProducerRecord<>(catalog.requests(), job.id(), EventSerdes.REQUEST.serialize(null, request)))
                .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }

    private static void collect(TopicTail<RunResult> results, JobDefinition job, Map<String, RunResult> byStatus) {
        results.poll(Duration.ZERO).stream()
                .filter(result -> job.id().equals(result.jobId()))
                .forEach(result -> byStatus.put(result.status().name(), result));
    }
}
