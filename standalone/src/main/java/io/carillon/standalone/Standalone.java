package io.carillon.standalone;

import io.carillon.broker.KafkaBroker;
import io.carillon.console.ConsoleApplication;
import io.carillon.standalone.internal.DataDirLock;
import io.carillon.standalone.internal.EmbeddedDatabase;
import io.carillon.standalone.internal.StaleGroupMembers;
import io.carillon.topics.spring.HealthProbes;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.CommandLinePropertySource;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * A running standalone Carillon: the infrastructure it started itself and the Spring application on top.
 * {@link #close()} stops the application first, then PostgreSQL and Kafka. Start and close from one thread.
 */
public final class Standalone implements AutoCloseable {

    /** Where the broker's and PostgreSQL's data live; default {@value #DEFAULT_DATA_DIR}. */
    public static final String DATA_DIR_PROPERTY = "carillon.standalone.data-dir";
    /** The in-process broker's client port; default {@value #DEFAULT_BROKER_PORT}, 0 picks a free one. */
    public static final String BROKER_PORT_PROPERTY = "carillon.broker.port";

    public static final String BOOTSTRAP_PROPERTY = "carillon.kafka.bootstrap-servers";
    public static final String DATASOURCE_PROPERTY = "spring.datasource.url";
    /**
     * Whether the embedded PostgreSQL writes each commit to disk before it returns (fsync and synchronous_commit
     * on); default true. False is faster and loses recent commits, or corrupts the database, on a power cut.
     */
    public static final String POSTGRES_DURABLE_PROPERTY = "carillon.standalone.postgres.durable";

    public static final String DEMO_FLAG = "--demo";

    /** The file in the data folder that holds the {@code admin} user's generated first-start password. */
    public static final String INITIAL_ADMIN_PASSWORD_FILE = "initial-admin-password";

    private static final String DEFAULT_DATA_DIR = "carillon-data";
    private static final int DEFAULT_BROKER_PORT = 9092;
    private static final String[] QUIET_LOGGERS = {"kafka", "org.apache.kafka", "state.change.logger", "io.zonky"};
    /** Every part runs here, so the process measures the lag of every Carillon consumer group. */
    private static final String CONSUMER_LAG_GROUPS = "planner,dispatcher,analytics,console*,trigger.*";

    private final DataDirLock lock;
    private final KafkaBroker broker;
    private final EmbeddedPostgres postgres;
    private final ConfigurableApplicationContext context;

    private Standalone(
            DataDirLock lock, KafkaBroker broker, EmbeddedPostgres postgres, ConfigurableApplicationContext context) {
        this.lock = lock;
        this.broker = broker;
        this.postgres = postgres;
        this.context = context;
    }

    /**
     * Locks the data folder for this process, starts what is not configured to be elsewhere (after clearing what a
     * killed predecessor left there), then the application; returns once it serves requests.
     *
     * @throws DataDirInUseException when another process uses the data folder; nothing was started or changed
     */
    public static Standalone start(String... args) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource(args));
        Binder settings = Binder.get(environment);
        Path dataDir = Path.of(settings.bind(DATA_DIR_PROPERTY, String.class).orElse(DEFAULT_DATA_DIR))
                .toAbsolutePath();
        Map<String, Object> defaults = new HashMap<>();
        defaults.put("carillon.planner.state-dir", dataDir.resolve("planner").toString());
        defaults.put(
                "carillon.analytics.state-dir", dataDir.resolve("analytics").toString());
        defaults.put("carillon.worker.app", "demo");
        defaults.put(
                "carillon.console.initial-admin-password-file",
                dataDir.resolve(INITIAL_ADMIN_PASSWORD_FILE).toString());
        defaults.put("carillon.standalone.demo", Arrays.asList(args).contains(DEMO_FLAG));
        LoggingSystem logging = LoggingSystem.get(Standalone.class.getClassLoader());
        for (String quiet : QUIET_LOGGERS) {
            logging.setLogLevel(quiet, LogLevel.WARN);
            defaults.put("logging.level." + quiet, "WARN");
        }

        DataDirLock lock = DataDirLock.acquire(dataDir);
        KafkaBroker broker = null;
        EmbeddedPostgres postgres = null;
        try {
            if (!settings.bind(BOOTSTRAP_PROPERTY, String.class).isBound()) {
                broker = KafkaBroker.builder()
                        .dataDir(dataDir.resolve("kafka"))
                        .port(settings.bind(BROKER_PORT_PROPERTY, Integer.class).orElse(DEFAULT_BROKER_PORT))
                        .start();
                StaleGroupMembers.remove(broker.bootstrapServers());
                defaults.put(BOOTSTRAP_PROPERTY, broker.bootstrapServers());
            }
            if (!settings.bind(DATASOURCE_PROPERTY, String.class).isBound()) {
                postgres = EmbeddedDatabase.start(
                        dataDir.resolve("postgres"),
                        settings.bind(POSTGRES_DURABLE_PROPERTY, Boolean.class).orElse(true));
                defaults.put(DATASOURCE_PROPERTY, postgres.getJdbcUrl("postgres", "postgres"));
                defaults.put("spring.datasource.username", "postgres");
            }
            ConfigurableApplicationContext context = new SpringApplicationBuilder(
                            ConsoleApplication.class, StandaloneConfiguration.class)
                    .properties(defaults)
                    .initializers(Standalone::healthProbes)
                    .registerShutdownHook(false)
                    .run(args);
            return new Standalone(lock, broker, postgres, context);
        } catch (IOException | RuntimeException e) {
            new Standalone(lock, broker, postgres, null).close();
            if (e instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(
                    "could not start embedded PostgreSQL in " + dataDir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The probe groups of the whole process (planner, dispatcher and analytics besides the console's database) and the
     * consumer groups whose lag it measures (all of them), above the console's application.properties and below the
     * command line.
     */
    private static void healthProbes(ConfigurableApplicationContext context) {
        MutablePropertySources sources = context.getEnvironment().getPropertySources();
        Map<String, Object> properties = new HashMap<>(HealthProbes.properties(
                List.of("planner", "dispatcher", "analytics"), List.of("db", "carillonDatabaseMigration")));
        properties.put("carillon.metrics.consumer-lag-groups", CONSUMER_LAG_GROUPS);
        MapPropertySource probes = new MapPropertySource("carillon-standalone-health", properties);
        if (sources.contains(CommandLinePropertySource.COMMAND_LINE_PROPERTY_SOURCE_NAME)) {
            sources.addAfter(CommandLinePropertySource.COMMAND_LINE_PROPERTY_SOURCE_NAME, probes);
        } else {
            sources.addFirst(probes);
        }
    }

    /** The application context, for tests and embedding. */
    public ConfigurableApplicationContext context() {
        return context;
    }

    /** The port the console listens on. */
    public int port() {
        return context.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
    }

    @Override
    public void close() {
        if (context != null) {
            context.close();
        }
        if (postgres != null) {
            try {
                postgres.close();
            } catch (IOException e) {
                System.err.println("could not stop embedded PostgreSQL: " + e.getMessage());
            }
        }
        if (broker != null) {
            broker.close();
        }
        lock.close();
    }
}
