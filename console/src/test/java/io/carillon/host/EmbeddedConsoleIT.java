package io.carillon.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ConsoleApplication;
import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Map;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.DefaultKafkaProducerFactory;
import org.springframework.kafka.core.ProducerFactory;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The console as one of several primary sources of a host application (as the standalone module runs it), next to
 * host beans whose names and Kafka settings would clash with a careless console.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(
        classes = {ConsoleApplication.class, EmbeddedConsoleIT.Host.class},
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = "spring.kafka.bootstrap-servers=localhost:1")
@DirtiesContext
class EmbeddedConsoleIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    /** A host with its own Kafka producer factory (pointing nowhere) and beans named like console classes. */
    @Configuration(proxyBeanMethods = false)
    static class Host {

        @Bean
        ProducerFactory<Object, Object> hostProducerFactory() {
            return new DefaultKafkaProducerFactory<>(Map.of(
                    ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, "localhost:1",
                    ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class,
                    ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class));
        }

        @Bean
        String outboxRelay() {
            return "the host's own bean";
        }

        @Bean
        String jobService() {
            return "another host bean";
        }
    }

    @LocalServerPort
    int port;

    @Test
    void servesTheApiAndPublishesJobsWithTheCarillonKafkaSettings() throws Exception {
        HttpResponse<String> created = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/v1/jobs"))
                                .header("Content-Type", "application/json")
                                .header(
                                        "Authorization",
                                        "Basic "
                                                + Base64.getEncoder()
                                                        .encodeToString(
                                                                ("admin:" + ConsoleTestEnvironment.ADMIN_PASSWORD)
                                                                        .getBytes(StandardCharsets.UTF_8)))
                                .POST(HttpRequest.BodyPublishers.ofString("""
                        {"id": "hosted", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}}"""))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(created.statusCode()).isEqualTo(201);

        try (TopicReader<JobDefinition> jobs =
                new TopicReader<>(environment.catalog.jobs(), EventSerdes.JOB.deserializer())) {
            await().atMost(Duration.ofSeconds(30))
                    .untilAsserted(() -> assertThat(jobs.values())
                            .extracting(JobDefinition::id)
                            .containsExactly("hosted"));
        }
    }
}
