package io.carillon.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaBrokerClusterTest {

    private static final int NODES = 3;
    private static final String HOST = "127.0.0.1";

    @TempDir
    Path dir;

    @Test
    void threeMembersFormOneClusterThatKeepsTakingWritesWithOneNodeDown() throws Exception {
        int[] ports = freePorts(2 * NODES);
        String voters = IntStream.range(0, NODES)
                .mapToObj(i -> (i + 1) + "@" + HOST + ":" + ports[NODES + i])
                .collect(Collectors.joining(","));
        String clusterId = Uuid.randomUuid().toString();
        List<CompletableFuture<KafkaBroker>> starting = new ArrayList<>();
        for (int i = 0; i < NODES; i++) {
            int node = i;
            starting.add(CompletableFuture.supplyAsync(() -> KafkaBroker.builder()
                    .dataDir(dir.resolve("node-" + (node + 1)))
                    .port(ports[node])
                    .controllerPort(ports[NODES + node])
                    .clusterMember(new KafkaBroker.ClusterMember(node + 1, HOST, voters, clusterId))
                    .property("offsets.topic.replication.factor", "3")
                    .property("transaction.state.log.replication.factor", "3")
                    .property("transaction.state.log.min.isr", "2")
                    .property("min.insync.replicas", "2")
                    .property("controlled.shutdown.enable", "false")
                    .start()));
        }
        List<KafkaBroker> brokers =
                starting.stream().map(CompletableFuture::join).toList();
        try {
            String bootstrap =
                    brokers.stream().map(KafkaBroker::bootstrapServers).collect(Collectors.joining(","));
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
                assertThat(admin.describeCluster().clusterId().get(30, TimeUnit.SECONDS))
                        .isEqualTo(clusterId);
                assertThat(admin.describeCluster().nodes().get(30, TimeUnit.SECONDS))
                        .hasSize(NODES);
                admin.createTopics(List.of(new NewTopic("replicated", 1, (short) NODES)))
                        .all()
                        .get(30, TimeUnit.SECONDS);
            }
            for (KafkaBroker broker : brokers) {
                awaitFullyReplicated(broker.bootstrapServers(), "replicated");
            }
            brokers.get(2).close();
            try (KafkaProducer<String, String> producer = new KafkaProducer<>(
                    Map.of(
                            ProducerConfig.BOOTSTRAP_SERVERS_CONFIG,
                            brokers.get(0).bootstrapServers(),
                            ProducerConfig.ACKS_CONFIG,
                            "all"),
                    new StringSerializer(),
                    new StringSerializer())) {
                assertThat(producer.send(new ProducerRecord<>("replicated", "k", "v"))
                                .get(60, TimeUnit.SECONDS)
                                .offset())
                        .isZero();
            }
        } finally {
            brokers.stream()
                    .map(broker -> CompletableFuture.runAsync(broker::close))
                    .toList()
                    .forEach(CompletableFuture::join);
        }
    }

    @Test
    void aClusterMemberNeedsBothPortsGiven() {
        assertThatThrownBy(() -> KafkaBroker.builder()
                        .clusterMember(new KafkaBroker.ClusterMember(
                                1, HOST, "1@" + HOST + ":1", Uuid.randomUuid().toString()))
                        .start())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("port");
    }

    private static void awaitFullyReplicated(String bootstrap, String topicName) {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            await().atMost(Duration.ofSeconds(60)).ignoreExceptions().untilAsserted(() -> {
                TopicDescription topic = admin.describeTopics(List.of(topicName))
                        .allTopicNames()
                        .get(10, TimeUnit.SECONDS)
                        .get(topicName);
                assertThat(topic.partitions().get(0).replicas()).hasSize(NODES);
                assertThat(topic.partitions().get(0).isr()).hasSize(NODES);
            });
        }
    }

    private static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0));
            }
            return sockets.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }
}
