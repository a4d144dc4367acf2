package io.carillon.bench.internal;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The parsed command line: {@code <workload> --flag value ...} (or {@code --flag=value}). Flags a workload does not
 * know are refused, naming the flag, so a typo never silently runs a different benchmark. Immutable.
 */
public final class BenchOptions {

    public static final String DEFAULT_JDBC_URL = "jdbc:postgresql://127.0.0.1:5432/postgres";
    public static final String DEFAULT_JDBC_USER = "postgres";

    private static final Set<String> COMMON = Set.of(
            "bootstrap",
            "jdbc-url",
            "jdbc-user",
            "jdbc-password",
            "partitions",
            "worker-capacity",
            "worker-fetch-max-wait-ms",
            "worker-process",
            "worker-jvm-options",
            "drain-s",
            "materialize-wait-s",
            "create",
            "keep-data",
            "carillon-property",
            KafkaConfigFile.FLAG);
    private static final Map<String, Set<String>> WORKLOAD_FLAGS = Map.of(
            "steady", Set.of("jobs", "period-ms", "duration-s", "warmup-s", "analytics", "failing"),
            "burst", Set.of("fires", "lead-s"),
            "scale",
                    Set.of(
                            "jobs",
                            "active",
                            "duration-s",
                            "warmup-s",
                            "intake-timeout-s",
                            "planner-jvm-options",
                            "planner-streams-property"),
            "failover",
                    Set.of(
                            "jobs",
                            "period-ms",
                            "duration-s",
                            "warmup-s",
                            "session-timeout-ms",
                            "dispatcher-session-timeout-ms",
                            "dispatcher-instance-ids"),
            "import", Set.of("jobs", "publish-wait-s"),
            "create", Set.of("jobs", "clients", "route", "plan-wait-s"),
            "console", Set.of("jobs", "runs", "days", "requests"),
            "faults", Set.of("jobs", "period-ms", "schedule", "hold-s", "settle-s", "warmup-s"),
            "idle", Set.of("settle-s", "measure-s", "standalone-jar"),
            "workflows", Set.of("workflows", "lead-s"));

    private final String workload;
    private static final String WORKLOAD_NAMES =
            "steady, burst, scale, failover, import, create, console, faults, idle or workflows";

    private final Map<String, String> flags;

    private BenchOptions(String workload, Map<String, String> flags) {
        this.workload = workload;
        this.flags = flags;
    }

    /**
     * Parses {@code args}.
     *
     * @throws UsageException naming the flag or workload at fault
     */
    public static BenchOptions parse(String... args) {
        if (args.length == 0) {
            throw new UsageException("no workload given: say " + WORKLOAD_NAMES);
        }
        String workload = args[0];
        Set<String> known = WORKLOAD_FLAGS.get(workload);
        if (known == null) {
            throw new UsageException("unknown workload '" + workload + "': say " + WORKLOAD_NAMES);
        }
        Map<String, String> flags = new LinkedHashMap<>();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--") || arg.length() == 2) {
                throw new UsageException("unexpected argument '" + arg + "': flags look like --name value");
            }
            String name = arg.substring(2);
            String value;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                throw new UsageException("--" + name + " needs a value");
            }
            if (!known.contains(name) && !COMMON.contains(name)) {
                throw new UsageException("--" + name + " is not a flag of " + workload + "; it takes "
                        + String.join(
                                ", ",
                                known.stream().sorted().map(flag -> "--" + flag).toList())
                        + " and the common flags "
                        + String.join(
                                ", ",
                                COMMON.stream()
                                        .sorted()
                                        .map(flag -> "--" + flag)
                                        .toList()));
            }
            flags.put(name, value);
        }
        return new BenchOptions(workload, Map.copyOf(flags));
    }

    /**
     * These options with {@code flag} set to {@code value}: how a workload hands the cluster it built itself (the
     * fault lab's brokers) to the parts, as if the command line had named it.
     */
    BenchOptions with(String flag, String value) {
        Map<String, String> changed = new LinkedHashMap<>(flags);
        changed.put(flag, value);
        return new BenchOptions(workload, changed);
    }

    public String workload() {
        return workload;
    }

    /** JVM options separated by white space ({@code "-XX:TieredStopAtLevel=1 -Xmx512m"}); empty when absent. */
    public List<String> jvmOptions(String flag) {
        String value = flags.get(flag);
        return value == null || value.isBlank()
                ? List.of()
                : List.of(value.trim().split("\\s+"));
    }

    /** A positive whole number, or {@code defaultValue} when the flag is absent. */
    public int positiveInt(String flag, int defaultValue) {
        String value = flags.get(flag);
        if (value == null) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value.replace("_", ""));
            if (parsed < 1) {
                throw new UsageException("--" + flag + " must be at least 1, was " + value);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + flag + " must be a whole number, was '" + value + "'");
        }
    }

    /** A whole number of zero or more, or {@code defaultValue} when the flag is absent. */
    public int nonNegativeInt(String flag, int defaultValue) {
        String value = flags.get(flag);
        if (value == null) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value.replace("_", ""));
            if (parsed < 0) {
                throw new UsageException("--" + flag + " must not be negative, was " + value);
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new UsageException("--" + flag + " must be a whole number, was '" + value + "'");
        }
    }

    public Optional<String> text(String flag) {
        return Optional.ofNullable(flags.get(flag));
    }

    /**
     * Whether {@code --keep-data true} asked to keep the run's data folder (Kafka log, part state, handler-start
     * files) for a look after the run; it is deleted otherwise.
     */
    public boolean keepData() {
        return bool("keep-data", false);
    }

    /**
     * Whether the bench worker runs in a JVM of its own, as a user's service does ({@code --worker-process true}, the
     * default), or inside the harness's JVM next to the broker and the other parts ({@code false}).
     */
    public boolean workerProcess() {
        return bool("worker-process", true);
    }

    /**
     * Whether {@code failover}'s dispatchers run with instance ids, the replacement of a killed one under the killed
     * one's ({@code --dispatcher-instance-ids true}, the default: a supervisor restarting it), or as dynamic group
     * members, the replacement a new member ({@code false}: a replacement elsewhere).
     */
    public boolean dispatcherInstanceIds() {
        return bool("dispatcher-instance-ids", true);
    }

    /**
     * Whether the analytics app runs ({@code --analytics true}); {@code --failing} with failing jobs turns it on, and
     * refuses {@code --analytics false}, since the failures' notifications come from it.
     *
     * @throws UsageException when {@code --failing} asks for failures while {@code --analytics} is false
     */
    public boolean analytics() {
        boolean failing = nonNegativeInt("failing", 0) > 0;
        boolean analytics = bool("analytics", failing);
        if (failing && !analytics) {
            throw new UsageException("--failing needs the analytics app, which turns failures into incidents:"
                    + " drop --analytics false");
        }
        return analytics;
    }

    private boolean bool(String flag, boolean defaultValue) {
        return text(flag)
                .map(value -> {
                    if (!value.equals("true") && !value.equals("false")) {
                        throw new UsageException("--" + flag + " takes true or false, was '" + value + "'");
                    }
                    return Boolean.parseBoolean(value);
                })
                .orElse(defaultValue);
    }

    /** The Kafka cluster to use instead of an in-process broker. */
    public Optional<String> bootstrap() {
        return text("bootstrap");
    }

    /** The file of Kafka client properties ({@code --kafka-config}) for a secured cluster. */
    public Optional<Path> kafkaConfig() {
        return text(KafkaConfigFile.FLAG).map(Path::of);
    }

    /** Whether {@code --jdbc-url} was given (then no embedded fallback is taken). */
    public boolean jdbcUrlGiven() {
        return flags.containsKey("jdbc-url");
    }

    public String jdbcUrl() {
        return flags.getOrDefault("jdbc-url", DEFAULT_JDBC_URL);
    }

    public String jdbcUser() {
        return flags.getOrDefault("jdbc-user", DEFAULT_JDBC_USER);
    }

    public String jdbcPassword() {
        return flags.getOrDefault("jdbc-password", "");
    }

    /** How jobs are created: through the console's REST API or as JobDefinitions produced to the jobs topic. */
    public JobRoute create(JobRoute defaultRoute) {
        return route("create", defaultRoute);
    }

    /** The job route flag {@code flag} names ({@code rest} or {@code kafka}), or {@code defaultRoute}. */
    public JobRoute route(String flag, JobRoute defaultRoute) {
        String value = flags.get(flag);
        if (value == null) {
            return defaultRoute;
        }
        return switch (value) {
            case "rest" -> JobRoute.REST;
            case "kafka" -> JobRoute.KAFKA;
            default -> throw new UsageException("--" + flag + " must be rest or kafka, was '" + value + "'");
        };
    }
}
