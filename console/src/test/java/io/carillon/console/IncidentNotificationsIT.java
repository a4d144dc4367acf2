package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.icegreen.greenmail.junit5.GreenMailExtension;
import com.icegreen.greenmail.util.ServerSetupTest;
import com.sun.net.httpserver.HttpServer;
import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import io.carillon.testkit.TopicReader;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.Json;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import jakarta.mail.internet.MimeMessage;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Incidents written to {@code alerts} as the analytics app writes them, materialized by the real console on
 * PostgreSQL and Kafka and notified to a real SMTP server (GreenMail) and real HTTP servers started here: one email
 * and one signed webhook call per step, nothing twice on replay, a channel that answers 500 served once it is back
 * (the clock moved past the back-off), a resolve after its open, and who may read, acknowledge and configure what.
 */
@ExtendWith({ConsoleTestEnvironment.DropDatabase.class, OutputCaptureExtension.class})
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class IncidentNotificationsIT {

    @RegisterExtension
    static final GreenMailExtension MAIL =
            new GreenMailExtension(ServerSetupTest.SMTP.dynamicPort()).withPerMethodLifecycle(false);

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final SettableClock CLOCK = new SettableClock(Instant.parse("2026-05-01T12:00:00Z"));
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Duration INITIAL_BACKOFF = Duration.ofSeconds(10);
    private static final String HOOK_SECRET = "hook-secret-4f9a";
    private static final String PASSWORD = "a-long-enough-password";
    private static final WebhookServer HOOKS = new WebhookServer();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
        registry.add("spring.mail.host", () -> "127.0.0.1");
        registry.add("spring.mail.port", () -> MAIL.getSmtp().getPort());
        registry.add("carillon.console.notifications.initial-backoff", INITIAL_BACKOFF::toString);
        registry.add("carillon.console.public-url", () -> "http://console.example");
    }

    @TestConfiguration
    static class MovableClock {
        @Bean
        Clock carillonClock() {
            return CLOCK;
        }
    }

    @LocalServerPort
    int port;

    ApiClient admin;
    Producer<String, byte[]> producer;

    @BeforeAll
    static void startHooks() throws IOException {
        HOOKS.start();
    }

    @AfterAll
    static void stopHooks() {
        HOOKS.stop();
    }

    @BeforeEach
    void clients() {
        admin = new ApiClient(port);
        producer = ConsoleTestEnvironment.producer();
    }

    @AfterEach
    void closeProducer() {
        producer.close();
    }

    @Test
    void anIncidentBecomesOneEmailAndOneSignedWebhookCallAndAReplayAddsNothing(CapturedOutput output) throws Exception {
        createChannel("""
                {"name": "demo-mail", "type": "EMAIL", "target": "ops@example.com", "apps": ["demo"]}""");
        createChannel("""
                {"name": "demo-hook", "type": "WEBHOOK", "target": "%s", "secret": "%s", "apps": ["demo"]}""".formatted(HOOKS.url("/demo"), HOOK_SECRET));
        createChannel("""
                {"name": "billing-hook", "type": "WEBHOOK", "target": "%s", "secret": "s", "apps": ["billing"]}""".formatted(HOOKS.url("/billing")));
        Incident opened = step("failed:nightly:nightly@1", IncidentAction.OPENED, "demo", "nightly", 1);

        send(opened);

        await().atMost(DEADLINE).untilAsserted(() -> {
            assertThat(MAIL.getReceivedMessages()).hasSize(1);
            assertThat(HOOKS.calls("/demo")).hasSize(1);
        });
        MimeMessage mail = MAIL.getReceivedMessages()[0];
        assertThat(mail.getAllRecipients()[0].toString()).isEqualTo("ops@example.com");
        assertThat(mail.getSubject()).isEqualTo("[Carillon] FAILED incident opened: job nightly (app demo)");
        assertThat(((String) mail.getContent()).replace("\r\n", "\n"))
                .contains(
                        "Job: nightly\n",
                        "App: demo\n",
                        "Rule: FAILED\n",
                        "Opened: 2026-05-01T12:00:00Z\n",
                        "Console: http://console.example/#/incidents?id=failed%3Anightly%3Anightly%401\n",
                        "Job page: http://console.example/#/job?id=nightly");
        Call call = HOOKS.calls("/demo").get(0);
        assertThat(call.signature()).isEqualTo("sha256=" + hmacHex(HOOK_SECRET, call.body()));
        assertThat(call.timestamp()).isEqualTo(String.valueOf(CLOCK.instant().toEpochMilli()));
        JsonNode payload = Json.mapper().readTree(call.body());
        assertThat(payload.get("event").asString()).isEqualTo("OPENED");
        assertThat(payload.get("link").asString())
                .isEqualTo("http://console.example/#/incidents?id=failed%3Anightly%3Anightly%401");
        assertThat(payload.get("jobLink").asString()).isEqualTo("http://console.example/#/job?id=nightly");
        assertThat(payload.get("incident").get("id").asString()).isEqualTo("failed:nightly:nightly@1");
        JsonNode incident = admin.get(incidentPath("failed:nightly:nightly@1")).json();
        assertThat(incident.get("incident").get("state").asString()).isEqualTo("OPEN");
        assertThat(incident.get("history")
                        .valueStream()
                        .map(step -> step.get("action").asString()))
                .containsExactly("OPENED");
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(admin.get(incidentPath("failed:nightly:nightly@1"))
                                .json()
                                .get("deliveries")
                                .valueStream()
                                .map(d -> d.get("channel").asString() + "="
                                        + d.get("status").asString() + "/" + d.get("attempts")))
                        .containsExactlyInAnyOrder("demo-mail=SENT/1", "demo-hook=SENT/1"));

        send(opened);
        send(opened);
        send(step("marker:demo", IncidentAction.OPENED, "elsewhere", null, 1));
        await().atMost(DEADLINE)
                .until(() -> admin.get(incidentPath("marker:demo")).status() == 200);
        assertThat(admin.get(incidentPath("failed:nightly:nightly@1")).json().get("history"))
                .hasSize(1);
        assertThat(deliveries("failed:nightly:nightly@1")).hasSize(2);
        assertThat(MAIL.getReceivedMessages()).hasSize(1);
        assertThat(HOOKS.calls("/demo")).hasSize(1);
        assertThat(HOOKS.calls("/billing")).isEmpty();
        assertThat(output.getAll()).doesNotContain(HOOK_SECRET);
    }

    @Test
    void aChannelThatAnswers500GetsTheOpenOnceItIsBackAndTheResolveAfterIt() throws Exception {
        createChannel("""
                {"name": "shop-hook", "type": "WEBHOOK", "target": "%s", "secret": "%s", "apps": ["shop"]}""".formatted(HOOKS.url("/shop"), HOOK_SECRET));
        HOOKS.failing("/shop", true);
        String id = "failed:checkout:checkout@1";

        send(step(id, IncidentAction.OPENED, "shop", "checkout", 1));
        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(deliveries(id)).singleElement().satisfies(d -> {
                    assertThat(d.get("status").asString()).isEqualTo("PENDING");
                    assertThat(d.get("attempts").asInt()).isEqualTo(1);
                    assertThat(d.get("lastError").asString())
                            .startsWith("HTTP 500")
                            .doesNotContain("http://");
                }));
        send(step(id, IncidentAction.RESOLVED, "shop", "checkout", 1));
        await().atMost(DEADLINE).untilAsserted(() -> assertThat(deliveries(id)).hasSize(2));
        assertThat(admin.get(incidentPath(id))
                        .json()
                        .get("incident")
                        .get("state")
                        .asString())
                .isEqualTo("RESOLVED");
        assertThat(HOOKS.calls("/shop")).hasSize(1);

        HOOKS.failing("/shop", false);
        CLOCK.advance(INITIAL_BACKOFF.plusSeconds(1));

        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(deliveries(id).stream()
                                .map(d -> d.get("action").asString() + "="
                                        + d.get("status").asString() + "/" + d.get("attempts")))
                        .containsExactly("OPENED=SENT/2", "RESOLVED=SENT/1"));
        List<Call> calls = HOOKS.calls("/shop");
        assertThat(calls.stream()
                        .map(c -> c.status() + ":"
                                + Json.mapper().readTree(c.body()).get("event").asString()))
                .containsExactly("500:OPENED", "200:OPENED", "200:RESOLVED");
        JsonNode all = admin.get("/api/v1/channels/shop-hook/deliveries").json();
        assertThat(all.get("items").valueStream().map(d -> d.get("action").asString()))
                .containsExactly("RESOLVED", "OPENED");
        assertThat(all.get("nextCursor").isNull()).isTrue();
        assertThat(all.get("deliveries")).as("the earlier name of items").isEqualTo(all.get("items"));
        assertThat(all.get("nextBefore").isNull()).isTrue();
        List<List<String>> pages = new ArrayList<>();
        String cursor = "";
        do {
            JsonNode page = admin.get("/api/v1/channels/shop-hook/deliveries?size=1&cursor=" + cursor)
                    .json();
            pages.add(page.get("items")
                    .valueStream()
                    .map(d -> d.get("action").asString())
                    .toList());
            assertThat(page.get("deliveries")).isEqualTo(page.get("items"));
            cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asString() : null;
        } while (cursor != null);
        assertThat(pages).containsExactly(List.of("RESOLVED"), List.of("OPENED"), List.of());
        JsonNode first =
                admin.get("/api/v1/channels/shop-hook/deliveries?size=1").json();
        assertThat(first.get("nextBefore").asLong())
                .isEqualTo(Long.parseLong(first.get("nextCursor").asString()));
        assertThat(admin.get("/api/v1/channels/shop-hook/deliveries?size=1&before="
                                + first.get("nextBefore").asLong())
                        .json()
                        .get("deliveries")
                        .valueStream()
                        .map(d -> d.get("action").asString()))
                .containsExactly("OPENED");
        assertThat(admin.get("/api/v1/channels/shop-hook/deliveries?cursor=nonsense")
                        .errorFields())
                .containsExactly("cursor");
    }

    @Test
    void updatesInsideTheSilenceWindowAreSilencedButOpenAndResolveAlwaysGo() {
        createChannel("""
                {"name": "quiet-hook", "type": "WEBHOOK", "target": "%s", "secret": "%s", "apps": ["quiet"],
                 "silenceMs": 60000}""".formatted(HOOKS.url("/quiet"), HOOK_SECRET));
        String id = "missed:hourly:1";
        Instant opened = CLOCK.instant();

        send(step(id, IncidentAction.OPENED, "quiet", "hourly", 1, opened));
        send(step(id, IncidentAction.UPDATED, "quiet", "hourly", 2, opened.plusSeconds(30)));
        send(step(id, IncidentAction.UPDATED, "quiet", "hourly", 3, opened.plusSeconds(61)));
        send(step(id, IncidentAction.RESOLVED, "quiet", "hourly", 3, opened.plusSeconds(70)));

        await().atMost(DEADLINE)
                .untilAsserted(() -> assertThat(deliveries(id).stream()
                                .map(d -> d.get("step").asString() + "="
                                        + d.get("status").asString()))
                        .containsExactly("OPENED=SENT", "UPDATED#2=SILENCED", "UPDATED#3=SENT", "RESOLVED=SENT"));
        assertThat(HOOKS.calls("/quiet")).hasSize(3);
    }

    @Test
    void grantsDecideWhoReadsAcknowledgesAndConfigures() {
        for (String[] user :
                new String[][] {{"vera", "VIEWER", "ops"}, {"otto", "OPERATOR", "ops"}, {"bob", "OPERATOR", "books"}}) {
            assertThat(admin.post("/api/v1/users", """
                    {"name": "%s", "password": "%s", "grants": [{"role": "%s", "app": "%s"}]}""".formatted(user[0], PASSWORD, user[1], user[2]))
                            .status())
                    .isEqualTo(201);
        }
        ApiClient vera = admin.as("vera", PASSWORD);
        ApiClient otto = admin.as("otto", PASSWORD);
        ApiClient bob = admin.as("bob", PASSWORD);
        send(step("no-worker:ops:1", IncidentAction.OPENED, "ops", null, 1));
        send(step("no-worker:books:1", IncidentAction.OPENED, "books", null, 1));
        await().atMost(DEADLINE)
                .until(() -> admin.get(incidentPath("no-worker:books:1")).status() == 200
                        && admin.get(incidentPath("no-worker:ops:1")).status() == 200);

        assertThat(vera.get("/api/v1/incidents")
                        .json()
                        .get("items")
                        .valueStream()
                        .map(i -> i.get("id").asString()))
                .containsExactly("no-worker:ops:1");
        assertThat(vera.get(incidentPath("no-worker:ops:1")).status()).isEqualTo(200);
        assertThat(vera.get(incidentPath("no-worker:books:1")).status()).isEqualTo(403);
        assertThat(vera.get("/api/v1/incidents?app=books").status()).isEqualTo(403);
        assertThat(vera.post(incidentPath("no-worker:ops:1") + "/ack", "").status())
                .isEqualTo(403);
        assertThat(bob.post(incidentPath("no-worker:ops:1") + "/ack", "").status())
                .isEqualTo(403);
        Answer acked = otto.post(incidentPath("no-worker:ops:1") + "/ack", "");
        assertThat(acked.status()).isEqualTo(200);
        assertThat(acked.json().get("acknowledgedBy").asString()).isEqualTo("otto");
        assertThat(admin.get("/api/v1/audit?action=INCIDENT_ACK")
                        .json()
                        .get("entries")
                        .valueStream()
                        .map(e -> e.get("actor").asString() + ":"
                                + e.get("target").asString()))
                .containsExactly("otto:no-worker:ops:1");
        List<String> all = admin.get("/api/v1/incidents?size=500")
                .json()
                .get("items")
                .valueStream()
                .map(i -> i.get("id").asString())
                .toList();
        List<String> paged = new ArrayList<>();
        String cursor = "";
        do {
            JsonNode page =
                    admin.get("/api/v1/incidents?size=1&cursor=" + cursor).json();
            page.get("items").valueStream().forEach(i -> paged.add(i.get("id").asString()));
            cursor = page.hasNonNull("nextCursor") ? page.get("nextCursor").asString() : null;
        } while (cursor != null);
        assertThat(paged).containsExactlyElementsOf(all).contains("no-worker:ops:1", "no-worker:books:1");
        assertThat(admin.get("/api/v1/incidents?state=bogus").errorFields()).containsExactly("state");
        assertThat(admin.get("/api/v1/incidents?cursor=nonsense").errorFields()).containsExactly("cursor");

        String channel = """
                {"name": "ops-chat", "type": "DINGTALK",
                 "target": "https://oapi.dingtalk.com/robot/send?access_token=t",
                 "secret": "SECdingtalk-secret"}""";
        for (ApiClient refused : List.of(vera, otto, bob)) {
            assertThat(refused.get("/api/v1/channels").status()).isEqualTo(403);
            assertThat(refused.post("/api/v1/channels", channel).status()).isEqualTo(403);
            assertThat(refused.get("/api/v1/channels/ops-chat/deliveries").status())
                    .isEqualTo(403);
        }
        assertThat(admin.anonymous().get("/api/v1/incidents").status()).isEqualTo(401);
        assertThat(admin.anonymous().get("/api/v1/channels").status()).isEqualTo(401);
        Answer created = admin.post("/api/v1/channels", channel);
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("secret").asString()).isEqualTo("(set)");
        assertThat(admin.put("/api/v1/channels/ops-chat", """
                {"type": "DINGTALK", "target": "https://oapi.dingtalk.com/robot/send?access_token=u",
                 "apps": ["ops"]}""")
                        .json()
                        .get("secret")
                        .asString())
                .isEqualTo("(set)");
        assertThat(admin.get("/api/v1/channels/ops-chat").body()).doesNotContain("SECdingtalk-secret");
        assertThat(admin.get("/api/v1/audit?target=ops-chat").body())
                .doesNotContain("SECdingtalk-secret")
                .contains("CHANNEL_CREATE", "CHANNEL_UPDATE");
        assertThat(admin.post("/api/v1/channels", """
                {"name": "Bad Name", "type": "EMAIL", "target": "not an address", "apps": ["Nope"], "silenceMs": -1}""").errorFields())
                .containsExactlyInAnyOrder("name", "target", "apps[0]", "silenceMs");
        assertThat(admin.post("/api/v1/channels", """
                {"name": "x", "type": "WEBHOOK", "target": "ftp://example.com", "extra": 1}""").errorFields()).containsExactly("extra");
        assertThat(admin.delete("/api/v1/channels/ops-chat").status()).isEqualTo(204);
        assertThat(admin.get("/api/v1/channels/ops-chat").status()).isEqualTo(404);
    }

    @Test
    void badRecordsGoToTheDlqAndTheRestIsStored() {
        String topic = environment.catalog.alerts();
        producer.send(new ProducerRecord<>(topic, "broken", "not json".getBytes(StandardCharsets.UTF_8)));
        producer.send(new ProducerRecord<>(topic, "broken", """
                {"incidentId": "broken", "action": "OPENED", "rule": "FAILED", "at": "2026-05-01T12:00:00Z"}""".getBytes(StandardCharsets.UTF_8)));
        send(step("broken", IncidentAction.OPENED, "lab", "broken", 1, Instant.parse("+300000-01-01T00:00:00Z")));
        send(step("failed:survivor:survivor@1", IncidentAction.OPENED, "lab", "survivor", 1));

        try (TopicReader<DeadLetter> dlq =
                new TopicReader<>(environment.catalog.dlq(), EventSerdes.DEAD_LETTER.deserializer())) {
            await().atMost(DEADLINE)
                    .untilAsserted(() -> assertThat(dlq.values()).hasSize(3));
            List<DeadLetter> letters = dlq.values();
            assertThat(letters).allSatisfy(letter -> {
                assertThat(letter.component()).isEqualTo("console");
                assertThat(letter.sourceTopic()).isEqualTo(topic);
                assertThat(letter.key()).isEqualTo("broken");
            });
            assertThat(letters.get(0).reason()).contains("not a valid Incident");
            assertThat(letters.get(1).reason()).contains("'app' is required");
            assertThat(letters.get(2).reason()).startsWith("the console database refused the incident");
        }
        await().atMost(DEADLINE)
                .until(() ->
                        admin.get(incidentPath("failed:survivor:survivor@1")).status() == 200);
        assertThat(admin.get(incidentPath("broken")).status()).isEqualTo(404);
    }

    private void createChannel(String json) {
        Answer answer = admin.post("/api/v1/channels", json);
        assertThat(answer.status()).as(answer.body()).isEqualTo(201);
    }

    private List<JsonNode> deliveries(String incidentId) {
        return admin.get(incidentPath(incidentId))
                .json()
                .get("deliveries")
                .valueStream()
                .toList();
    }

    private static String incidentPath(String id) {
        return "/api/v1/incidents/" + URLEncoder.encode(id, StandardCharsets.UTF_8);
    }

    private Incident step(String id, IncidentAction action, String app, String jobId, int count) {
        return step(id, action, app, jobId, count, CLOCK.instant());
    }

    private static Incident step(String id, IncidentAction action, String app, String jobId, int count, Instant at) {
        IncidentRule rule = id.startsWith("missed")
                ? IncidentRule.MISSED
                : id.startsWith("no-worker") ? IncidentRule.NO_WORKER : IncidentRule.FAILED;
        return new Incident(
                Incident.SCHEMA_VERSION,
                id,
                action,
                rule,
                app,
                jobId,
                Instant.parse("2026-05-01T12:00:00Z"),
                at,
                count,
                jobId == null ? null : jobId + "@1",
                "step " + action);
    }

    private void send(Incident step) {
        String topic = environment.catalog.alerts();
        try {
            producer.send(new ProducerRecord<>(topic, step.incidentId(), EventSerdes.INCIDENT.serialize(topic, step)))
                    .get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hmacHex(String secret, byte[] body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body));
    }

    /** One request a webhook server received, with the status it answered. */
    record Call(String path, String signature, String timestamp, byte[] body, int status) {}

    /** A real HTTP server on loopback that records every POST and answers 200, or 500 on a failing path. */
    static final class WebhookServer {

        private final List<Call> calls = new CopyOnWriteArrayList<>();
        private final List<String> failingPaths = new CopyOnWriteArrayList<>();
        private HttpServer server;

        void start() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/", exchange -> {
                byte[] body = exchange.getRequestBody().readAllBytes();
                String path = exchange.getRequestURI().getPath();
                int status = failingPaths.contains(path) ? 500 : 200;
                calls.add(new Call(
                        path,
                        exchange.getRequestHeaders().getFirst("X-Carillon-Signature"),
                        exchange.getRequestHeaders().getFirst("X-Carillon-Timestamp"),
                        body,
                        status));
                exchange.sendResponseHeaders(status, -1);
                exchange.close();
            });
            server.start();
        }

        void stop() {
            server.stop(0);
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getAddress().getPort() + path;
        }

        void failing(String path, boolean failing) {
            if (failing) {
                failingPaths.add(path);
            } else {
                failingPaths.remove(path);
            }
        }

        List<Call> calls(String path) {
            return calls.stream().filter(call -> call.path().equals(path)).toList();
        }
    }
}
