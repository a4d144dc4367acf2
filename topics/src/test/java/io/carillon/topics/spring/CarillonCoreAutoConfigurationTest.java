package io.carillon.topics.spring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

class CarillonCoreAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(CarillonCoreAutoConfiguration.class))
            .withPropertyValues("carillon.kafka.bootstrap-servers=broker-1:9093", "carillon.topics.initialize=false");

    @Test
    void kafkaPropertiesJoinTheBootstrapServersInEveryClientConfig() {
        runner.withPropertyValues(
                        "carillon.kafka.properties.security.protocol=SASL_SSL",
                        "carillon.kafka.properties.sasl.mechanism=SCRAM-SHA-512",
                        "carillon.kafka.properties[sasl.jaas.config]=ScramLoginModule required password=\"s3cret\";")
                .run(context -> {
                    CarillonTopics topics = context.getBean(CarillonTopics.class);
                    assertThat(topics.clientConfig())
                            .containsEntry("bootstrap.servers", "broker-1:9093")
                            .containsEntry("security.protocol", "SASL_SSL")
                            .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                            .containsEntry("sasl.jaas.config", "ScramLoginModule required password=\"s3cret\";");
                    assertThat(topics.toString())
                            .contains("sasl.jaas.config=[hidden]")
                            .doesNotContain("s3cret");
                });
    }

    @Test
    void environmentVariablesBindWithDotsInTheirNamesLikeSpringKafkaProperties() {
        StandardEnvironment environment = new StandardEnvironment();
        environment
                .getPropertySources()
                .addFirst(new SystemEnvironmentPropertySource(
                        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
                        Map.of(
                                "CARILLON_KAFKA_PROPERTIES_SECURITY_PROTOCOL", "SASL_SSL",
                                "CARILLON_KAFKA_PROPERTIES_SASL_JAAS_CONFIG", "jaas")));

        CarillonProperties.Kafka kafka = Binder.get(environment)
                .bind("carillon.kafka", CarillonProperties.Kafka.class)
                .get();

        assertThat(kafka.getProperties())
                .containsOnly(Map.entry("security.protocol", "SASL_SSL"), Map.entry("sasl.jaas.config", "jaas"));
    }

    @Test
    void aProtectedPropertyStopsTheStartNamingIt() {
        runner.withPropertyValues("carillon.kafka.properties.enable.idempotence=false")
                .run(context -> assertThat(context)
                        .hasFailed()
                        .getFailure()
                        .rootCause()
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessageStartingWith("carillon.kafka.properties.enable.idempotence cannot be set"));
    }

    @Test
    void noPropertiesByDefault() {
        runner.run(context -> assertThat(
                        context.getBean(CarillonTopics.class).clientProperties().isEmpty())
                .isTrue());
    }
}
