package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ApiClient.Answer;
import io.carillon.testkit.SettableClock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Password guessing from outside, on the real console behind a trusted proxy
 * ({@code server.forward-headers-strategy=native}, so {@code X-Forwarded-For} names the caller's address and
 * {@code X-Forwarded-Proto} its scheme): a thousand failed sign-ins for {@code admin} slow down the address they come
 * from and nobody else, leave the admin's API tokens working, are audited and counted; a known and an unknown name
 * get the same answer in the same time; over HTTPS the cookies are {@code Secure}.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SignInAttackIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final SettableClock CLOCK = new SettableClock(Instant.parse("2026-05-01T12:00:00Z"));
    private static final String ATTACKER = "203.0.113.7";
    private static final int ATTEMPTS = 1000;
    private static final int FREE_FAILURES = 5;
    private static final int TIMED_ATTEMPTS = 50;
    private static final long MAX_MEDIAN_GAP_MILLIS = 5;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
        registry.add("server.forward-headers-strategy", () -> "native");
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

    ApiClient admin;

    @BeforeAll
    void client() {
        admin = new ApiClient(port);
    }

    @Test
    void aThousandFailedSignInsSlowDownTheAttackerOnly() {
        ApiClient token = admin.withToken(admin.post("/api/v1/tokens", "{\"name\": \"ci\"}")
                .json()
                .get("token")
                .asString());
        ApiClient attacker = admin.forwardedFor(ATTACKER);

        Map<Integer, Integer> statuses = new HashMap<>();
        for (int i = 0; i < ATTEMPTS; i++) {
            statuses.merge(attacker.as("admin", "guess-" + i).get("/api/v1/me").status(), 1, Integer::sum);
        }

        assertThat(statuses)
                .containsExactlyInAnyOrderEntriesOf(Map.of(401, FREE_FAILURES, 429, ATTEMPTS - FREE_FAILURES));
        Answer refused = attacker.as("admin", "one-more-guess").get("/api/v1/me");
        assertThat(refused.status()).isEqualTo(429);
        assertThat(refused.retryAfter()).isEqualTo("1");
        assertThat(admin.forwardedFor("198.51.100.1").get("/api/v1/me").status())
                .as("the admin, elsewhere")
                .isEqualTo(200);
        assertThat(token.get("/api/v1/me").status()).as("the admin's token").isEqualTo(200);
        assertThat(token.forwardedFor(ATTACKER).get("/api/v1/me").status())
                .as("even from the attacker's address")
                .isEqualTo(200);
        assertThat(jdbc.sql("SELECT outcome, count(*) FROM audit_log WHERE action = 'LOGIN' AND target = 'admin'"
                                + " AND source_address = :address GROUP BY outcome")
                        .param("address", ATTACKER)
                        .query((row, number) -> Map.entry(row.getString(1), row.getInt(2)))
                        .list())
                .containsExactlyInAnyOrder(
                        Map.entry("FAILED", FREE_FAILURES), Map.entry("REFUSED", ATTEMPTS + 1 - FREE_FAILURES));
        assertThat(admin.get("/actuator/prometheus").body())
                .contains("carillon_console_signins_throttled_total{by=\"name-and-address\"} "
                        + (ATTEMPTS + 1 - FREE_FAILURES) + ".0");
    }

    @Test
    void aKnownAndAnUnknownNameGetTheSameAnswerInTheSameTime() {
        List<Long> known = new ArrayList<>();
        List<Long> unknown = new ArrayList<>();
        Answer knownAnswer = null;
        Answer unknownAnswer = null;
        for (int i = 0; i < TIMED_ATTEMPTS; i++) {
            ApiClient from = admin.forwardedFor("198.18." + (i / 250) + "." + (i % 250));
            long start = System.nanoTime();
            knownAnswer = from.as("admin", "wrong-password").get("/api/v1/me");
            known.add(System.nanoTime() - start);
            start = System.nanoTime();
            unknownAnswer = from.as("nobody-here", "wrong-password").get("/api/v1/me");
            unknown.add(System.nanoTime() - start);
        }

        assertThat(knownAnswer.status()).isEqualTo(401);
        assertThat(unknownAnswer).usingRecursiveComparison().isEqualTo(knownAnswer);
        long gap = Math.abs(median(known) - median(unknown));
        assertThat(TimeUnit.NANOSECONDS.toMillis(gap))
                .as("median answer times %s and %s ns", median(known), median(unknown))
                .isLessThanOrEqualTo(MAX_MEDIAN_GAP_MILLIS);
    }

    @Test
    void sendsSecureCookiesOverHttps() throws Exception {
        HttpClient browser = HttpClient.newHttpClient();
        URI login = URI.create("http://localhost:" + port + "/login");
        HttpResponse<String> page = browser.send(
                HttpRequest.newBuilder(login)
                        .header("X-Forwarded-Proto", "https")
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        String csrf = page.headers().allValues("Set-Cookie").stream()
                .filter(cookie -> cookie.startsWith("XSRF-TOKEN="))
                .findFirst()
                .orElseThrow();
        String token = csrf.substring("XSRF-TOKEN=".length(), csrf.indexOf(';'));

        HttpResponse<String> signedIn = browser.send(
                HttpRequest.newBuilder(login)
                        .header("X-Forwarded-Proto", "https")
                        .header("Cookie", "XSRF-TOKEN=" + token)
                        .header("X-XSRF-TOKEN", token)
                        .header("Content-Type", "application/x-www-form-urlencoded")
                        .POST(HttpRequest.BodyPublishers.ofString(
                                "username=admin&password=" + ConsoleTestEnvironment.ADMIN_PASSWORD))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(csrf).contains("SameSite=Lax", "Secure");
        assertThat(signedIn.statusCode()).isEqualTo(200);
        assertThat(signedIn.headers().allValues("Set-Cookie"))
                .anySatisfy(cookie ->
                        assertThat(cookie).startsWith("JSESSIONID=").contains("SameSite=Lax", "Secure", "HttpOnly"));
    }

    private static long median(List<Long> nanos) {
        return nanos.stream().sorted().skip(nanos.size() / 2).findFirst().orElseThrow();
    }
}
