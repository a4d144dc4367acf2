package io.carillon.bench.internal;

import io.carillon.broker.KafkaBroker;
import io.carillon.standalone.Standalone;
import io.carillon.topics.TopicCatalog;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * Everything one workload runs on: in this process the in-process KRaft broker (unless {@code --bootstrap}), a
 * fresh PostgreSQL database, the console with its outbox relay and results materializer, the planner and the
 * dispatcher (all through {@link Standalone#start}, with a unique topic prefix and a temporary data folder); and the
 * bench worker ({@link BenchWorker}), app {@value #APP}, handler {@value #HANDLER}, recording every start in
 * {@link #starts()}: in a JVM of its own as a user's service runs, or with {@code --worker-process false} in this JVM. {@link #close()} stops it all
 * in reverse order, drops the database, and deletes the run's topics on an external cluster. Start and close from
 * one thread.
 */
public final class BenchCluster implements AutoCloseable {

    public static final String APP = "bench";
    public static final String HANDLER = "noop";
    /** The handler that records its start, then fails: the jobs of {@code --failing}. */
    public static final String FAILING_HANDLER = "fail";

    public static final int DEFAULT_WORKER_CAPACITY = 16;
    /**
     * Hidden: one Spring property {@code name=value} for the parts in this JVM (an A/B of a setting, e.g.
     * {@code carillon.dispatcher.trigger-lead=1500ms}).
     */
    private static final String CARILLON_PROPERTY = "carillon-property";
    /** Set by a workload that builds a replicated cluster of its own (the fault lab), never on the command line. */
    static final String REPLICATION_FACTOR = "replication-factor";

    private final PrintStream progress;
    private final List<AutoCloseable> started = new ArrayList<>();
    private final HandlerStarts starts;
    private final TopicCatalog catalog;
    private final Path dataDir;
    private final boolean keepData;
    private final boolean analytics;
    private final Optional<String> carillonProperty;
    private final boolean externalKafka;
    private final BenchWorker worker;
    private final Optional<Path> kafkaConfig;
    private final Map<String, String> kafkaProperties;
    private String bootstrapServers;
    private BenchDatabase database;
    private final String consolePassword = "bench-" + java.util.UUID.randomUUID();
    private Standalone standalone;

    private BenchCluster(BenchOptions options, Clock clock, PrintStream progress) {
        this.progress = progress;
        this.starts = new HandlerStarts(clock);
        this.catalog = new TopicCatalog(
                "bench" + UUID.randomUUID().toString().substring(0, 8).toLowerCase(Locale.ROOT) + ".",
                options.positiveInt("partitions", TopicCatalog.DEFAULT_PARTITIONS),
                (short) options.positiveInt(REPLICATION_FACTOR, TopicCatalog.DEFAULT_REPLICATION_FACTOR));
        this.externalKafka = options.bootstrap().isPresent();
        this.kafkaConfig = options.kafkaConfig();
        if (kafkaConfig.isPresent() && !externalKafka) {
            throw new UsageException("--" + KafkaConfigFile.FLAG + " is for a secured cluster: give its --bootstrap too"
                    + " (the in-process broker takes plain connections)");
        }
        this.kafkaProperties = kafkaConfig.map(KafkaConfigFile::read).orElse(Map.of());
        this.keepData = options.keepData();
        this.analytics = options.analytics();
        this.carillonProperty = options.text(CARILLON_PROPERTY);
        this.worker = new BenchWorker(options);
        try {
            this.dataDir = Files.createTempDirectory("carillon-bench-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a temporary data folder", e);
        }
    }

    /**
     * Starts every part; on failure stops what had started and rethrows.
     *
     * @throws RuntimeException naming the part that could not start
     */
    public static BenchCluster start(BenchOptions options, Clock clock, PrintStream progress) {
        return start(options, clock, progress, InProcess.ALL);
    }

    /**
     * Starts the broker, the database, the console and those of planner, dispatcher and bench worker that
     * {@code inProcess} names (the others run as processes of their own, started by the workload); on failure stops
     * what had started and rethrows.
     *
     * @throws RuntimeException naming the part that could not start
     */
    public static BenchCluster start(BenchOptions options, Clock clock, PrintStream progress, InProcess inProcess) {
        BenchCluster cluster = new BenchCluster(options, clock, progress);
        try {
            cluster.startKafka(options);
            cluster.database = BenchDatabase.create(options, progress);
            cluster.started.add(cluster.database);
            cluster.startCarillon(inProcess);
            if (inProcess.worker()) {
                cluster.worker.start(cluster, clock, cluster.started, progress);
            }
            return cluster;
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    private void startKafka(BenchOptions options) {
        if (externalKafka) {
            bootstrapServers = options.bootstrap().orElseThrow();
            progress.println("Kafka: " + bootstrapServers + " (external)");
            return;
        }
        KafkaBroker broker =
                KafkaBroker.builder().dataDir(dataDir.resolve("kafka")).start();
        started.add(broker);
        bootstrapServers = broker.bootstrapServers();
        progress.println("Kafka: in-process KRaft broker on " + bootstrapServers);
    }

    private void startCarillon(InProcess inProcess) {
        List<String> args = new ArrayList<>(List.of(
                "--" + Standalone.BOOTSTRAP_PROPERTY + "=" + bootstrapServers,
                "--carillon.topics.prefix=" + catalog.prefix(),
                "--carillon.topics.partitions=" + catalog.partitions(),
                "--carillon.topics.replication-factor=" + catalog.replicationFactor(),
                "--" + Standalone.DATASOURCE_PROPERTY + "=" + database.jdbcUrl(),
                "--spring.datasource.username=" + database.user(),
                "--" + Standalone.DATA_DIR_PROPERTY + "=" + dataDir,
                "--server.port=0",
                "--carillon.worker.enabled=false",
                "--carillon.console.admin-password=" + consolePassword,
                "--spring.main.banner-mode=off",
                "--logging.level.root=WARN"));
        if (!database.password().isEmpty()) {
            args.add("--spring.datasource.password=" + database.password());
        }
        carillonProperty.ifPresent(property -> args.add("--" + property));
        kafkaProperties.forEach((name, value) -> args.add("--carillon.kafka.properties." + name + "=" + value));
        args.add("--carillon.planner.enabled=" + inProcess.planner());
        args.add("--carillon.analytics.enabled=" + analytics);
        args.add("--carillon.dispatcher.enabled=" + inProcess.dispatcher());
        standalone = Standalone.start(args.toArray(String[]::new));
        started.add(standalone);
        progress.println("Carillon: console" + (inProcess.planner() ? ", planner" : "")
                + (inProcess.dispatcher() ? ", dispatcher" : "") + (analytics ? ", analytics" : "")
                + " in this process on port " + standalone.port()
                + ", topic prefix " + catalog.prefix());
    }

    /**
     * CPU seconds of this JVM and of the worker process (when it runs in one), since each started.
     */
    public double cpuSeconds() {
        return ProcessMeter.cpuSeconds() + worker.processCpuSeconds();
    }

    /** CPU seconds of the worker process since it started; 0 when the worker runs in this JVM. */
    public double workerProcessCpuSeconds() {
        return worker.processCpuSeconds();
    }

    /** CPU seconds of the JIT compiler threads of this JVM and of the worker process, since each started. */
    public double jitCpuSeconds() {
        return ProcessMeter.jitCpuSeconds("self") + worker.processJitCpuSeconds();
    }

    /** The highest peak RSS of this JVM and the worker process. */
    public double peakRssMb() {
        return Math.max(ProcessMeter.peakRssMb(), worker.processPeakRssMb());
    }

    /**
     * Where the bench worker ran, for the JSON line: {@code "process"} or {@code "in-process"}; empty when the
     * workload starts its own workers.
     */
    public Optional<String> workerLayout() {
        return worker.layout();
    }

    /** The JVM options of the worker process ({@code --worker-jvm-options}); empty when none were given. */
    public List<String> workerJvmOptions() {
        return worker.jvmOptions();
    }

    /** The worker process's CPU seconds and peak RSS by name; empty when the worker ran in this JVM. */
    public Map<String, Object> workerProcesses() {
        return worker.processes();
    }

    /**
     * Which of planner, dispatcher and bench worker the cluster starts; planner and dispatcher in this JVM, the
     * worker as {@code --worker-process} says.
     */
    public record InProcess(boolean planner, boolean dispatcher, boolean worker) {
        public static final InProcess ALL = new InProcess(true, true, true);
        public static final InProcess CONSOLE_ONLY = new InProcess(false, false, false);
    }

    /** The run's temporary folder (deleted on close): state and logs of the part processes go below it. */
    public Path dataDir() {
        return dataDir;
    }

    public HandlerStarts starts() {
        return starts;
    }

    public TopicCatalog catalog() {
        return catalog;
    }

    public String bootstrapServers() {
        return bootstrapServers;
    }

    /** The client properties of {@code --kafka-config}; empty without it. */
    Map<String, String> kafkaProperties() {
        return kafkaProperties;
    }

    /** A new, modifiable configuration of a Kafka client: the bootstrap servers and {@code --kafka-config}'s. */
    public Map<String, Object> clientConfig() {
        Map<String, Object> config = new HashMap<>(kafkaProperties);
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        return config;
    }

    /**
     * What every part process started by {@code component} gets: the cluster, the topics and, with
     * {@code --kafka-config}, the path of that file (never its content).
     */
    public List<String> componentArgs() {
        List<String> args = new ArrayList<>(List.of(
                "--bootstrap",
                bootstrapServers,
                "--prefix",
                catalog.prefix(),
                "--partitions",
                Integer.toString(catalog.partitions()),
                "--" + REPLICATION_FACTOR,
                Integer.toString(catalog.replicationFactor())));
        kafkaConfig.ifPresent(file -> args.addAll(
                List.of("--" + KafkaConfigFile.FLAG, file.toAbsolutePath().toString())));
        return args;
    }

    public BenchDatabase database() {
        return database;
    }

    public int consolePort() {
        return standalone.port();
    }

    /** The password of the console's {@code admin} user, made up for this run. */
    public String consolePassword() {
        return consolePassword;
    }

    /** Whether the analytics app runs in this JVM ({@code --analytics true}). */
    public boolean analytics() {
        return analytics;
    }

    public int workerCapacity() {
        return worker.capacity();
    }

    /** The worker consumer's fetch.max.wait.ms when {@code --worker-fetch-max-wait-ms} set it, else null. */
    public Integer workerFetchMaxWaitMs() {
        return worker.fetchMaxWaitMs();
    }

    public boolean externalKafka() {
        return externalKafka;
    }

    @Override
    public void close() {
        for (int i = started.size() - 1; i >= 0; i--) {
            AutoCloseable part = started.get(i);
            if (part instanceof BenchDatabase && externalKafka) {
                deleteTopics();
            }
            try {
                part.close();
            } catch (Exception e) {
                progress.println("could not stop " + part.getClass().getSimpleName() + ": " + e.getMessage());
            }
        }
        started.clear();
        if (keepData) {
            progress.println("kept the run's data in " + dataDir);
        } else {
            deleteFolder(dataDir);
        }
    }

    private void deleteTopics() {
        try (Admin admin = Admin.create(clientConfig())) {
            Set<String> ours = admin.listTopics().names().get().stream()
                    .filter(name -> name.startsWith(catalog.prefix()))
                    .collect(Collectors.toSet());
            admin.deleteTopics(ours).all().get();
        } catch (ExecutionException e) {
            progress.println("could not delete the topics " + catalog.prefix() + "*: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void deleteFolder(Path folder) {
        try {
            Folders.deleteTree(folder);
        } catch (IOException e) {
            progress.println("could not delete " + folder + ": " + e.getMessage());
        }
    }
}
