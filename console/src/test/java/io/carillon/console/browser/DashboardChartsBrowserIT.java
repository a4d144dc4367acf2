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
import org.assertj.core.api.InstanceOfAssertFactories;
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
 * Runs of several statuses over several days, in the runs table of a real PostgreSQL, drawn on the dashboard of a
 * real Chromium: read from each ECharts instance, every chart's axis spans exactly its range, every status has its
 * series, each bucket's bars stand on one another at the bucket's place and width, a day without runs has no bar,
 * the lateness lines have the exact p50 and p99 of each minute with runs and break elsewhere, and a bucket's
 * tooltip names its minute and the exact value of each series there.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class DashboardChartsBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final long MINUTE_MS = Duration.ofMinutes(1).toMillis();
    private static final long DAY_MS = Duration.ofDays(1).toMillis();
    private static final int DAYS = 14;
    /** A minute bucket as a tooltip names it, in the browser's zone. */
    private static final String MINUTE_LABEL = "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d";

    private static final Duration RANGE = Duration.ofHours(6);

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private final Clock clock = Clock.systemUTC();
    private RunSeeds runs;

    @Test
    void drawsEveryStatusStackedPerDayAndMinuteAndTheLatenessLines() throws Exception {
        runs = new RunSeeds(jdbc);
        Instant today = clock.instant().truncatedTo(ChronoUnit.DAYS);
        runs.seed(null, "SUCCEEDED", today.minus(Duration.ofDays(5)).plus(Duration.ofHours(3)), 3, 10);
        runs.seed(null, "FAILED", today.minus(Duration.ofDays(5)).plus(Duration.ofHours(4)), 1, 10);
        runs.seed(null, "TIMED_OUT", today.minus(Duration.ofDays(3)).plus(Duration.ofHours(9)), 2, 10);
        runs.seed(null, "SUCCEEDED", today.minus(Duration.ofDays(3)).plus(Duration.ofHours(10)), 1, 10);
        runs.seed(null, "FAILED", today.minus(Duration.ofDays(2)).plus(Duration.ofHours(1)), 2, 10);
        runs.seed(null, "LOST", today.minus(Duration.ofDays(2)).plus(Duration.ofHours(2)), 1, 10);
        Instant recent = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        runs.seed(null, "SUCCEEDED", recent.minus(Duration.ofMinutes(30)).plusSeconds(5), 4, 20);
        runs.seed(null, "FAILED", recent.minus(Duration.ofMinutes(30)).plusSeconds(10), 1, 400);
        runs.seed(null, "SUCCEEDED", recent.minus(Duration.ofMinutes(12)).plusSeconds(1), 2, 60);
        runs.seed(null, "TIMED_OUT", recent.minus(Duration.ofMinutes(12)).plusSeconds(2), 1, 90);

        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                        By.id("chart-days-source"), "from the runs table"));

                JsonNode days = DrawnCharts.drawn(browser, "chart-days", DAY_MS);
                DrawnCharts.assertSpan(days, DAYS * DAY_MS, DAY_MS);
                DrawnCharts.assertStacked(days, DAY_MS, counts(DAY_MS));

                JsonNode minutes = DrawnCharts.drawn(browser, "chart-minutes", MINUTE_MS);
                DrawnCharts.assertSpan(minutes, RANGE.toMillis(), MINUTE_MS);
                DrawnCharts.assertStacked(minutes, MINUTE_MS, counts(MINUTE_MS));

                JsonNode lateness = DrawnCharts.drawn(browser, "chart-lateness", MINUTE_MS);
                DrawnCharts.assertSpan(lateness, RANGE.toMillis(), MINUTE_MS);
                DrawnCharts.assertLine(lateness, "p50", Map.of(middle(recent, 30), 20L, middle(recent, 12), 60L));
                DrawnCharts.assertLine(lateness, "p99", Map.of(middle(recent, 30), 400L, middle(recent, 12), 90L));
                assertThat(DrawnCharts.tooltip(browser, "chart-minutes", middle(recent, 30)))
                        .as("the tooltip of a minute with runs: its minute and each status' exact count")
                        .hasSize(3)
                        .contains("SUCCEEDED: 4", "FAILED: 1")
                        .first(InstanceOfAssertFactories.STRING)
                        .matches(MINUTE_LABEL);
                assertThat(DrawnCharts.tooltip(browser, "chart-minutes", middle(recent, 20)))
                        .as("the tooltip of a minute without runs")
                        .hasSize(2)
                        .endsWith("No runs");
                assertThat(DrawnCharts.tooltip(browser, "chart-lateness", middle(recent, 12)))
                        .as("the tooltip of a minute's lateness: the exact p50 and p99")
                        .contains("p50: 60 ms", "p99: 90 ms");
                browser.screenshot("DashboardChartsBrowserIT-dashboard");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("DashboardChartsBrowserIT");
                throw e;
            }
        }
    }

    private static long middle(Instant recent, int minutesAgo) {
        return recent.minus(Duration.ofMinutes(minutesAgo)).toEpochMilli() + MINUTE_MS / 2;
    }

    /** The seeded runs of the last {@link #RANGE} (minute buckets) or days, by bucket middle and status. */
    private Map<Long, Map<String, Long>> counts(long bucketMs) {
        Instant since = bucketMs == DAY_MS
                ? Instant.EPOCH
                : clock.instant()
                        .truncatedTo(ChronoUnit.MINUTES)
                        .plus(Duration.ofMinutes(1))
                        .minus(RANGE);
        return runs.counts(bucketMs, since, null);
    }
}
