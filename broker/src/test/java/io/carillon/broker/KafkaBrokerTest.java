package io.carillon.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KafkaBrokerTest {

    @TempDir
    Path dir;

    @Test
    void restartOnTheSameDirectoryKeepsClusterIdAndTopics() throws Exception {
        String clusterId;
        int port;
        try (KafkaBroker broker = KafkaBroker.builder().dataDir(dir).start()) {
            port = broker.port();
            try (Admin admin = admin(broker)) {
                admin.createTopics(List.of(new NewTopic("kept", 3, (short) 1)))
                        .all()
                        .get(30, TimeUnit.SECONDS);
                clusterId = admin.describeCluster().clusterId().get(30, TimeUnit.SECONDS);
            }
        }
        assertThat(Files.readString(dir.resolve("cluster.id")).trim()).isEqualTo(clusterId);

        try (KafkaBroker broker = KafkaBroker.builder().dataDir(dir).port(port).start();
                Admin admin = admin(broker)) {
            assertThat(admin.describeCluster().clusterId().get(30, TimeUnit.SECONDS))
                    .isEqualTo(clusterId);
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).contains("kept");
            ConfigResource node = new ConfigResource(ConfigResource.Type.BROKER, "1");
            assertThat(admin.describeConfigs(List.of(node))
                            .all()
                            .get(30, TimeUnit.SECONDS)
                            .get(node)
                            .get("transaction.abort.timed.out.transaction.cleanup.interval.ms")
                            .value())
                    .as("a killed producer's open transaction is aborted about a second after its timeout")
                    .isEqualTo(String.valueOf(KafkaBroker.TIMED_OUT_TRANSACTION_CHECK.toMillis()));
        }
    }

    @Test
    void theChosenPortsNeverEqualEachOtherOrTheGivenOne() throws Exception {
        for (int i = 0; i < 200; i++) {
            KafkaBroker.Ports both = KafkaBroker.Ports.choose(0, 0);
            assertThat(both.client()).isPositive().isNotEqualTo(both.controller());
            KafkaBroker.Ports givenClient = KafkaBroker.Ports.choose(both.client(), 0);
            assertThat(givenClient.client()).isEqualTo(both.client());
            assertThat(givenClient.controller()).isPositive().isNotEqualTo(both.client());
            KafkaBroker.Ports givenController = KafkaBroker.Ports.choose(0, both.controller());
            assertThat(givenController.controller()).isEqualTo(both.controller());
            assertThat(givenController.client()).isPositive().isNotEqualTo(both.controller());
        }
    }

    @Test
    void aTakenPortFailsFastWithAClearMessage() {
        try (KafkaBroker first = KafkaBroker.builder().start()) {
            assertThatThrownBy(() -> KafkaBroker.builder().port(first.port()).start())
                    .isInstanceOf(PortInUseException.class)
                    .hasMessageContaining("port " + first.port() + " is already in use");
        }
    }

    private static Admin admin(KafkaBroker broker) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers()));
    }
}
