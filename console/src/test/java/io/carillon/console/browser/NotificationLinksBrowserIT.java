package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.Json;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * With no public URL set, a user signs in to the console; an incident is then notified to a webhook, and the links
 * the notification carries start at the address the browser reached the console at and open, in that browser, the
 * incident's page and the job's page.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class NotificationLinksBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final long CREATED = 201;
    private static final String JOB = "checkout";
    private static final String INCIDENT = "failed:checkout:checkout@1";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    private final Clock clock = Clock.systemUTC();

    @Test
    void aNotificationsLinksOpenTheIncidentAndTheJobWhereTheConsoleWasReached() throws Exception {
        BlockingQueue<String> calls = new LinkedBlockingQueue<>();
        HttpServer hook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        hook.createContext("/", exchange -> {
            calls.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        hook.start();
        try (Producer<String, byte[]> producer = ConsoleTestEnvironment.producer();
                Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                assertThat(ConsoleRequests.post(browser, "api/v1/jobs", """
                                {"id": "%s", "app": "shop", "handler": "checkout",
                                 "schedule": {"type": "CRON", "cron": "0 0 3 * * ?"}}""".formatted(JOB)))
                        .isEqualTo(CREATED);
                assertThat(ConsoleRequests.post(browser, "api/v1/channels", """
                                {"name": "shop-hook", "type": "WEBHOOK", "target": "http://127.0.0.1:%d/shop",
                                 "secret": "s", "apps": ["shop"]}""".formatted(
                                        hook.getAddress().getPort())))
                        .isEqualTo(CREATED);
                send(producer);

                String call = calls.poll(DEADLINE.toSeconds(), TimeUnit.SECONDS);
                assertThat(call).as("the webhook call").isNotNull();
                JsonNode payload = Json.mapper().readTree(call);
                String console = "http://localhost:" + port;
                assertThat(payload.get("link").asString())
                        .isEqualTo(console + "/#/incidents?id=failed%3Acheckout%3Acheckout%401");
                assertThat(payload.get("jobLink").asString()).isEqualTo(console + "/#/job?id=" + JOB);

                browser.driver.get(payload.get("link").asString());
                browser.wait.until(ExpectedConditions.textToBe(By.id("incident-title"), INCIDENT));
                browser.wait.until(
                        ExpectedConditions.textToBePresentInElementLocated(By.id("incident-history"), "OPENED"));
                browser.driver.get(payload.get("jobLink").asString());
                browser.wait.until(ExpectedConditions.textToBe(By.id("job-title"), JOB));
                browser.screenshot("NotificationLinksBrowserIT-job");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("NotificationLinksBrowserIT");
                throw e;
            }
        } finally {
            hook.stop(0);
        }
    }

    private void send(Producer<String, byte[]> producer) throws Exception {
        Instant now = clock.instant();
        Incident incident = new Incident(
                Incident.SCHEMA_VERSION,
                INCIDENT,
                IncidentAction.OPENED,
                IncidentRule.FAILED,
                "shop",
                JOB,
                now,
                now,
                1,
                JOB + "@1",
                "checkout failed");
        String topic = environment.catalog.alerts();
        producer.send(new ProducerRecord<>(topic, INCIDENT, EventSerdes.INCIDENT.serialize(topic, incident)))
                .get();
    }
}
