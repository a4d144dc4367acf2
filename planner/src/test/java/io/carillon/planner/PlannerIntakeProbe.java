package io.carillon.planner;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.TestKafka;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Metric;
import org.apache.kafka.common.MetricName;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hand-run probe, not part of the build (its name matches none of surefire's includes): how fast one planner
 * takes on new jobs while it is busy firing. On the shared embedded broker, with 12 partitions: {@code probe.active}
 * (default 3,000) FIXED_RATE 1 s jobs fire, a synthetic worker writes STARTED + SUCCEEDED to {@code results} for each
 * fire it reads from {@code fires} (read_committed) at the fire's due time; once results flow, {@code probe.new}
 * (default 10,000) new jobs are produced at once and the probe measures, per new job, the time from its send to its
 * first fire read from {@code fires}. Every 2 s it prints Kafka Streams' thread, task and consumer metrics and the
 * stream thread's CPU time. System properties {@code probe.streams.<name>} are passed to the planner as streams
 * properties, {@code probe.punctuate-ms} sets the punctuate interval. Output: stdout and {@code probe.out}.
 *
 * <p>Run: {@code mvn -B -o -q verify -pl planner -am -Dtest=PlannerIntakeProbe -Dsurefire.failIfNoSpecifiedTests=false}
 */
class PlannerIntakeProbe {

    private static final int PARTITIONS = 12;
    private static final int ACTIVE = Integer.getInteger("probe.active", 3_000);
    private static final int NEW = Integer.getInteger("probe.new", 10_000);
    private static final long PERIOD_MS = 1_000;
    private static final Duration STEADY = Duration.ofSeconds(Long.getLong("probe.steady-s", 15));
    private static final Duration DEADLINE = Duration.ofSeconds(Long.getLong("probe.deadline-s", 180));
    private static final long SAMPLE_MS = 2_000;
    private static final Duration POLL = Duration.ofMillis(20);
    private static final String STREAMS_PREFIX = "probe.streams.";
    private static final String INSTANCE = "probe-worker";

    private final Map<String, Long> sentAt = new ConcurrentHashMap<>();
    private final Map<String, Long> firstFireAt = new ConcurrentHashMap<>();
    private final AtomicLong firesRead = new AtomicLong();
    private final AtomicLong resultsSent = new AtomicLong();
    private final AtomicBoolean stop = new AtomicBoolean();
    private volatile CountDownLatch activeFired = new CountDownLatch(ACTIVE);
    private final CountDownLatch newFired = new CountDownLatch(NEW);
    private final List<String> lines = new ArrayList<>();

    @Test
    void newJobsWhileBusy(@TempDir Path stateDir) throws Exception {
        TopicCatalog catalog = TestKafka.newCatalog(PARTITIONS);
        Planner.Builder builder = Planner.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .stateDir(stateDir)
                .streamsProperty("metrics.recording.level", "DEBUG");
        if (System.getProperty("probe.punctuate-ms") != null) {
            builder.punctuateInterval(Duration.ofMillis(Long.getLong("probe.punctuate-ms")));
        }
        System.getProperties().stringPropertyNames().stream()
                .filter(name -> name.startsWith(STREAMS_PREFIX))
                .forEach(name -> {
                    builder.streamsProperty(name.substring(STREAMS_PREFIX.length()), System.getProperty(name));
                    print("streams property " + name.substring(STREAMS_PREFIX.length()) + "="
                            + System.getProperty(name));
                });
        print("load " + loadAverage() + " active=" + ACTIVE + " new=" + NEW);
        Thread worker = new Thread(() -> work(catalog), "probe-worker");
        try (Planner planner = builder.build();
                KafkaProducer<String, byte[]> producer = producer()) {
            planner.start();
            worker.start();
            long activeStart = System.nanoTime();
            produce(producer, catalog, "a", ACTIVE);
            awaitSampling(planner, activeFired, "active");
            print(String.format("active jobs: all %d fired in %d ms", ACTIVE, ms(System.nanoTime() - activeStart)));
            long steadyEnd = System.nanoTime() + STEADY.toNanos();
            CountDownLatch never = new CountDownLatch(1);
            while (System.nanoTime() < steadyEnd) {
                never.await(SAMPLE_MS, TimeUnit.MILLISECONDS);
                sample(planner, "steady");
            }
            print("load " + loadAverage() + " new jobs now");
            long newStart = System.nanoTime();
            produce(producer, catalog, "n", NEW);
            print(String.format("produced %d new jobs in %d ms", NEW, ms(System.nanoTime() - newStart)));
            awaitSampling(planner, newFired, "new");
            long newEnd = System.nanoTime();
            long[] latencies = sentAt.entrySet().stream()
                    .filter(e -> e.getKey().startsWith("n-"))
                    .filter(e -> firstFireAt.containsKey(e.getKey()))
                    .mapToLong(e -> firstFireAt.get(e.getKey()) - e.getValue())
                    .sorted()
                    .toArray();
            print(String.format(
                    "RESULT new=%d fired=%d time-to-first-fire ms p50=%d p90=%d p99=%d max=%d "
                            + "intake=%.0f jobs/s load %s",
                    NEW,
                    latencies.length,
                    ms(pct(latencies, 0.5)),
                    ms(pct(latencies, 0.9)),
                    ms(pct(latencies, 0.99)),
                    ms(pct(latencies, 1.0)),
                    NEW * 1e9 / (newEnd - newStart),
                    loadAverage()));
            for (int i = 0; i < 3; i++) {
                never.await(SAMPLE_MS, TimeUnit.MILLISECONDS);
                sample(planner, "after");
            }
            assertThat(latencies).hasSize(NEW);
        } finally {
            stop.set(true);
            worker.join();
            Files.write(
                    Path.of(System.getProperty("probe.out", "/tmp/planner-intake-probe.txt")),
                    lines,
                    StandardCharsets.UTF_8);
        }
    }

    private void awaitSampling(Planner planner, CountDownLatch latch, String phase) throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!latch.await(SAMPLE_MS, TimeUnit.MILLISECONDS)) {
            sample(planner, phase + " left=" + latch.getCount());
            if (System.nanoTime() > deadline) {
                print("DEADLINE: " + latch.getCount() + " jobs of phase " + phase + " never fired");
                return;
            }
        }
    }

    private void produce(KafkaProducer<String, byte[]> producer, TopicCatalog catalog, String prefix, int count) {
        for (int i = 0; i < count; i++) {
            String id = prefix + "-" + i;
            sentAt.put(id, System.nanoTime());
            producer.send(new ProducerRecord<>(
                    catalog.jobs(), id, EventSerdes.JOB.serialize(null, TestJobs.everySecond(id))));
        }
        producer.flush();
    }

    /** The synthetic worker: STARTED + SUCCEEDED for each fire read, at its due time. */
    private void work(TopicCatalog catalog) {
        PriorityQueue<FireEvent> waiting =
                new PriorityQueue<>((a, b) -> a.dueAt().compareTo(b.dueAt()));
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(
                        Map.of(
                                ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                                TestKafka.bootstrapServers(),
                                ConsumerConfig.ISOLATION_LEVEL_CONFIG,
                                "read_committed",
                                ConsumerConfig.MAX_POLL_RECORDS_CONFIG,
                                5_000),
                        new StringDeserializer(),
                        new ByteArrayDeserializer());
                KafkaProducer<String, byte[]> producer = producer()) {
            List<TopicPartition> partitions = consumer.partitionsFor(catalog.fires()).stream()
                    .map(info -> new TopicPartition(info.topic(), info.partition()))
                    .toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            while (!stop.get()) {
                long now = System.nanoTime();
                for (ConsumerRecord<String, byte[]> record : consumer.poll(POLL)) {
                    for (FireEvent fire : EventSerdes.FIRES.deserialize(record.topic(), record.value())) {
                        if (fire.action() != FireAction.FIRE) {
                            continue;
                        }
                        firesRead.incrementAndGet();
                        if (firstFireAt.putIfAbsent(fire.jobId(), now) == null) {
                            (fire.jobId().startsWith("a-") ? activeFired : newFired).countDown();
                        }
                        waiting.add(fire);
                    }
                }
                Instant wall = Instant.now();
                while (!waiting.isEmpty() && !waiting.peek().dueAt().isAfter(wall)) {
                    FireEvent fire = waiting.poll();
                    for (RunStatus status : List.of(RunStatus.STARTED, RunStatus.SUCCEEDED)) {
                        RunResult result = new RunResult(
                                RunResult.SCHEMA_VERSION,
                                fire.fireId() + "#0",
                                fire.fireId(),
                                fire.jobId(),
                                fire.app(),
                                fire.handler(),
                                INSTANCE,
                                status,
                                fire.kind(),
                                fire.attempt(),
                                0,
                                1,
                                fire.scheduledAt(),
                                wall,
                                status == RunStatus.STARTED ? null : wall,
                                null,
                                null,
                                null,
                                wall,
                                fire.params(),
                                fire.parentRunId());
                        producer.send(new ProducerRecord<>(
                                catalog.results(), fire.jobId(), EventSerdes.RESULT.serialize(null, result)));
                        resultsSent.incrementAndGet();
                    }
                }
            }
        }
    }

    private long lastSample = System.nanoTime();
    private long lastCpu;
    private long lastFires;
    private long lastResults;

    private void sample(Planner planner, String phase) {
        long now = System.nanoTime();
        double seconds = (now - lastSample) / 1e9;
        long cpu = streamThreadCpu();
        long fires = firesRead.get();
        long results = resultsSent.get();
        Map<String, Double> thread = new TreeMap<>();
        Map<String, Double> consumed = new TreeMap<>();
        double taskProcessRateMin = Double.MAX_VALUE;
        double taskProcessRateMax = 0;
        for (Map.Entry<MetricName, ? extends Metric> entry : planner.metrics().entrySet()) {
            MetricName name = entry.getKey();
            Object value = entry.getValue().metricValue();
            if (!(value instanceof Double number) || number.isNaN()) {
                continue;
            }
            if (name.group().equals("stream-thread-metrics")
                    && List.of(
                                    "poll-ratio",
                                    "process-ratio",
                                    "punctuate-ratio",
                                    "commit-ratio",
                                    "commit-latency-avg",
                                    "poll-records-avg",
                                    "process-rate",
                                    "process-records-avg",
                                    "poll-latency-avg",
                                    "punctuate-latency-avg",
                                    "commit-rate",
                                    "poll-rate")
                            .contains(name.name())) {
                thread.put(name.name(), number);
            }
            if (name.group().equals("stream-task-metrics") && name.name().equals("process-rate")) {
                taskProcessRateMin = Math.min(taskProcessRateMin, number);
                taskProcessRateMax = Math.max(taskProcessRateMax, number);
            }
            if (name.group().equals("consumer-fetch-manager-metrics")
                    && name.tags().containsKey("topic")
                    && !name.tags().containsKey("partition")
                    && name.tags().getOrDefault("client-id", "").endsWith("StreamThread-1-consumer")
                    && name.name().equals("records-consumed-rate")) {
                String topic = name.tags().get("topic");
                consumed.put(topic.substring(topic.lastIndexOf('.') + 1), number);
            }
        }
        StringBuilder text = new StringBuilder(String.format(
                "%-14s cpu=%3.0f%% fires/s=%5.0f results/s=%5.0f",
                phase,
                (cpu - lastCpu) / 1e7 / seconds,
                (fires - lastFires) / seconds,
                (results - lastResults) / seconds));
        thread.forEach((name, value) -> text.append(String.format(" %s=%.3g", name, value)));
        text.append(String.format(
                " task-process-rate=%.0f..%.0f consumed/s=%s load %s",
                taskProcessRateMin == Double.MAX_VALUE ? 0 : taskProcessRateMin,
                taskProcessRateMax,
                consumed.entrySet().stream()
                        .map(e -> e.getKey() + ":" + Math.round(e.getValue()))
                        .toList(),
                loadAverage()));
        print(text.toString());
        lastSample = now;
        lastCpu = cpu;
        lastFires = fires;
        lastResults = results;
    }

    private static long streamThreadCpu() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        return Arrays.stream(threads.dumpAllThreads(false, false))
                .filter(info -> info.getThreadName().matches(".*-StreamThread-\\d+"))
                .mapToLong(info -> Math.max(0, threads.getThreadCpuTime(info.getThreadId())))
                .sum();
    }

    private static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return parts[0] + "/" + parts[1];
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static long pct(long[] sorted, double p) {
        if (sorted.length == 0) {
            return 0;
        }
        return sorted[Math.min(sorted.length - 1, (int) Math.ceil(p * sorted.length) - 1)];
    }

    private static long ms(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }

    private synchronized void print(String line) {
        String stamped = Instant.now() + " " + line;
        lines.add(stamped);
        PrintStream out = System.out;
        out.println(stamped);
    }

    private static KafkaProducer<String, byte[]> producer() {
        return new KafkaProducer<>(
                Map.of(
                        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                        TestKafka.bootstrapServers(),
                        ProducerConfig.ACKS_CONFIG,
                        "all",
                        ProducerConfig.LINGER_MS_CONFIG,
                        5,
                        ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG,
                        false),
                new StringSerializer(),
                new ByteArraySerializer());
    }
}
