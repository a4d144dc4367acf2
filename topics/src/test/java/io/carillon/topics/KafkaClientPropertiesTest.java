package io.carillon.topics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KafkaClientPropertiesTest {

    @Test
    void securityAndTuningPropertiesPassInTheOrderGiven() {
        KafkaClientProperties properties = KafkaClientProperties.of(
                "carillon.kafka.properties", Map.of("security.protocol", "SASL_SSL", "session.timeout.ms", "30000"));

        assertThat(properties.asMap())
                .containsOnly(Map.entry("security.protocol", "SASL_SSL"), Map.entry("session.timeout.ms", "30000"));
        assertThat(KafkaClientProperties.of("x", Map.of())).isSameAs(KafkaClientProperties.NONE);
    }

    @Test
    void aProtectedPropertyIsRefusedNamingIt() {
        assertThatThrownBy(() -> KafkaClientProperties.of(
                        "carillon.kafka.properties", Map.of("isolation.level", "read_uncommitted")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("carillon.kafka.properties.isolation.level cannot be set: Carillon sets"
                        + " isolation.level itself");
        for (String name : KafkaClientProperties.PROTECTED) {
            assertThat(KafkaClientProperties.isProtected(name)).as(name).isTrue();
        }
    }

    @Test
    void aProtectedPropertyBehindAKafkaStreamsPrefixIsRefusedToo() {
        assertThat(KafkaClientProperties.isProtected("producer.enable.idempotence"))
                .isTrue();
        assertThat(KafkaClientProperties.isProtected("main.consumer.isolation.level"))
                .isTrue();
        assertThat(KafkaClientProperties.isProtected("PROCESSING.GUARANTEE")).isTrue();
        assertThat(KafkaClientProperties.isProtected("consumer.session.timeout.ms"))
                .isFalse();
        assertThat(KafkaClientProperties.isProtected("sasl.oauthbearer.client.credentials.client.id"))
                .isFalse();
        assertThatThrownBy(() -> KafkaClientProperties.requireAllowed("streamsProperty", "producer.acks"))
                .hasMessageStartingWith("streamsProperty.producer.acks cannot be set: Carillon sets acks itself");
    }

    @Test
    void aBlankNameOrAMissingValueIsRefused() {
        assertThatThrownBy(() -> KafkaClientProperties.of("p", Map.of(" ", "x")))
                .hasMessage("p has a property without a name");
        Map<String, String> withNull = new java.util.HashMap<>();
        withNull.put("linger.ms", null);
        assertThatThrownBy(() -> KafkaClientProperties.of("p", withNull)).hasMessage("p.linger.ms has no value");
    }

    @Test
    void toStringHidesSecretsButShowsTheRest() {
        KafkaClientProperties properties = KafkaClientProperties.of(
                "p",
                Map.of(
                        "security.protocol", "SASL_SSL",
                        "sasl.jaas.config",
                                "org.apache.kafka.common.security.plain.PlainLoginModule required"
                                        + " username=\"u\" password=\"hunter2\";",
                        "ssl.truststore.password", "changeit",
                        "ssl.key.password", "k3y",
                        "ssl.keystore.key", "-----BEGIN PRIVATE KEY-----"));

        assertThat(properties.toString())
                .contains(
                        "security.protocol=SASL_SSL",
                        "sasl.jaas.config=[hidden]",
                        "ssl.truststore.password=[hidden]",
                        "ssl.key.password=[hidden]",
                        "ssl.keystore.key=[hidden]")
                .doesNotContain("hunter2", "changeit", "k3y", "PRIVATE");
    }
}
