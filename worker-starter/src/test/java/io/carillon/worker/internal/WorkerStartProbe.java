package io.carillon.worker.internal;

import static org.awaitility.Awaitility.await;

import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Trigger;
import io.carillon.worker.JobHandlerFunction;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/**
 * Not a test (its name matches no surefire include): a probe run by hand,
 * {@code mvn -B -o -q verify -pl worker-starter -Dtest=WorkerStartProbe -Dsurefire.failIfNoSpecifiedTests=false},
 * output in {@code worker-starter/target/surefire-reports/io.carillon.worker.internal.WorkerStartProbe-output.txt}.
 * It gives a {@link RunExecutor} of capacity {@value #CAPACITY} (system clock, real timer, results published with
 * the worker's own producer settings to the test broker) {@value #RUNS} early runs of distinct jobs all due at one
 * instant {@value #LEAD_MS} ms ahead, {@value #ROUNDS} times, and prints, over the rounds after the first
 * {@value #WARM_UP_ROUNDS}: the handler start minus {@code dueAt} (p50, p99, max), the CPU per run of the worker's
 * threads by role, and the load average.
 */
class WorkerStartProbe {

    private static final int CAPACITY = 16;
    private static final int RUNS = 1_000;
    private static final int ROUNDS = 25;
    private static final int WARM_UP_ROUNDS = 10;
    private static final long LEAD_MS = 500;
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final String APP = "probe";

    @Test
    void startsOfRunsDueAtOneInstant() throws Exception {
        TopicCatalog catalog = TestKafka.newCatalog(12);
        Clock clock = Clock.systemUTC();
        int measured = (ROUNDS - WARM_UP_ROUNDS) * RUNS;
        long[] lateness = new long[measured];
        AtomicInteger startedThisRound = new AtomicInteger();
        AtomicInteger index = new AtomicInteger();
        AtomicInteger round = new AtomicInteger();
        AtomicLongArray roundMax = new AtomicLongArray(ROUNDS);
        AtomicLongArray roundMin = new AtomicLongArray(ROUNDS);
        JobHandlerFunction noop = context -> {
            Instant start = clock.instant();
            long micros = ChronoUnit.MICROS.between(context.scheduledAt(), start);
            if (round.get() >= WARM_UP_ROUNDS) {
                lateness[index.getAndIncrement()] = micros;
            }
            roundMax.accumulateAndGet(round.get(), micros, Math::max);
            roundMin.accumulateAndGet(round.get(), micros, (min, next) -> min == 0 ? next : Math.min(min, next));
            startedThisRound.incrementAndGet();
            return null;
        };
        WorkerSettings settings = new WorkerSettings(
                TestKafka.bootstrapServers(),
                catalog,
                clock,
                APP,
                "probe-1",
                CAPACITY,
                Duration.ofSeconds(1),
                Duration.ofSeconds(5),
                Map.of("noop", noop),
                Map.of());
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(new WorkerThreads(APP, "timer"));
        KafkaProducer<String, byte[]> producer = KafkaClients.producer(settings);
        EventPublisher publisher = new EventPublisher(producer, catalog);
        RunExecutor executor =
                new RunExecutor(settings, new RunReporter(publisher, "probe-1", clock), publisher, timer);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<String, Long> cpuBefore = Map.of();
        long processBefore = 0;
        double sentBefore = 0;
        long gcBefore = 0;
        long jitBefore = 0;
        try {
            for (int r = 0; r < ROUNDS; r++) {
                if (r == WARM_UP_ROUNDS) {
                    cpuBefore = cpuByRole(threads);
                    processBefore = processCpuNanos();
                    sentBefore = recordsSent(producer);
                    gcBefore = gcMillis();
                    jitBefore = ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
                }
                round.set(r);
                startedThisRound.set(0);
                Instant dueAt = clock.instant().plusMillis(LEAD_MS).truncatedTo(ChronoUnit.MILLIS);
                for (int i = 0; i < RUNS; i++) {
                    String job = "job-" + i;
                    String fire = job + "@" + dueAt.toEpochMilli();
                    executor.offer(new Trigger(
                            Trigger.SCHEMA_VERSION,
                            fire + "#0",
                            fire,
                            job,
                            APP,
                            "noop",
                            null,
                            FireKind.SCHEDULED,
                            1,
                            dueAt,
                            dueAt,
                            0,
                            1,
                            null,
                            0,
                            null,
                            null,
                            dueAt));
                }
                await().atMost(DEADLINE)
                        .pollInterval(Duration.ofMillis(20))
                        .until(() -> startedThisRound.get() == RUNS
                                && executor.runningCount() == 0
                                && executor.waitingCount() == 0);
            }
            Map<String, Long> cpuAfter = cpuByRole(threads);
            long processCpu = processCpuNanos() - processBefore;
            double sent = recordsSent(producer) - sentBefore;
            Arrays.sort(lateness);
            StringBuilder report = new StringBuilder();
            report.append(String.format(
                    Locale.ROOT,
                    "runs %d (%d rounds of %d, capacity %d)%n",
                    measured,
                    ROUNDS - WARM_UP_ROUNDS,
                    RUNS,
                    CAPACITY));
            report.append(String.format(
                    Locale.ROOT,
                    "start - dueAt ms: p50 %.2f p90 %.2f p99 %.2f max %.2f%n",
                    lateness[measured / 2] / 1e3,
                    lateness[measured * 9 / 10] / 1e3,
                    lateness[measured * 99 / 100] / 1e3,
                    lateness[measured - 1] / 1e3));
            report.append(String.format(Locale.ROOT, "results records sent per run: %.2f%n", sent / measured));
            report.append(String.format(
                    Locale.ROOT,
                    "process CPU per run: %.1f µs; GC %d ms, JIT %d ms in all%n",
                    processCpu / 1e3 / measured,
                    gcMillis() - gcBefore,
                    ManagementFactory.getCompilationMXBean().getTotalCompilationTime() - jitBefore));
            for (Map.Entry<String, Long> role : cpuAfter.entrySet()) {
                long used = role.getValue() - cpuBefore.getOrDefault(role.getKey(), 0L);
                report.append(
                        String.format(Locale.ROOT, "  %-28s %.1f µs per run%n", role.getKey(), used / 1e3 / measured));
            }
            report.append("first start per round ms:");
            for (int r = WARM_UP_ROUNDS; r < ROUNDS; r++) {
                report.append(String.format(Locale.ROOT, " %.1f", roundMin.get(r) / 1e3));
            }
            report.append('\n');
            report.append("max per round ms:");
            for (int r = WARM_UP_ROUNDS; r < ROUNDS; r++) {
                report.append(String.format(Locale.ROOT, " %.1f", roundMax.get(r) / 1e3));
            }
            report.append('\n');
            report.append("load average: ")
                    .append(Files.readString(Path.of("/proc/loadavg")).trim())
                    .append('\n');
            System.out.print(report);
        } finally {
            executor.shutdown(Duration.ZERO);
            timer.shutdownNow();
            publisher.close(Duration.ofSeconds(5));
        }
    }

    /** The producer's {@code record-send-total}: records sent, including those still waiting to be acknowledged. */
    private static double recordsSent(KafkaProducer<String, byte[]> producer) {
        return producer.metrics().entrySet().stream()
                .filter(metric -> metric.getKey().name().equals("record-send-total")
                        && metric.getKey().group().equals("producer-metrics"))
                .mapToDouble(metric -> ((Number) metric.getValue().metricValue()).doubleValue())
                .sum();
    }

    private static long gcMillis() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(gc -> gc.getCollectionTime())
                .sum();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** Thread CPU summed by role: the name without its trailing number. */
    private static Map<String, Long> cpuByRole(ThreadMXBean threads) {
        Map<String, Long> byRole = new TreeMap<>();
        for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            long cpu = threads.getThreadCpuTime(info.getThreadId());
            if (cpu > 0) {
                byRole.merge(role(info.getThreadName()), cpu, Long::sum);
            }
        }
        return byRole;
    }

    private static String role(String name) {
        if (name.startsWith("carillon-")) {
            return name.replaceAll("-\\d+$", "");
        }
        if (name.startsWith("kafka-producer-network-thread")) {
            return "producer network thread";
        }
        return "other (broker, test)";
    }
}
