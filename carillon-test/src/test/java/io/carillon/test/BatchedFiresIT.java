package io.carillon.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.test.internal.TopicTail;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.CarillonWorker;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Fires and triggers in batches on the real parts (the in-process broker, planner, dispatcher and two worker
 * instances): jobs of every routing strategy firing every second at the same instants travel as a few records per
 * instant on {@code fires} and on the trigger topic, and still every run starts once, a broadcast fire once on each
 * instance. The jobs' start is read from the system clock, the parts' clock.
 */
class BatchedFiresIT {

    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Clock CLOCK = Clock.systemUTC();
    private static final Duration READ_WAIT = Duration.ofSeconds(2);
    /**
     * How far ahead the jobs start: beyond the planner's 10 s horizon and the time it takes them on, so that no job
     * writes fires as it is taken on (one record each) and the punctuation that reaches their start writes them all.
     */
    private static final Duration START_IN = Duration.ofSeconds(20);

    private static final String APP = "batch";
    private static final int JOBS_PER_STRATEGY = 4;
    private static final int FIRES_PER_JOB = 8;

    @RegisterExtension
    static final CarillonExtension carillon = CarillonExtension.create(DEADLINE);

    static final Map<String, Integer> starts = new ConcurrentHashMap<>();
    static final Map<String, Set<String>> instancesPerFire = new ConcurrentHashMap<>();
    static List<CarillonWorker> workers = new ArrayList<>();

    @BeforeAll
    static void startWorkers() {
        for (String instance : List.of("batch-a", "batch-b")) {
            CarillonWorker worker = CarillonWorker.builder()
                    .bootstrapServers(carillon.bootstrapServers())
                    .catalog(carillon.catalog())
                    .app(APP)
                    .instanceId(instance)
                    .handler("count", context -> {
                        starts.merge(context.runId(), 1, Integer::sum);
                        instancesPerFire
                                .computeIfAbsent(context.fireId(), id -> ConcurrentHashMap.newKeySet())
                                .add(instance);
                        return null;
                    })
                    .build();
            worker.start();
            workers.add(worker);
        }
    }

    @AfterAll
    static void stopWorkers() {
        workers.forEach(CarillonWorker::close);
    }

    @Test
    void jobsOfEveryStrategyFiringTogetherTravelInBatchesAndEachRunStartsOnce() throws Exception {
        carillon.run(JobDefinition.builder("warm-up").app(APP).handler("count").build());
        TopicCatalog catalog = carillon.catalog();
        Instant start = CLOCK.instant().plus(START_IN).truncatedTo(ChronoUnit.SECONDS);
        List<JobDefinition> jobs = new ArrayList<>();
        for (RoutingStrategy routing : RoutingStrategy.values()) {
            for (int i = 0; i < JOBS_PER_STRATEGY; i++) {
                jobs.add(JobDefinition.builder(routing.name().toLowerCase().replace('_', '-') + "-" + i)
                        .app(APP)
                        .handler("count")
                        .schedule(new Schedule(ScheduleType.FIXED_RATE, null, 1_000L, null, null, start, null))
                        .routing(routing)
                        .build());
            }
        }
        try (KafkaProducer<String, byte[]> producer = TestProducers.of(carillon)) {
            for (JobDefinition job : jobs) {
                producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), EventSerdes.JOB.serialize(null, job)));
            }
            producer.flush();
            awaitFires(jobs);
            for (JobDefinition job : jobs) {
                producer.send(new ProducerRecord<>(catalog.jobs(), job.id(), null))
                        .get(DEADLINE.toSeconds(), TimeUnit.SECONDS);
            }
        }

        assertThat(starts)
                .as("runs started more than once")
                .allSatisfy((run, count) -> assertThat(count).as(run).isEqualTo(1));
        Map<Boolean, List<String>> broadcastOrNot = instancesPerFire.keySet().stream()
                .filter(fire -> fire.startsWith(
                        RoutingStrategy.SHARDING_BROADCAST.name().toLowerCase().replace('_', '-')))
                .collect(Collectors.partitioningBy(
                        fire -> instancesPerFire.get(fire).size() == 2));
        assertThat(broadcastOrNot.get(true))
                .as("broadcast fires that ran on both instances")
                .isNotEmpty();

        List<List<FireEvent>> fireRecords;
        try (TopicTail<List<FireEvent>> tail =
                new TopicTail<>(carillon.bootstrapServers(), catalog.fires(), EventSerdes.FIRES)) {
            fireRecords = readAll(tail);
        }
        List<List<FireEvent>> fireCarrying = fireRecords.stream()
                .filter(record -> record.stream().anyMatch(fire -> fire.action() == FireAction.FIRE))
                .toList();
        int fires = fireCarrying.stream().mapToInt(List::size).sum();
        assertThat(fires).as("fires written").isGreaterThanOrEqualTo(jobs.size() * FIRES_PER_JOB);
        assertThat(fireCarrying.size())
                .as("records on fires for %d fires", fires)
                .isLessThan(fires / 4);
        int runs = 0;
        int triggerRecords = 0;
        try (TopicTail<List<Trigger>> tail =
                new TopicTail<>(carillon.bootstrapServers(), catalog.trigger(APP), EventSerdes.TRIGGERS)) {
            for (List<Trigger> record : readAll(tail)) {
                triggerRecords++;
                runs += record.size();
            }
        }
        assertThat(triggerRecords)
                .as("records on the trigger topic for %d runs", runs)
                .isLessThan(runs / 2);
    }

    private static void awaitFires(List<JobDefinition> jobs) {
        Set<String> ids = jobs.stream().map(JobDefinition::id).collect(Collectors.toSet());
        await("every job fired " + FIRES_PER_JOB + " times")
                .atMost(DEADLINE)
                .pollInterval(POLL)
                .until(() -> {
                    Map<String, Long> perJob = instancesPerFire.keySet().stream()
                            .filter(fire -> fire.indexOf('@') > 0)
                            .map(fire -> fire.substring(0, fire.indexOf('@')))
                            .filter(ids::contains)
                            .collect(Collectors.groupingBy(job -> job, Collectors.counting()));
                    return perJob.size() == ids.size()
                            && perJob.values().stream().allMatch(count -> count >= FIRES_PER_JOB);
                });
    }

    /** Every record of {@code tail} up to the first poll that brings none. */
    private static <V> List<V> readAll(TopicTail<V> tail) {
        List<V> all = new ArrayList<>();
        for (List<V> more = tail.poll(READ_WAIT); !more.isEmpty(); more = tail.poll(READ_WAIT)) {
            all.addAll(more);
        }
        return all;
    }
}
