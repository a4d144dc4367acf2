package io.carillon.broker;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.apache.kafka.server.common.MetadataVersion;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real single-node Kafka broker (KRaft, broker and controller in one) running inside this JVM, for tests, the
 * standalone jar and the benchmark. The storage is formatted in code on first start; the cluster id is kept in
 * {@code cluster.id} beside the data, so a restart on the same directory reuses the data.
 *
 * <p>With {@link Builder#saslScram} the client listener takes SASL_PLAINTEXT with SCRAM-SHA-512 and the
 * standard authorizer decides from ACLs ({@link #createScramUser}, {@link #createAcls}); see {@link SaslScram}.
 *
 * <p>Start with {@link #builder()}; {@link #close()} stops the broker and, for a temporary directory, deletes it.
 * Not thread-safe: start and close from one thread.
 */
public final class KafkaBroker implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(KafkaBroker.class);
    private static final int SINGLE_NODE_ID = 1;
    private static final String LOCALHOST = "localhost";
    private static final String CLUSTER_ID_FILE = "cluster.id";
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    /**
     * How often the broker aborts transactions past their timeout ({@code
     * transaction.abort.timed.out.transaction.cleanup.interval.ms}, Kafka's default 10 s). A killed planner's or
     * dispatcher's open transaction holds back every read_committed reader of the partitions it wrote (their last
     * stable offset) and the successor's fetch of the offsets it was committing, until the broker aborts it: after
     * the producer's transaction timeout (10 s for both) plus up to this interval. Checked every second, a fail-over
     * waits about the timeout instead of up to twice it.
     */
    static final Duration TIMED_OUT_TRANSACTION_CHECK = Duration.ofSeconds(1);
    /**
     * The shortest group session a client may ask for ({@code group.min.session.timeout.ms}, 6 s unless set): 1 s,
     * so that a dispatcher configured with a short session timeout hands a dead instance's fires on sooner.
     */
    static final Duration MIN_GROUP_SESSION = Duration.ofSeconds(1);

    private final Path dataDir;
    private final boolean temporary;
    private final int port;
    private final int controllerPort;
    private final Map<String, String> overrides;
    private final SaslScram sasl;
    private final ClusterMember member;
    private KafkaRaftServer server;

    private KafkaBroker(Builder builder) throws IOException {
        this.temporary = builder.dataDir == null;
        this.dataDir = temporary ? Files.createTempDirectory("carillon-kafka-") : builder.dataDir;
        Ports ports = Ports.choose(builder.port, builder.controllerPort);
        this.port = ports.client();
        this.controllerPort = ports.controller();
        this.overrides = Map.copyOf(builder.overrides);
        this.sasl = builder.sasl;
        this.member = builder.member;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** {@code host:port} of the client listener. */
    public String bootstrapServers() {
        return host() + ":" + port;
    }

    private String host() {
        return member == null ? LOCALHOST : member.host();
    }

    private int nodeId() {
        return member == null ? SINGLE_NODE_ID : member.nodeId();
    }

    public int port() {
        return port;
    }

    public Path dataDir() {
        return dataDir;
    }

    /**
     * The client configuration of the super user: bootstrap servers and, with SASL, its SCRAM login. A new,
     * modifiable map.
     */
    public Map<String, Object> superUserClientConfig() {
        Map<String, Object> config = new HashMap<>();
        if (sasl != null) {
            config.putAll(SaslScram.clientProperties(sasl.superUser(), sasl.superUserPassword()));
        }
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        return config;
    }

    /**
     * Creates or replaces the SCRAM-SHA-512 credential of {@code user} ({@code Admin.alterUserScramCredentials}, as
     * the super user) and returns once the broker accepts it.
     *
     * @throws IllegalStateException when the broker has no SASL listener, or refuses or does not accept the user
     */
    public void createScramUser(String user, String password) {
        requireSasl();
        SaslScram.requireSafe("user", user);
        SaslScram.requireSafe("password of " + user, password);
        try (Admin admin = Admin.create(superUserClientConfig())) {
            await(admin.alterUserScramCredentials(List.of(SaslScram.upsertion(user, password)))
                    .all());
        }
        SaslScram.awaitLogin(bootstrapServers(), user, password, READY_TIMEOUT);
    }

    /**
     * Creates ACLs ({@code Admin.createAcls}, as the super user) and returns once the broker's authorizer holds them
     * all.
     *
     * @throws IllegalStateException when the broker has no SASL listener or refuses the ACLs
     */
    public void createAcls(Collection<AclBinding> acls) {
        requireSasl();
        try (Admin admin = Admin.create(superUserClientConfig())) {
            await(admin.createAcls(acls).all());
            SaslScram.awaitAcls(admin, acls, READY_TIMEOUT);
        }
    }

    private void requireSasl() {
        if (sasl == null) {
            throw new IllegalStateException("this broker has no SASL listener: start it with Builder.saslScram");
        }
    }

    private static <T> T await(KafkaFuture<T> future) {
        try {
            return future.get(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the broker", e);
        } catch (ExecutionException | TimeoutException e) {
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new IllegalStateException("the broker refused or did not answer: " + cause.getMessage(), cause);
        }
    }

    private KafkaBroker start() {
        requirePortFree(host(), port, "Kafka port");
        requirePortFree(host(), controllerPort, "Kafka controller port");
        try {
            Files.createDirectories(dataDir);
            KafkaConfig config = KafkaConfig.fromProps(brokerProperties());
            formatIfNeeded(config);
            server = new KafkaRaftServer(config, Time.SYSTEM);
            server.startup();
            awaitReady();
            log.info("Kafka broker ready on {} (data in {})", bootstrapServers(), dataDir);
            return this;
        } catch (Exception e) {
            close();
            throw new IllegalStateException(
                    "could not start the in-process Kafka broker on port " + port + ": " + e.getMessage(), e);
        }
    }

    private Properties brokerProperties() {
        Map<String, String> props = new HashMap<>();
        props.put("process.roles", "broker,controller");
        props.put("node.id", String.valueOf(nodeId()));
        props.put(
                "controller.quorum.voters",
                member == null ? SINGLE_NODE_ID + "@" + LOCALHOST + ":" + controllerPort : member.quorumVoters());
        props.put("controller.listener.names", "CONTROLLER");
        if (sasl != null) {
            props.putAll(sasl.brokerProperties(port, controllerPort));
        } else {
            props.put(
                    "listeners",
                    "PLAINTEXT://" + host() + ":" + port + ",CONTROLLER://" + host() + ":" + controllerPort);
            props.put("advertised.listeners", "PLAINTEXT://" + host() + ":" + port);
            props.put("inter.broker.listener.name", "PLAINTEXT");
            props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        }
        props.put("log.dirs", logDir().toString());
        props.put("num.partitions", "1");
        props.put("auto.create.topics.enable", "false");
        props.put("group.initial.rebalance.delay.ms", "0");
        props.put("offsets.topic.replication.factor", "1");
        props.put("offsets.topic.num.partitions", "12");
        props.put("transaction.state.log.replication.factor", "1");
        props.put("transaction.state.log.min.isr", "1");
        props.put("transaction.state.log.num.partitions", "12");
        props.put(
                "transaction.abort.timed.out.transaction.cleanup.interval.ms",
                String.valueOf(TIMED_OUT_TRANSACTION_CHECK.toMillis()));
        props.put("group.min.session.timeout.ms", String.valueOf(MIN_GROUP_SESSION.toMillis()));
        props.put("share.coordinator.state.topic.replication.factor", "1");
        props.put("share.coordinator.state.topic.min.isr", "1");
        props.put("log.flush.interval.messages", String.valueOf(Long.MAX_VALUE));
        props.putAll(overrides);
        Properties properties = new Properties();
        properties.putAll(props);
        return properties;
    }

    private Path logDir() {
        return dataDir.resolve("logs");
    }

    private void formatIfNeeded(KafkaConfig config) throws Exception {
        if (Files.exists(logDir().resolve("meta.properties"))) {
            return;
        }
        Formatter formatter = new Formatter()
                .setNodeId(nodeId())
                .setClusterId(clusterId())
                .setDirectories(List.of(logDir().toString()))
                .setMetadataLogDirectory(logDir().toString())
                .setControllerListenerName("CONTROLLER")
                .setReleaseVersion(MetadataVersion.latestProduction())
                .setScramArguments(sasl != null ? List.of(sasl.formatArgument()) : List.of())
                .setIgnoreFormatted(true)
                .setPrintStream(
                        new java.io.PrintStream(java.io.OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8));
        formatter.run();
    }

    private String clusterId() throws IOException {
        if (member != null) {
            return member.clusterId();
        }
        Path file = dataDir.resolve(CLUSTER_ID_FILE);
        if (Files.exists(file)) {
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        }
        String id = Uuid.randomUuid().toString();
        Files.writeString(file, id, StandardCharsets.UTF_8);
        return id;
    }

    private void awaitReady() throws Exception {
        try (Admin admin = Admin.create(superUserClientConfig())) {
            admin.describeCluster().nodes().get(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void close() {
        if (server != null) {
            server.shutdown();
            server.awaitShutdown();
            server = null;
        }
        if (temporary) {
            deleteRecursively(dataDir);
        }
    }

    private static void requirePortFree(String host, int port, String what) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new PortInUseException(what + " " + port + " is already in use (is another Carillon or Kafka "
                    + "running?). Stop it, or choose another port with carillon.broker.port.");
        }
    }

    /** The client and controller listeners' ports. */
    record Ports(int client, int controller) {

        /**
         * {@code client} and {@code controller}, each one given as 0 replaced by a free port distinct from the other.
         * The probe sockets stay open until both ports are known, so the system cannot hand out one port twice.
         */
        static Ports choose(int client, int controller) throws IOException {
            if (client != 0 && controller != 0) {
                return new Ports(client, controller);
            }
            try (ServerSocket first = new ServerSocket(0);
                    ServerSocket second = new ServerSocket(0)) {
                int[] candidates = {first.getLocalPort(), second.getLocalPort()};
                int chosenClient = client != 0 ? client : otherThan(controller, candidates);
                return new Ports(chosenClient, controller != 0 ? controller : otherThan(chosenClient, candidates));
            }
        }

        /** The first of two distinct {@code candidates} that is not {@code taken}. */
        private static int otherThan(int taken, int[] candidates) {
            return candidates[0] != taken ? candidates[0] : candidates[1];
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            log.warn("could not delete {}: {}", dir, e.getMessage());
        }
    }

    /** Settings of a broker to start. */
    public static final class Builder {
        private Path dataDir;
        private int port;
        private int controllerPort;
        private final Map<String, String> overrides = new HashMap<>();
        private SaslScram sasl;
        private ClusterMember member;

        private Builder() {}

        /**
         * Makes this broker one node of a KRaft cluster (broker and controller in one) instead of a cluster of one:
         * {@code member} names its node id, the address its listeners bind to and advertise, the controller quorum
         * and the cluster id every node shares. Both ports must be given. The replication of Kafka's internal topics
         * is set with {@link #property}.
         */
        public Builder clusterMember(ClusterMember member) {
            this.member = member;
            return this;
        }

        /**
         * Secures the client listener: SASL_PLAINTEXT with SCRAM-SHA-512, and the standard authorizer
         * ({@code org.apache.kafka.metadata.authorizer.StandardAuthorizer}), so a principal may do only what an ACL
         * allows. {@code superUser} may do everything; the broker's own connections log in as it, and its SCRAM
         * credential is written when the storage is first formatted. Names and passwords: letters, digits, '.', '_'
         * and '-'.
         */
        public Builder saslScram(String superUser, String superUserPassword) {
            this.sasl = new SaslScram(superUser, superUserPassword);
            return this;
        }

        /** Where the broker keeps its data; when unset, a temporary directory deleted on close. */
        public Builder dataDir(Path dataDir) {
            this.dataDir = dataDir;
            return this;
        }

        /** The client port; 0 (the default) picks a free one. */
        public Builder port(int port) {
            this.port = port;
            return this;
        }

        /** The controller port; 0 (the default) picks a free one. */
        public Builder controllerPort(int port) {
            this.controllerPort = port;
            return this;
        }

        /** A broker setting that overrides Carillon's defaults. */
        public Builder property(String key, String value) {
            overrides.put(key, value);
            return this;
        }

        /** Starts the broker and returns once it answers clients. */
        public KafkaBroker start() {
            if (member != null && (port == 0 || controllerPort == 0)) {
                throw new IllegalArgumentException("a cluster member needs its port and controller port given");
            }
            if (member != null && sasl != null) {
                throw new IllegalArgumentException(
                        "a cluster member takes plain connections only; SASL is for a " + "broker of its own");
            }
            try {
                return new KafkaBroker(this).start();
            } catch (IOException e) {
                throw new IllegalStateException("could not prepare the Kafka broker: " + e.getMessage(), e);
            }
        }
    }

    /**
     * One node of a KRaft cluster.
     *
     * @param nodeId       the node's id, unique in the cluster ({@code node.id})
     * @param host         the address both listeners bind to and clients are told to use
     * @param quorumVoters every controller as {@code id@host:port}, comma-separated ({@code controller.quorum.voters})
     * @param clusterId    the id every node of the cluster is formatted with (a base64 UUID, e.g.
     *                     {@code Uuid.randomUuid().toString()})
     */
    public record ClusterMember(int nodeId, String host, String quorumVoters, String clusterId) {}
}
