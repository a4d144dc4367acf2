package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ApiClient.Answer;
import io.carillon.console.internal.jobs.JobService;
import io.carillon.testkit.SettableClock;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.JsonNode;

/**
 * Who may do what over REST, on the real console with PostgreSQL and Kafka: anonymous callers, a VIEWER and an
 * OPERATOR of app {@code demo}, an ADMIN, API tokens, the browser session with CSRF, sign-in throttling, the body and
 * field limits, and the audit rows the changes leave.
 */
@ExtendWith({ConsoleTestEnvironment.DropDatabase.class, OutputCaptureExtension.class})
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AccessIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final SettableClock CLOCK = new SettableClock(Instant.parse("2026-05-01T12:00:00Z"));
    private static final String PASSWORD = "a-long-enough-password";
    private static final String SIGN_IN_FAILED =
            "sign-in failed: wrong user name or password, or too many failed sign-ins";
    private static final String JOB = """
            {"id": "%s", "app": "%s", "handler": "echo", "schedule": {"type": "NONE"}}""";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
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

    @Autowired
    JdbcClient jdbc;

    @Autowired
    JobService jobService;

    @Autowired
    PlatformTransactionManager transactionManager;

    ApiClient admin;
    ApiClient viewer;
    ApiClient operator;

    @BeforeAll
    void usersAndJobs() {
        admin = new ApiClient(port);
        for (String[] user : new String[][] {{"vera", "VIEWER"}, {"otto", "OPERATOR"}}) {
            admin.post("/api/v1/users", """
                    {"name": "%s", "password": "%s", "grants": [{"role": "%s", "app": "demo"}]}""".formatted(user[0], PASSWORD, user[1]));
        }
        viewer = admin.as("vera", PASSWORD);
        operator = admin.as("otto", PASSWORD);
        admin.post("/api/v1/jobs", JOB.formatted("d1", "demo"));
        admin.post("/api/v1/jobs", JOB.formatted("b1", "billing"));
        insertRun("d1@1#0", "d1", "demo", "FAILED");
        insertRun("b1@1#0", "b1", "billing", "FAILED");
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({
        "GET, /api/v1/jobs",
        "POST, /api/v1/jobs",
        "GET, /api/v1/jobs/d1",
        "PUT, /api/v1/jobs/d1",
        "DELETE, /api/v1/jobs/d1",
        "POST, /api/v1/jobs/d1/run",
        "GET, /api/v1/jobs/d1/runs",
        "GET, /api/v1/jobs/d1/schedule/preview",
        "GET, /api/v1/overview",
        "POST, /api/v1/runs/d1@1%230/retry",
        "POST, /api/v1/runs/d1@1%230/kill",
        "GET, /api/v1/me",
        "GET, /api/v1/users",
        "POST, /api/v1/users",
        "GET, /api/v1/users/vera",
        "PUT, /api/v1/users/vera",
        "DELETE, /api/v1/users/vera",
        "POST, /api/v1/users/vera/password",
        "GET, /api/v1/tokens",
        "POST, /api/v1/tokens",
        "DELETE, /api/v1/tokens/some-id",
        "GET, /api/v1/audit",
        "PUT, /api/v1/users/vera/lock",
        "DELETE, /api/v1/users/vera/lock",
        "GET, /api/v1/signins"
    })
    void refusesAnonymousCallers(String method, String path) {
        Answer answer = admin.anonymous().send(method, path, "{}");

        assertThat(answer.status()).isEqualTo(401);
        assertThat(answer.json().get("error").asString()).isNotBlank();
    }

    @Test
    void servesTheLoginPageToAnyone() {
        assertThat(admin.anonymous().get("/login").status()).isEqualTo(200);
        assertThat(admin.anonymous()
                        .get("/login/options")
                        .json()
                        .get("singleSignOn")
                        .isEmpty())
                .isTrue();
        assertThat(admin.anonymous().get("/").status()).isEqualTo(302);
    }

    @ParameterizedTest(name = "{0} {1} {2} -> {3}")
    @CsvSource(delimiter = '|', textBlock = """
            vera  | GET    | /api/v1/jobs/d1                         | 200
            vera  | GET    | /api/v1/jobs/b1                         | 403
            vera  | GET    | /api/v1/jobs/d1/runs                    | 200
            vera  | GET    | /api/v1/jobs/b1/runs                    | 403
            vera  | GET    | /api/v1/jobs/d1/schedule/preview        | 200
            vera  | PUT    | /api/v1/jobs/d1                         | 403
            vera  | POST   | /api/v1/jobs/d1/run                     | 403
            vera  | DELETE | /api/v1/jobs/d1                         | 403
            vera  | POST   | /api/v1/runs/d1@1%230/retry             | 403
            vera  | GET    | /api/v1/users                           | 403
            vera  | GET    | /api/v1/users/vera                      | 200
            vera  | GET    | /api/v1/users/otto                      | 403
            vera  | GET    | /api/v1/audit                           | 403
            otto  | GET    | /api/v1/jobs/d1                         | 200
            otto  | GET    | /api/v1/jobs/b1                         | 403
            otto  | PUT    | /api/v1/jobs/d1                         | 200
            otto  | PUT    | /api/v1/jobs/b1                         | 403
            otto  | POST   | /api/v1/jobs/d1/run                     | 202
            otto  | POST   | /api/v1/jobs/b1/run                     | 403
            otto  | POST   | /api/v1/runs/d1@1%230/retry             | 202
            otto  | POST   | /api/v1/runs/b1@1%230/retry             | 403
            otto  | POST   | /api/v1/runs/b1@1%230/kill              | 403
            otto  | DELETE | /api/v1/jobs/b1                         | 403
            otto  | GET    | /api/v1/users                           | 403
            otto  | POST   | /api/v1/users                           | 403
            otto  | GET    | /api/v1/audit                           | 200
            admin | GET    | /api/v1/jobs/b1                         | 200
            admin | PUT    | /api/v1/jobs/b1                         | 200
            admin | POST   | /api/v1/runs/b1@1%230/retry             | 202
            admin | GET    | /api/v1/users                           | 200
            admin | GET    | /api/v1/audit                           | 200
            """)
    void allowsEachRoleWhatItsGrantsAllow(String who, String method, String path, int expected) {
        ApiClient caller = switch (who) {
            case "vera" -> viewer;
            case "otto" -> operator;
            default -> admin;
        };
        String body = path.startsWith("/api/v1/jobs/") && method.equals("PUT")
                ? JOB.formatted(path.substring("/api/v1/jobs/".length()), path.endsWith("d1") ? "demo" : "billing")
                : null;

        assertThat(caller.send(method, path, body).status()).isEqualTo(expected);
    }

    @Test
    void createsOnlyInTheAppsItOperatesAndListsOnlyWhatItReads() {
        assertThat(operator.post("/api/v1/jobs", JOB.formatted("d2", "demo")).status())
                .isEqualTo(201);
        assertThat(operator.post("/api/v1/jobs", JOB.formatted("b2", "billing")).status())
                .isEqualTo(403);
        assertThat(operator.put("/api/v1/jobs/d1", JOB.formatted("d1", "billing"))
                        .status())
                .as("moving a job to an app one does not operate")
                .isEqualTo(403);
        assertThat(viewer.post("/api/v1/jobs", JOB.formatted("d3", "demo")).status())
                .isEqualTo(403);

        assertThat(ids(viewer.get("/api/v1/jobs").json())).contains("d1", "d2").doesNotContain("b1");
        assertThat(ids(admin.get("/api/v1/jobs").json())).contains("b1", "d1", "d2");
        assertThat(viewer.get("/api/v1/overview")
                        .json()
                        .valueStream()
                        .map(line -> line.get("job").get("id").asString()))
                .contains("d1", "d2")
                .doesNotContain("b1");
    }

    @Test
    void tellsCallersWhoTheyAre() {
        JsonNode me = viewer.get("/api/v1/me").json();

        assertThat(me.get("name").asString()).isEqualTo("vera");
        assertThat(me.get("admin").asBoolean()).isFalse();
        assertThat(me.get("grants").get(0).get("role").asString()).isEqualTo("VIEWER");
        assertThat(me.get("grants").get(0).get("app").asString()).isEqualTo("demo");
    }

    @Test
    void tokensActWithTheirOwnGrantsUntilRevokedOrExpired(CapturedOutput output) throws Exception {
        Answer created =
                operator.post("/api/v1/tokens", """
                {"name": "ci", "grants": [{"role": "VIEWER", "app": "demo"}],
                 "expiresAt": "%s"}""".formatted(CLOCK.instant().plus(Duration.ofHours(1))));
        assertThat(created.status()).isEqualTo(201);
        String secret = created.json().get("token").asString();
        ApiClient ci = admin.withToken(secret);

        assertThat(ci.get("/api/v1/jobs/d1").status()).isEqualTo(200);
        assertThat(ci.post("/api/v1/jobs/d1/run", "").status())
                .as("the token is a viewer")
                .isEqualTo(403);
        assertThat(ci.get("/api/v1/me").json().get("token").asString()).isEqualTo("ci");
        assertThat(ci.post("/api/v1/tokens", "{\"name\": \"more\"}").status()).isEqualTo(403);
        assertThat(jdbc.sql("SELECT secret_hash FROM api_tokens WHERE name = 'ci'")
                        .query(String.class)
                        .single())
                .isEqualTo(HexFormat.of()
                        .formatHex(
                                MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8))))
                .doesNotContain(secret);
        JsonNode listed = operator.get("/api/v1/tokens").json().get(0);
        assertThat(listed.get("lastUsedAt").asString())
                .isEqualTo(CLOCK.instant().toString());
        assertThat(listed.has("token")).isFalse();

        CLOCK.advance(Duration.ofHours(2));
        assertThat(ci.get("/api/v1/jobs/d1").status()).as("expired").isEqualTo(401);

        String revoked = operator.post("/api/v1/tokens", "{\"name\": \"short-lived\"}")
                .json()
                .get("token")
                .asString();
        assertThat(admin.withToken(revoked).post("/api/v1/jobs/d1/run", "").status())
                .isEqualTo(202);
        String id = operator.get("/api/v1/tokens")
                .json()
                .valueStream()
                .filter(token -> token.get("name").asString().equals("short-lived"))
                .findFirst()
                .orElseThrow()
                .get("id")
                .asString();
        assertThat(viewer.delete("/api/v1/tokens/" + id).status())
                .as("someone else's token")
                .isEqualTo(404);
        assertThat(operator.delete("/api/v1/tokens/" + id).status()).isEqualTo(204);
        assertThat(admin.withToken(revoked).get("/api/v1/jobs/d1").status()).isEqualTo(401);
        assertThat(admin.withToken("crl_made-up").get("/api/v1/jobs/d1").status())
                .isEqualTo(401);
        assertThat(output.getAll())
                .as("no secret in the logs")
                .doesNotContain(secret, revoked, PASSWORD, ConsoleTestEnvironment.ADMIN_PASSWORD);
    }

    @Test
    void callsWithAnAuthorizationHeaderGetNoSessionAndNoCsrfCookie() throws Exception {
        String secret = operator.post("/api/v1/tokens", "{\"name\": \"stateless\"}")
                .json()
                .get("token")
                .asString();
        HttpClient script = HttpClient.newHttpClient();
        String base = "http://localhost:" + port;
        String basic =
                "Basic " + Base64.getEncoder().encodeToString(("otto:" + PASSWORD).getBytes(StandardCharsets.UTF_8));

        for (String authorization : List.of("Bearer " + secret, basic)) {
            HttpResponse<String> created = script.send(
                    HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs"))
                            .header("Authorization", authorization)
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(
                                    JOB.formatted("stateless-" + authorization.length(), "demo")))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
            assertThat(created.headers().allValues("Set-Cookie"))
                    .as("no session, no XSRF-TOKEN")
                    .isEmpty();
        }
    }

    @Test
    void refusesTokenGrantsTheUserDoesNotHold() {
        Answer answer = operator.post("/api/v1/tokens", """
                {"name": "too-much", "grants": [{"role": "OPERATOR", "app": "billing"}]}""");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly("grants[0]");
    }

    @Test
    void aBrowserSessionNeedsTheCsrfToken() throws Exception {
        CookieManager cookies = new CookieManager();
        HttpClient browser = HttpClient.newBuilder().cookieHandler(cookies).build();
        String base = "http://localhost:" + port;
        browser.send(HttpRequest.newBuilder(URI.create(base + "/login")).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> signedIn = browser.send(
                HttpRequest.newBuilder(URI.create(base + "/login"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .header("X-XSRF-TOKEN", csrf(cookies))
                        .POST(HttpRequest.BodyPublishers.ofString("username=otto&password=" + PASSWORD))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(signedIn.statusCode()).isEqualTo(200);

        HttpRequest.Builder create = HttpRequest.newBuilder(URI.create(base + "/api/v1/jobs"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JOB.formatted("from-browser", "demo")));
        assertThat(browser.send(create.build(), HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(403);
        assertThat(browser.send(
                                create.header("X-XSRF-TOKEN", csrf(cookies)).build(),
                                HttpResponse.BodyHandlers.ofString())
                        .statusCode())
                .isEqualTo(201);
        assertThat(browser.send(
                                HttpRequest.newBuilder(URI.create(base + "/api/v1/me"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body())
                .contains("\"otto\"");
    }

    @Test
    void throttlesANameFromOneAddressIgnoringAForwardedForHeader() {
        admin.post("/api/v1/users", """
                {"name": "lena", "password": "%s", "grants": []}""".formatted(PASSWORD));
        for (int i = 0; i < 5; i++) {
            Answer wrong = admin.as("lena", "not-the-password")
                    .forwardedFor("10.0.0." + i)
                    .get("/api/v1/me");
            assertThat(wrong.status()).as("attempt %d: %s", i, wrong.body()).isEqualTo(401);
            assertThat(wrong.json().get("error").asString()).isEqualTo(SIGN_IN_FAILED);
        }

        Answer throttled = admin.as("lena", PASSWORD).forwardedFor("10.0.1.1").get("/api/v1/me");
        assertThat(throttled.status())
                .as("the header is no proxy's: every try came from 127.0.0.1")
                .isEqualTo(429);
        assertThat(throttled.retryAfter()).isEqualTo("1");
        assertThat(throttled.json().get("error").asString()).isEqualTo(SIGN_IN_FAILED);
        assertThat(admin.get("/api/v1/me").status())
                .as("another name from the same address")
                .isEqualTo(200);

        CLOCK.advance(Duration.ofSeconds(1));
        assertThat(admin.as("lena", PASSWORD).get("/api/v1/me").status()).isEqualTo(200);
        assertThat(audit("LOGIN", "lena")).contains("FAILED", "REFUSED");
        forgetFailedSignIns();
    }

    @Test
    void anAdminLocksAPasswordNotTheTokens() {
        admin.post("/api/v1/users", """
                {"name": "ines", "password": "%s", "grants": [{"role": "VIEWER", "app": "demo"}]}""".formatted(PASSWORD));
        ApiClient ines = admin.as("ines", PASSWORD);
        ApiClient token = admin.withToken(ines.post("/api/v1/tokens", "{\"name\": \"ines-ci\"}")
                .json()
                .get("token")
                .asString());

        Answer locked = admin.put("/api/v1/users/ines/lock", "");
        assertThat(locked.status()).isEqualTo(200);
        assertThat(locked.json().get("lockedBy").asString()).isEqualTo("admin");
        assertThat(viewer.put("/api/v1/users/ines/lock", "").status()).isEqualTo(403);
        assertThat(admin.put("/api/v1/users/admin/lock", "").status())
                .as("not oneself")
                .isEqualTo(409);
        Answer refused = ines.get("/api/v1/me");
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.body())
                .isEqualTo(admin.as("no-such-user", PASSWORD).get("/api/v1/me").body());
        assertThat(token.get("/api/v1/me").status())
                .as("the token is no password")
                .isEqualTo(200);

        assertThat(admin.delete("/api/v1/users/ines/lock")
                        .json()
                        .get("lockedAt")
                        .isNull())
                .isTrue();
        assertThat(ines.get("/api/v1/me").status()).isEqualTo(200);
        assertThat(audit("USER_LOCK", "ines")).containsExactly("OK");
        assertThat(audit("USER_UNLOCK", "ines")).containsExactly("OK");
        forgetFailedSignIns();
    }

    @Test
    void throttlesAnAddressThatFailsTooOften() {
        for (int i = 0; i < 20; i++) {
            admin.as("nobody-" + i, "guess").get("/api/v1/me");
        }

        Answer refused = admin.get("/api/v1/me");
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.json().get("error").asString()).isEqualTo(SIGN_IN_FAILED);
        assertThat(Long.parseLong(refused.retryAfter()))
                .isBetween(1L, Duration.ofMinutes(5).toSeconds());

        forgetFailedSignIns();
        assertThat(admin.get("/api/v1/me").status()).isEqualTo(200);
    }

    @Test
    void countsTheFailedAndRefusedSignInsOfTheLastHourForAnAdmin() {
        CLOCK.advance(Duration.ofHours(2));
        admin.as("mallory", "guess").get("/api/v1/me");

        JsonNode signIns = admin.get("/api/v1/signins").json();
        assertThat(signIns.get("failed").asLong()).isEqualTo(1);
        assertThat(signIns.get("refused").asLong()).isZero();
        assertThat(signIns.get("since").asString())
                .isEqualTo(CLOCK.instant().minus(Duration.ofHours(1)).toString());
        assertThat(viewer.get("/api/v1/signins").status()).isEqualTo(403);
        forgetFailedSignIns();
    }

    @Test
    void sendsAContentSecurityPolicyAndSameSiteCookies() throws Exception {
        CookieManager cookies = new CookieManager();
        HttpClient browser = HttpClient.newBuilder().cookieHandler(cookies).build();
        String base = "http://localhost:" + port;
        HttpResponse<String> login = browser.send(
                HttpRequest.newBuilder(URI.create(base + "/login")).build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> signedIn = browser.send(
                HttpRequest.newBuilder(URI.create(base + "/login"))
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .header("X-XSRF-TOKEN", csrf(cookies))
                        .POST(HttpRequest.BodyPublishers.ofString("username=otto&password=" + PASSWORD))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(login.headers().firstValue("Content-Security-Policy"))
                .hasValueSatisfying(policy -> assertThat(policy)
                        .contains("default-src 'self'", "frame-ancestors 'none'")
                        .doesNotContain("unsafe-inline"));
        assertThat(login.headers().allValues("Set-Cookie"))
                .anySatisfy(cookie -> assertThat(cookie)
                        .startsWith("XSRF-TOKEN=")
                        .contains("SameSite=Lax")
                        .doesNotContain("Secure"));
        assertThat(signedIn.statusCode()).isEqualTo(200);
        assertThat(signedIn.headers().allValues("Set-Cookie"))
                .anySatisfy(
                        cookie -> assertThat(cookie).startsWith("JSESSIONID=").contains("SameSite=Lax", "HttpOnly"));
    }

    /** Moves the clock past every throttle's memory, so the next test starts with no failed sign-in counted. */
    private static void forgetFailedSignIns() {
        CLOCK.advance(Duration.ofMinutes(16));
    }

    @Test
    void auditsEachChangeWithItsActorAndBeforeAndAfter() {
        operator.post("/api/v1/jobs", JOB.formatted("audited", "demo"));
        operator.put("/api/v1/jobs/audited", """
                {"id": "audited", "app": "demo", "handler": "echo", "enabled": false, "schedule": {"type": "NONE"}}""");
        operator.post("/api/v1/jobs/audited/run", "");
        insertRun("audited@1#0", "audited", "demo", "FAILED");
        operator.post("/api/v1/runs/audited@1%230/retry", "");

        JsonNode answer = admin.get("/api/v1/audit?target=audited").json();
        JsonNode entries = answer.get("items");
        assertThat(answer.get("entries"))
                .as("the earlier field repeats the items for one release")
                .isEqualTo(entries);
        JsonNode firstPage = admin.get("/api/v1/audit?target=audited&size=2").json();
        assertThat(firstPage.get("nextCursor").asString())
                .isEqualTo(firstPage.get("nextPage").asString());
        JsonNode secondPage = admin.get("/api/v1/audit?target=audited&size=2&cursor="
                        + firstPage.get("nextCursor").asString())
                .json();
        assertThat(secondPage
                        .get("items")
                        .valueStream()
                        .map(entry -> entry.get("action").asString()))
                .containsExactly("JOB_CREATE");
        assertThat(admin.get("/api/v1/audit?cursor=last").status()).isEqualTo(400);
        assertThat(entries.valueStream().map(entry -> entry.get("action").asString()))
                .containsExactly("JOB_RUN", "JOB_DISABLE", "JOB_CREATE");
        JsonNode disable = entries.get(1);
        assertThat(disable.get("actor").asString()).isEqualTo("otto");
        assertThat(disable.get("sourceAddress").asString()).isNotBlank();
        assertThat(Json.mapper()
                        .readTree(disable.get("before").asString())
                        .get("enabled")
                        .asBoolean())
                .isTrue();
        assertThat(Json.mapper()
                        .readTree(disable.get("after").asString())
                        .get("enabled")
                        .asBoolean())
                .isFalse();
        assertThat(audit("RUN_RETRY", "audited@1#0")).containsExactly("OK");
        JsonNode create = entries.get(2);
        assertThat(create.get("actor").asString()).isEqualTo("otto");
        assertThat(create.hasNonNull("before")).isFalse();
        assertThat(Json.mapper()
                        .readTree(create.get("after").asString())
                        .get("version")
                        .asLong())
                .isEqualTo(1);

        assertThat(operator.get("/api/v1/audit?action=USER_CREATE")
                        .json()
                        .get("items")
                        .isEmpty())
                .as("an operator reads only the entries of its apps' jobs and runs")
                .isTrue();
        assertThat(admin.get("/api/v1/audit?action=USER_CREATE")
                        .json()
                        .get("items")
                        .size())
                .isGreaterThan(1);
    }

    @Test
    void writesNoAuditRowForAChangeThatRollsBack() {
        new TransactionTemplate(transactionManager).executeWithoutResult(status -> {
            jobService.create(JobDefinition.builder("rolled-back")
                    .app("demo")
                    .handler("echo")
                    .schedule(Schedule.none())
                    .enabled(true)
                    .build());
            status.setRollbackOnly();
        });

        assertThat(admin.get("/api/v1/jobs/rolled-back").status()).isEqualTo(404);
        assertThat(audit("JOB_CREATE", "rolled-back")).isEmpty();
    }

    @Test
    void keepsTheLastAdmin() {
        assertThat(admin.delete("/api/v1/users/admin").status()).isEqualTo(409);
        assertThat(admin.put("/api/v1/users/admin", "{\"grants\": []}").status())
                .isEqualTo(409);
    }

    @Test
    void boundsBodiesAndFields() {
        String huge = "x".repeat(2 * 1024 * 1024);
        assertThat(admin.post("/api/v1/jobs", "{\"id\": \"" + huge + "\"}").status())
                .isEqualTo(413);

        Answer bigParams = admin.post("/api/v1/jobs", """
                {"id": "big", "app": "demo", "handler": "echo", "schedule": {"type": "NONE"}, "params": "%s",
                 "description": "%s"}""".formatted("p".repeat(70 * 1024), "d".repeat(3000)));
        assertThat(bigParams.status()).isEqualTo(400);
        assertThat(bigParams.errorFields()).containsExactlyInAnyOrder("params", "description");
    }

    @Test
    void refusesBadUsersNamingTheField() {
        Answer answer = admin.post("/api/v1/users", """
                {"name": "Bad Name", "password": "short", "grants": [{"role": "ADMIN", "app": "demo"}]}""");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.errorFields()).containsExactly("name", "password", "grants[0].app");
        assertThat(answer.body()).doesNotContain("short");
    }

    private void insertRun(String runId, String jobId, String app, String status) {
        jdbc.sql("INSERT INTO runs (run_id, job_id, app, attempt, shard_index, shard_total, status, scheduled_at,"
                        + " updated_at) VALUES (:runId, :jobId, :app, 1, 0, 1, :status, now(), now())"
                        + " ON CONFLICT DO NOTHING")
                .param("runId", runId)
                .param("jobId", jobId)
                .param("app", app)
                .param("status", status)
                .update();
    }

    private List<String> audit(String action, String target) {
        return jdbc.sql("SELECT outcome FROM audit_log WHERE action = :action AND target = :target ORDER BY id")
                .param("action", action)
                .param("target", target)
                .query(String.class)
                .list();
    }

    private static List<String> ids(JsonNode page) {
        return page.get("items")
                .valueStream()
                .map(item -> item.at("/job/id").asString())
                .toList();
    }

    private static String csrf(CookieManager cookies) {
        return cookies.getCookieStore().getCookies().stream()
                .filter(cookie -> cookie.getName().equals("XSRF-TOKEN"))
                .map(HttpCookie::getValue)
                .findFirst()
                .orElseThrow();
    }
}
