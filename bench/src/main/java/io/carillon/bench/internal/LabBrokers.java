package io.carillon.bench.internal;

import io.carillon.broker.KafkaBroker;
import io.carillon.topics.KafkaClientTimeouts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.common.Uuid;

/**
 * The fault lab's Kafka cluster: one KRaft node (broker and controller) per broker host, each a process of its own,
 * with the settings docs/operations.md gives for production: every topic and Kafka's internal topics replicated
 * {@value #REPLICATION} times, {@code min.insync.replicas} {@value #MIN_IN_SYNC}. Used by one thread.
 */
final class LabBrokers {

    static final String PART = "broker";
    static final int CLIENT_PORT = 9092;
    static final int CONTROLLER_PORT = 9093;
    static final int REPLICATION = 3;
    static final int MIN_IN_SYNC = 2;
    /**
     * {@code broker.session.timeout.ms} (Kafka's: 9 s): how long after a broker's last heartbeat the controller fences
     * it and moves its partitions' leadership. Below the planners' and dispatchers' transaction timeout (10 s), so a
     * transaction that wrote to a dead broker's partitions can still commit once their leadership has moved.
     */
    static final Duration BROKER_SESSION = Duration.ofSeconds(6);
    /** {@code broker.heartbeat.interval.ms} (Kafka's: 2 s): four heartbeats a session. */
    static final Duration BROKER_HEARTBEAT = Duration.ofMillis(1500);
    /**
     * The brokers' {@code request.timeout.ms} (Kafka's: 30 s). The transaction coordinator sends its commit markers
     * with it: a marker sent to a leader that is then cut off is sent again, to the partition's leader of the time,
     * only after this wait, and until it is written every next transaction of that producer is refused. 2 s, so a
     * marker reaches the new leader within 2 s of the leadership's move.
     */
    static final Duration BROKER_REQUEST_TIMEOUT = Duration.ofSeconds(2);

    static final List<String> JVM_OPTIONS = List.of("-Xmx768m", "-XX:+UseSerialGC");

    private final LabNetwork lab;
    private final ProcessFleet fleet;
    private final List<String> hosts;
    private final Path folder;
    private final String voters;
    private final String clusterId = Uuid.randomUuid().toString();
    private final Map<String, ChildProcess> live = new HashMap<>();

    /** A cluster of one node on each of {@code hosts}, keeping its data under {@code folder}; none started yet. */
    LabBrokers(LabNetwork lab, ProcessFleet fleet, List<String> hosts, Path folder) {
        this.lab = lab;
        this.fleet = fleet;
        this.hosts = List.copyOf(hosts);
        this.folder = folder;
        this.voters = IntStream.range(0, hosts.size())
                .mapToObj(i -> nodeId(i) + "@" + lab.address(hosts.get(i)) + ":" + CONTROLLER_PORT)
                .collect(Collectors.joining(","));
    }

    /**
     * Starts one broker process on each host and returns the cluster's bootstrap servers. The processes announce
     * their start once the cluster answers them (a quorum of controllers is up).
     */
    String startAll() {
        hosts.forEach(this::start);
        List<String> servers = new ArrayList<>();
        hosts.forEach(host -> servers.add(lab.address(host) + ":" + CLIENT_PORT));
        return String.join(",", servers);
    }

    /** Starts the broker of {@code host} on its data folder (again, after a kill). */
    void start(String host) {
        int index = hosts.indexOf(host);
        ChildProcess child = fleet.start(
                host + "-broker",
                PART,
                new ChildProcess.Launch(lab.on(host), Map.of()),
                JVM_OPTIONS,
                List.of(
                        "--node-id",
                        Integer.toString(nodeId(index)),
                        "--host",
                        lab.address(host),
                        "--voters",
                        voters,
                        "--cluster-id",
                        clusterId,
                        "--data-dir",
                        folder.resolve(host).toString()));
        live.put(host, child);
    }

    /** Kills ({@code kill -9}) the broker of {@code host}. */
    void kill(String host) {
        live.remove(host).kill();
    }

    /** Whether a broker of this cluster runs on {@code host}. */
    boolean runsOn(String host) {
        return hosts.contains(host);
    }

    /** The host of the broker with the node id {@code nodeId}. */
    String hostOf(int nodeId) {
        return hosts.get(nodeId - 1);
    }

    private static int nodeId(int index) {
        return index + 1;
    }

    /**
     * The process side: starts the member the flags describe and returns it once the cluster answers. Its settings
     * are those docs/operations.md gives for production, the brokers' own client timeouts included (the transaction
     * coordinator writes its commit markers with them: with Kafka's 30 s it waits that long on a lost leader).
     */
    static KafkaBroker startMember(Map<String, String> flags) {
        String host = ComponentProcess.required(flags, "host");
        return KafkaBroker.builder()
                .dataDir(Path.of(ComponentProcess.required(flags, "data-dir")))
                .port(CLIENT_PORT)
                .controllerPort(CONTROLLER_PORT)
                .clusterMember(new KafkaBroker.ClusterMember(
                        Integer.parseInt(ComponentProcess.required(flags, "node-id")),
                        host,
                        ComponentProcess.required(flags, "voters"),
                        ComponentProcess.required(flags, "cluster-id")))
                .property("default.replication.factor", Integer.toString(REPLICATION))
                .property("min.insync.replicas", Integer.toString(MIN_IN_SYNC))
                .property("offsets.topic.replication.factor", Integer.toString(REPLICATION))
                .property("transaction.state.log.replication.factor", Integer.toString(REPLICATION))
                .property("transaction.state.log.min.isr", Integer.toString(MIN_IN_SYNC))
                .property("share.coordinator.state.topic.replication.factor", Integer.toString(REPLICATION))
                .property("share.coordinator.state.topic.min.isr", Integer.toString(MIN_IN_SYNC))
                .property("broker.session.timeout.ms", Long.toString(BROKER_SESSION.toMillis()))
                .property("broker.heartbeat.interval.ms", Long.toString(BROKER_HEARTBEAT.toMillis()))
                .property("request.timeout.ms", Long.toString(BROKER_REQUEST_TIMEOUT.toMillis()))
                .property(
                        "socket.connection.setup.timeout.ms",
                        Integer.toString(KafkaClientTimeouts.CONNECTION_SETUP_TIMEOUT_MS))
                .property(
                        "socket.connection.setup.timeout.max.ms",
                        Integer.toString(KafkaClientTimeouts.CONNECTION_SETUP_TIMEOUT_MAX_MS))
                .start();
    }
}
