package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ApiClient.Answer;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The notification sender idles between passes for as long as {@code max-poll-interval} allows, here an hour, and
 * still sends a step's deliveries as soon as the console stores them: storing them wakes it. Real console, Kafka,
 * PostgreSQL and an HTTP server.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class NotificationWakeIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration NO_PASS_FOR = Duration.ofHours(1);
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final IncidentNotificationsIT.WebhookServer HOOKS = new IncidentNotificationsIT.WebhookServer();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
        registry.add("carillon.console.notifications.poll-interval", NO_PASS_FOR::toString);
        registry.add("carillon.console.notifications.max-poll-interval", NO_PASS_FOR::toString);
    }

    @LocalServerPort
    int port;

    @BeforeAll
    static void startHooks() throws IOException {
        HOOKS.start();
    }

    @AfterAll
    static void stopHooks() {
        HOOKS.stop();
    }

    @Test
    void aStoredStepIsSentAtOnceThoughNoPassIsDueForAnHour() throws ExecutionException, InterruptedException {
        Answer channel = new ApiClient(port).post("/api/v1/channels", """
                        {"name": "ops-hook", "type": "WEBHOOK", "target": "%s", "secret": "hook-secret-7c2e", "apps": ["shop"]}""".formatted(HOOKS.url("/ops")));
        assertThat(channel.status()).as(channel.body()).isEqualTo(201);

        Instant at = Instant.parse("2026-05-01T12:00:00Z");
        Incident opened = new Incident(
                Incident.SCHEMA_VERSION,
                "failed:checkout:checkout@1",
                IncidentAction.OPENED,
                IncidentRule.FAILED,
                "shop",
                "checkout",
                at,
                at,
                1,
                "checkout@1",
                "step OPENED");
        String topic = environment.catalog.alerts();
        try (Producer<String, byte[]> producer = ConsoleTestEnvironment.producer()) {
            producer.send(new ProducerRecord<>(
                            topic, opened.incidentId(), EventSerdes.INCIDENT.serialize(topic, opened)))
                    .get();
        }

        await().atMost(DEADLINE).until(() -> HOOKS.calls("/ops").size() == 1);
    }
}
