package io.carillon.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.worker.CarillonWorker;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A concurrency limit on the real parts (the in-process broker, planner with its limiter, dispatcher and three worker
 * instances): 20 runs of jobs sharing a limit of 4 are asked for at once, and never more than 4 run at the same time,
 * across the three workers, while every one of the 20 runs once. Each handler holds its run until the test lets one
 * go, so the runs overlap for as long as the test says.
 */
class ConcurrencyLimitIT {

    private static final Duration DEADLINE = Duration.ofSeconds(120);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final String APP = "limited";
    private static final String LIMIT = "warehouse-db";
    private static final int MAX = 4;
    private static final int RUNS = 20;

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.create(DEADLINE);

    static final AtomicInteger running = new AtomicInteger();
    static final AtomicInteger most = new AtomicInteger();
    static final AtomicInteger ended = new AtomicInteger();
    static final Map<String, Integer> starts = new ConcurrentHashMap<>();
    static final Semaphore letGo = new Semaphore(0);
    static final List<CarillonWorker> workers = new ArrayList<>();

    @BeforeAll
    static void startWorkers() {
        for (String instance : List.of("limited-a", "limited-b", "limited-c")) {
            CarillonWorker worker = CarillonWorker.builder()
                    .bootstrapServers(carillon.bootstrapServers())
                    .catalog(carillon.catalog())
                    .app(APP)
                    .instanceId(instance)
                    .handler("import", context -> {
                        starts.merge(context.jobId(), 1, Integer::sum);
                        most.accumulateAndGet(running.incrementAndGet(), Math::max);
                        try {
                            letGo.tryAcquire(DEADLINE.toSeconds(), TimeUnit.SECONDS);
                        } finally {
                            running.decrementAndGet();
                            ended.incrementAndGet();
                        }
                        return null;
                    })
                    .build();
            worker.start();
            workers.add(worker);
        }
    }

    @AfterAll
    static void stopWorkers() {
        letGo.release(RUNS);
        workers.forEach(CarillonWorker::close);
    }

    @Test
    void twentyRunsOfJobsSharingALimitOfFourNeverRunMoreThanFourAtOnceAndEachRunsOnce() throws Exception {
        TopicCatalog catalog = carillon.catalog();
        List<JobDefinition> jobs = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            jobs.add(JobDefinition.builder("import-" + i)
                    .app(APP)
                    .handler("import")
                    .concurrency(Concurrency.of(LIMIT))
                    .build());
        }
        try (KafkaProducer<String, byte[]> producer = TestProducers.of(carillon)) {
            producer.send(new ProducerRecord<>(
                            catalog.limits(),
                            LIMIT,
                            EventSerdes.LIMIT.serialize(null, ConcurrencyLimit.of(LIMIT, MAX))))
                    .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            for (JobDefinition job : jobs) {
                producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), EventSerdes.JOB.serialize(null, job)));
            }
            producer.flush();
            for (JobDefinition job : jobs) {
                JobRequest runNow = JobRequest.runNow(
                        "limited-" + job.id(),
                        job.id(),
                        null,
                        "test",
                        Clock.systemUTC().instant());
                producer.send(new ProducerRecord<>(
                        catalog.requests(), job.id(), EventSerdes.REQUEST.serialize(null, runNow)));
            }
            producer.flush();

            for (int let = 0; let < RUNS; let++) {
                int expected = Math.min(MAX, RUNS - let);
                await().atMost(DEADLINE)
                        .pollInterval(POLL)
                        .untilAsserted(() -> assertThat(running.get()).isEqualTo(expected));
                letGo.release();
                int endedSoFar = let + 1;
                await().atMost(DEADLINE).pollInterval(POLL).until(() -> ended.get() >= endedSoFar);
            }
            for (JobDefinition job : jobs) {
                producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), null));
            }
            producer.flush();
        }

        assertThat(most.get()).as("the most runs holding the limit at once").isEqualTo(MAX);
        assertThat(starts)
                .hasSize(RUNS)
                .allSatisfy((job, count) -> assertThat(count).as(job).isEqualTo(1));
    }
}
