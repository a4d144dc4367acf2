package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.console.RunSeeds;
import io.carillon.testkit.Browser;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * One job's runs of several statuses over several days, among another job's, in the runs table of a real PostgreSQL,
 * drawn on the job's page in a real Chromium: read from each ECharts instance, every chart's axis spans exactly its
 * range, the bars per minute and per day stack this job's runs only, at their bucket's place and width, and the
 * lateness lines have the exact p50 and p99 of each minute with runs, and a minute's tooltip has this job's runs.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class JobChartsBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final long MINUTE_MS = Duration.ofMinutes(1).toMillis();
    private static final long DAY_MS = Duration.ofDays(1).toMillis();
    private static final int DAYS = 14;
    private static final Duration RANGE = Duration.ofHours(6);
    private static final String JOB = "invoices";
    private static final String OTHER = "reports";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private final Clock clock = Clock.systemUTC();

    @Test
    void drawsTheJobsOwnRunsPerMinuteAndDayAndItsLateness() throws Exception {
        RunSeeds runs = new RunSeeds(jdbc);
        Instant today = clock.instant().truncatedTo(ChronoUnit.DAYS);
        runs.seed(JOB, "SUCCEEDED", today.minus(Duration.ofDays(6)).plus(Duration.ofHours(3)), 2, 10);
        runs.seed(JOB, "FAILED", today.minus(Duration.ofDays(6)).plus(Duration.ofHours(5)), 1, 10);
        runs.seed(OTHER, "FAILED", today.minus(Duration.ofDays(4)).plus(Duration.ofHours(5)), 3, 10);
        runs.seed(JOB, "TIMED_OUT", today.minus(Duration.ofDays(1)).plus(Duration.ofHours(2)), 1, 10);
        Instant recent = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        runs.seed(JOB, "SUCCEEDED", recent.minus(Duration.ofMinutes(40)).plusSeconds(3), 3, 30);
        runs.seed(JOB, "FAILED", recent.minus(Duration.ofMinutes(40)).plusSeconds(9), 1, 500);
        runs.seed(OTHER, "SUCCEEDED", recent.minus(Duration.ofMinutes(40)).plusSeconds(4), 5, 7);
        runs.seed(JOB, "SUCCEEDED", recent.minus(Duration.ofMinutes(8)).plusSeconds(1), 1, 45);

        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                assertThat(ConsoleRequests.post(browser, "api/v1/jobs", """
                                {"id": "invoices", "app": "shop", "handler": "invoice",
                                 "schedule": {"type": "CRON", "cron": "0 */5 * * * ?", "zone": "UTC"}}""")).isEqualTo(201);
                browser.driver.get("http://localhost:" + port + "/#/job?id=" + JOB);
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("job-chart-days")));

                Instant minutesSince = recent.plus(Duration.ofMinutes(1)).minus(RANGE);
                JsonNode days = DrawnCharts.drawn(browser, "job-chart-days", DAY_MS);
                DrawnCharts.assertSpan(days, DAYS * DAY_MS, DAY_MS);
                DrawnCharts.assertStacked(days, DAY_MS, runs.counts(DAY_MS, Instant.EPOCH, JOB));

                JsonNode minutes = DrawnCharts.drawn(browser, "job-chart-minutes", MINUTE_MS);
                DrawnCharts.assertSpan(minutes, RANGE.toMillis(), MINUTE_MS);
                DrawnCharts.assertStacked(minutes, MINUTE_MS, runs.counts(MINUTE_MS, minutesSince, JOB));

                JsonNode lateness = DrawnCharts.drawn(browser, "job-chart-lateness", MINUTE_MS);
                DrawnCharts.assertSpan(lateness, RANGE.toMillis(), MINUTE_MS);
                DrawnCharts.assertLine(lateness, "p50", Map.of(middle(recent, 40), 30L, middle(recent, 8), 45L));
                DrawnCharts.assertLine(lateness, "p99", Map.of(middle(recent, 40), 500L, middle(recent, 8), 45L));
                browser.driver.executeScript("document.getElementById('job-chart-minutes').scrollIntoView();");
                assertThat(DrawnCharts.tooltip(browser, "job-chart-minutes", middle(recent, 40)))
                        .as("the tooltip of a minute: this job's runs by status, exactly")
                        .containsSequence("SUCCEEDED: 3", "FAILED: 1")
                        .hasSize(3);
                browser.screenshot("JobChartsBrowserIT-job");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("JobChartsBrowserIT");
                throw e;
            }
        }
    }

    private static long middle(Instant recent, int minutesAgo) {
        return recent.minus(Duration.ofMinutes(minutesAgo)).toEpochMilli() + MINUTE_MS / 2;
    }
}
