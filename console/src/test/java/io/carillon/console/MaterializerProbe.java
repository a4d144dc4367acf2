package io.carillon.console;

import io.carillon.testkit.TestKafka;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Not a test (its name matches no surefire include): a probe run by hand,
 * {@code mvn -B -o -q verify -pl console -Dtest=MaterializerProbe -Dsurefire.failIfNoSpecifiedTests=false}, output
 * in {@code console/target/surefire-reports/io.carillon.console.MaterializerProbe-output.txt}. It writes
 * {@value #RUNS} runs (STARTED then SUCCEEDED, {@value #ROUND} runs at a time) to the results topic of the test
 * broker, then starts the console on a fresh database of the PostgreSQL server at {@value #SERVER} and times how
 * long the materializer takes until every run is SUCCEEDED; it prints the wall time, the results per second, the CPU
 * of the busiest JVM threads and of the database's server processes, and the load average.
 */
class MaterializerProbe {

    private static final String SERVER = "jdbc:postgresql://127.0.0.1:5432/";
    private static final String USER = "postgres";
    private static final int RUNS = 100_000;
    private static final int ROUND = 1_000;
    private static final int JOBS = 1_000;
    private static final int TOP_THREADS = 5;
    private static final long CLOCK_TICKS_PER_SECOND = 100;
    private static final Duration DEADLINE = Duration.ofMinutes(20);
    private static final Duration POLL = Duration.ofMillis(250);
    private static final Instant SCHEDULED = Instant.parse("2026-05-01T12:00:00Z");

    @Test
    void materializeTheBacklog() throws Exception {
        String database = "carillon_probe_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        admin("CREATE DATABASE " + database);
        try {
            TopicCatalog catalog = TestKafka.newCatalog(TopicCatalog.DEFAULT_PARTITIONS);
            produce(catalog);
            System.out.printf(Locale.ROOT, "produced %d results; load %s%n", 2 * RUNS, load());
            measure(catalog, database);
        } finally {
            admin("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        }
    }

    private static void produce(TopicCatalog catalog) {
        Map<String, Object> config = Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                TestKafka.bootstrapServers(),
                ProducerConfig.LINGER_MS_CONFIG,
                5,
                ProducerConfig.BATCH_SIZE_CONFIG,
                256 * 1024);
        try (KafkaProducer<String, byte[]> producer =
                new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer())) {
            for (int first = 0; first < RUNS; first += ROUND) {
                for (RunStatus status : List.of(RunStatus.STARTED, RunStatus.SUCCEEDED)) {
                    for (int run = first; run < first + ROUND; run++) {
                        RunResult result = result(run, status);
                        producer.send(new ProducerRecord<>(
                                catalog.results(),
                                result.jobId(),
                                EventSerdes.RESULT.serialize(catalog.results(), result)));
                    }
                }
            }
            producer.flush();
        }
    }

    private static RunResult result(int run, RunStatus status) {
        String jobId = "probe-" + (run % JOBS);
        Instant scheduled = SCHEDULED.plusMillis(run);
        String fireId = FireIds.scheduled(jobId, scheduled);
        Instant started = scheduled.plusMillis(3);
        Instant finished = status.isTerminal() ? started.plusMillis(1) : null;
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                FireIds.runId(fireId, 0),
                fireId,
                jobId,
                "bench",
                "noop",
                "worker-1",
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                scheduled,
                started,
                finished,
                status.isTerminal() ? "ok" : null,
                null,
                null,
                finished != null ? finished : started);
    }

    private static void measure(TopicCatalog catalog, String database) throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Map<Long, Long> cpuBefore = threadCpu(threads);
        long start = System.nanoTime();
        String loadBefore = load();
        try (ConfigurableApplicationContext console = new SpringApplicationBuilder(ConsoleApplication.class)
                        .properties(Map.of(
                                "spring.datasource.url",
                                SERVER + database,
                                "spring.datasource.username",
                                USER,
                                "server.port",
                                "0",
                                "carillon.kafka.bootstrap-servers",
                                TestKafka.bootstrapServers(),
                                "carillon.topics.prefix",
                                catalog.prefix(),
                                "carillon.topics.partitions",
                                String.valueOf(TopicCatalog.DEFAULT_PARTITIONS),
                                "carillon.console.materializer.group-id",
                                catalog.prefix() + "console"))
                        .run();
                Connection connection = DriverManager.getConnection(SERVER + database, USER, "")) {
            long started = System.nanoTime();
            AtomicLong succeeded = new AtomicLong();
            Map<Integer, Long> serverCpu = new HashMap<>();
            Awaitility.await().atMost(DEADLINE).pollInterval(POLL).until(() -> {
                serverCpu.putAll(serverCpu(connection));
                succeeded.set(count(connection, "SELECT count(*) FROM runs WHERE status = 'SUCCEEDED'"));
                return succeeded.get() == RUNS;
            });
            long end = System.nanoTime();
            double seconds = (end - started) / 1e9;
            System.out.printf(
                    Locale.ROOT,
                    "console started in %.1f s; all %d runs SUCCEEDED %.1f s later:"
                            + " %.0f results/s; load before %s, after %s%n",
                    (started - start) / 1e9,
                    RUNS,
                    seconds,
                    2 * RUNS / seconds,
                    loadBefore,
                    load());
            long serverTicks =
                    serverCpu.values().stream().mapToLong(Long::longValue).sum();
            System.out.printf(
                    Locale.ROOT,
                    "database server processes of the console: %.1f s CPU%n",
                    (double) serverTicks / CLOCK_TICKS_PER_SECOND);
            Map<Long, Long> cpuAfter = threadCpu(threads);
            List<Map.Entry<Long, Long>> used = new ArrayList<>();
            cpuAfter.forEach((id, cpu) -> used.add(Map.entry(id, cpu - cpuBefore.getOrDefault(id, 0L))));
            used.sort(Map.Entry.<Long, Long>comparingByValue().reversed());
            for (Map.Entry<Long, Long> thread : used.subList(0, Math.min(TOP_THREADS, used.size()))) {
                var info = threads.getThreadInfo(thread.getKey());
                System.out.printf(
                        Locale.ROOT,
                        "thread %s: %.1f s CPU%n",
                        info == null ? "?" : info.getThreadName(),
                        thread.getValue() / 1e9);
            }
        }
    }

    /** CPU ticks so far of the server processes serving {@code connection}'s database, other than its own. */
    private static Map<Integer, Long> serverCpu(Connection connection) throws SQLException {
        Map<Integer, Long> ticks = new HashMap<>();
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT pid FROM pg_stat_activity"
                        + " WHERE datname = current_database() AND pid <> pg_backend_pid()")) {
            while (rows.next()) {
                int pid = rows.getInt(1);
                try {
                    String stat = Files.readString(Path.of("/proc", String.valueOf(pid), "stat"));
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    ticks.put(pid, Long.parseLong(fields[11]) + Long.parseLong(fields[12]));
                } catch (java.io.IOException gone) {
                    // the backend ended between the query and the read; its last figure stays
                }
            }
        }
        return ticks;
    }

    private static Map<Long, Long> threadCpu(ThreadMXBean threads) {
        Map<Long, Long> cpu = new HashMap<>();
        for (long id : threads.getAllThreadIds()) {
            long time = threads.getThreadCpuTime(id);
            if (time >= 0) {
                cpu.put(id, time);
            }
        }
        return cpu;
    }

    private static long count(Connection connection, String sql) throws SQLException {
        try (Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery(sql)) {
            rows.next();
            return rows.getLong(1);
        }
    }

    private static String load() throws java.io.IOException {
        return Files.readString(Path.of("/proc/loadavg")).trim();
    }

    private static void admin(String sql) throws SQLException {
        try (Connection connection = DriverManager.getConnection(SERVER + USER, USER, "");
                Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
