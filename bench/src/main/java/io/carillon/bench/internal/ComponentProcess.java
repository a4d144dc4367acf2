package io.carillon.bench.internal;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.planner.Planner;
import io.carillon.standalone.Standalone;
import io.carillon.topics.TopicCatalog;
import io.carillon.worker.CarillonWorker;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.StreamsConfig;

/**
 * The child side of the multi-process workloads: {@code carillon-bench.jar component <planner|dispatcher|worker>
 * --bootstrap B --prefix P --partitions N [...]} (or {@code component standalone <the standalone jar's arguments>}) runs one Carillon part in its own JVM until the process is stopped
 * (SIGTERM closes the part gracefully; {@code kill -9} is the point of {@code failover}). Not in the usage text: the
 * harness starts these itself through {@link ChildProcess}. The worker records every handler start in
 * {@code --starts-file} ({@link StartFile}). Each part keeps its own Kafka group session timeout (6 s
 * each), as the runnable jars do, unless {@code --session-timeout-ms} sets one for all (with
 * heartbeats every {@value #HEARTBEAT_INTERVAL_MS} ms).
 */
public final class ComponentProcess {

    public static final String SUBCOMMAND = "component";
    /** Printed once the part is up, after its name. */
    static final String STARTED = " started";
    /** The part that runs {@link Standalone} with the arguments after it, as the standalone jar does. */
    static final String STANDALONE = "standalone";

    static final int HEARTBEAT_INTERVAL_MS = 1_000;
    static final Duration WORKER_HEARTBEAT_INTERVAL = Duration.ofSeconds(1);
    /** A dispatcher's session timeout ({@code Dispatcher.Builder.sessionTimeout}); --session-timeout-ms wins. */
    static final String DISPATCHER_SESSION_TIMEOUT_MS = "dispatcher-session-timeout-ms";

    private ComponentProcess() {}

    /**
     * Runs the part {@code args} name and blocks until the JVM shuts down.
     *
     * @param args the arguments after {@value #SUBCOMMAND}
     * @throws UsageException for a wrong command line
     */
    public static void run(String[] args, PrintStream progress) {
        if (args.length == 0) {
            throw new UsageException("component: say planner, dispatcher or worker");
        }
        if (args[0].equals(STANDALONE)) {
            awaitShutdown(Standalone.start(Arrays.copyOfRange(args, 1, args.length)), args[0], progress);
            return;
        }
        Map<String, String> flags = flags(args);
        if (args[0].equals(LabBrokers.PART)) {
            awaitShutdown(LabBrokers.startMember(flags), args[0], progress);
            return;
        }
        String bootstrap = required(flags, "bootstrap");
        Map<String, String> kafkaProperties = flags.containsKey(KafkaConfigFile.FLAG)
                ? KafkaConfigFile.read(Path.of(flags.get(KafkaConfigFile.FLAG)))
                : Map.of();
        TopicCatalog catalog = new TopicCatalog(
                required(flags, "prefix"),
                Integer.parseInt(required(flags, "partitions")),
                Short.parseShort(flags.getOrDefault(
                        BenchCluster.REPLICATION_FACTOR, Short.toString(TopicCatalog.DEFAULT_REPLICATION_FACTOR))));
        OptionalInt sessionTimeoutMs = flags.containsKey("session-timeout-ms")
                ? OptionalInt.of(Integer.parseInt(flags.get("session-timeout-ms")))
                : OptionalInt.empty();
        Clock clock = Clock.systemUTC();
        AutoCloseable part = switch (args[0]) {
            case "planner" -> planner(flags, bootstrap, kafkaProperties, catalog, clock, sessionTimeoutMs);
            case "dispatcher" -> dispatcher(flags, bootstrap, kafkaProperties, catalog, clock, sessionTimeoutMs);
            case "worker" -> worker(flags, bootstrap, kafkaProperties, catalog, clock, sessionTimeoutMs);
            default ->
                throw new UsageException(
                        "component: unknown part '" + args[0] + "': say planner, dispatcher or worker");
        };
        awaitShutdown(part, args[0], progress);
    }

    private static void awaitShutdown(AutoCloseable part, String name, PrintStream progress) {
        progress.println("component " + name + STARTED);
        progress.flush();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                part.close();
                            } catch (Exception e) {
                                progress.println("component " + name + " did not close cleanly: " + e);
                            }
                            stopped.countDown();
                        },
                        "component-shutdown"));
        try {
            stopped.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static Planner planner(
            Map<String, String> flags,
            String bootstrap,
            Map<String, String> kafkaProperties,
            TopicCatalog catalog,
            Clock clock,
            OptionalInt sessionTimeoutMs) {
        Planner.Builder builder = Planner.builder()
                .bootstrapServers(bootstrap)
                .clientProperties(kafkaProperties)
                .catalog(catalog)
                .clock(clock)
                .stateDir(Path.of(required(flags, "state-dir")))
                .standbyReplicas(Integer.parseInt(flags.getOrDefault("standby-replicas", "0")));
        sessionTimeoutMs.ifPresent(timeout -> builder.streamsProperty(
                StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG), Integer.toString(timeout)));
        String extra = flags.get("streams-property");
        if (extra != null) {
            int equals = extra.indexOf('=');
            if (equals <= 0) {
                throw new UsageException("component: --streams-property wants name=value, found '" + extra + "'");
            }
            builder.streamsProperty(extra.substring(0, equals), extra.substring(equals + 1));
        }
        Planner planner = builder.build();
        planner.start();
        return planner;
    }

    private static Dispatcher dispatcher(
            Map<String, String> flags,
            String bootstrap,
            Map<String, String> kafkaProperties,
            TopicCatalog catalog,
            Clock clock,
            OptionalInt sessionTimeoutMs) {
        Dispatcher.Builder builder = Dispatcher.builder()
                .bootstrapServers(bootstrap)
                .clientProperties(kafkaProperties)
                .catalog(catalog)
                .clock(clock)
                .instanceId(flags.get("instance-id"));
        String dispatcherSession = flags.get(DISPATCHER_SESSION_TIMEOUT_MS);
        if (dispatcherSession != null) {
            builder.sessionTimeout(Duration.ofMillis(Long.parseLong(dispatcherSession)));
        }
        sessionTimeoutMs.ifPresent(timeout -> builder.clientProperty(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, timeout)
                .clientProperty(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, HEARTBEAT_INTERVAL_MS));
        Dispatcher dispatcher = builder.build();
        dispatcher.start();
        return dispatcher;
    }

    private static AutoCloseable worker(
            Map<String, String> flags,
            String bootstrap,
            Map<String, String> kafkaProperties,
            TopicCatalog catalog,
            Clock clock,
            OptionalInt sessionTimeoutMs) {
        StartFile starts = StartFile.open(Path.of(required(flags, "starts-file")), clock);
        CarillonWorker.Builder builder = CarillonWorker.builder()
                .bootstrapServers(bootstrap)
                .clientProperties(kafkaProperties)
                .catalog(catalog)
                .clock(clock)
                .app(BenchCluster.APP)
                .instanceId(required(flags, "instance-id"))
                .capacity(Integer.parseInt(
                        flags.getOrDefault("capacity", Integer.toString(BenchCluster.DEFAULT_WORKER_CAPACITY))))
                .heartbeatInterval(WORKER_HEARTBEAT_INTERVAL)
                .handler(BenchCluster.HANDLER, starts.handler())
                .handler(BenchCluster.FAILING_HANDLER, starts.failingHandler());
        sessionTimeoutMs.ifPresent(timeout -> builder.kafkaProperty(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, timeout)
                .kafkaProperty(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, HEARTBEAT_INTERVAL_MS));
        String fetchMaxWaitMs = flags.get("fetch-max-wait-ms");
        if (fetchMaxWaitMs != null) {
            builder.kafkaProperty(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Integer.parseInt(fetchMaxWaitMs));
        }
        CarillonWorker worker = builder.build();
        worker.start();
        return () -> {
            worker.close();
            starts.close();
        };
    }

    private static Map<String, String> flags(String[] args) {
        Map<String, String> flags = new HashMap<>();
        for (int i = 1; i < args.length; i += 2) {
            if (!args[i].startsWith("--") || i + 1 >= args.length) {
                throw new UsageException("component: expected --name value, found '" + args[i] + "'");
            }
            flags.put(args[i].substring(2), args[i + 1]);
        }
        return flags;
    }

    static String required(Map<String, String> flags, String name) {
        String value = flags.get(name);
        if (value == null) {
            throw new UsageException("component: --" + name + " is required");
        }
        return value;
    }
}
