package io.carillon.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.CommonClientConfigs;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class KafkaBrokerSaslTest {

    private static final String SUPER_USER = "admin";
    private static final String SUPER_PASSWORD = "admin-secret-1";
    private static final long TIMEOUT_S = 30;

    private static KafkaBroker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = KafkaBroker.builder().saslScram(SUPER_USER, SUPER_PASSWORD).start();
        try (Admin admin = Admin.create(broker.superUserClientConfig())) {
            admin.createTopics(List.of(new NewTopic("open", 1, (short) 1), new NewTopic("closed", 1, (short) 1)))
                    .all()
                    .get(TIMEOUT_S, TimeUnit.SECONDS);
        }
        broker.createScramUser("alice", "alice-secret");
        broker.createAcls(List.of(new AclBinding(
                new ResourcePattern(ResourceType.TOPIC, "open", PatternType.LITERAL),
                new AccessControlEntry("User:alice", "*", AclOperation.WRITE, AclPermissionType.ALLOW))));
    }

    @AfterAll
    static void stop() {
        broker.close();
    }

    @Test
    void aUserWritesWhereAnAclAllowsAndIsRefusedElsewhere() throws Exception {
        try (KafkaProducer<String, String> producer = producer("alice", "alice-secret")) {
            assertThat(producer.send(new ProducerRecord<>("open", "k", "v"))
                            .get(TIMEOUT_S, TimeUnit.SECONDS)
                            .offset())
                    .isZero();
            assertThatThrownBy(() -> producer.send(new ProducerRecord<>("closed", "k", "v"))
                            .get(TIMEOUT_S, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(TopicAuthorizationException.class);
        }
    }

    @Test
    void aWrongPasswordIsRefused() {
        try (KafkaProducer<String, String> producer = producer("alice", "not-her-password")) {
            assertThatThrownBy(() -> producer.send(new ProducerRecord<>("open", "k", "v"))
                            .get(TIMEOUT_S, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(SaslAuthenticationException.class);
        }
    }

    @Test
    void namesAndPasswordsThatWouldNeedQuotingAreRefusedWithoutShowingThem() {
        assertThatThrownBy(() -> broker.createScramUser("bob", "pass\"word"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("password of bob must be 1 to 128 letters, digits, '.', '_' or '-'");
        assertThat(new SaslScram(SUPER_USER, SUPER_PASSWORD).toString()).doesNotContain(SUPER_PASSWORD);
    }

    private static KafkaProducer<String, String> producer(String user, String password) {
        Map<String, Object> config = new HashMap<>(SaslScram.clientProperties(user, password));
        config.put(CommonClientConfigs.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers());
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int)
                Duration.ofSeconds(TIMEOUT_S).toMillis());
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }
}
