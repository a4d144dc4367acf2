package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.console.StatsRecords;
import io.carillon.testkit.Browser;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.Json;
import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.Percentiles;
import io.carillon.topics.events.RunStats;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.StatsWindow;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A user in a real Chromium lands on the dashboard and sees charts ECharts drew from the stats produced here to
 * {@code stats}; then finds an incident produced to {@code alerts} on the Incidents page (filters in the URL),
 * opens it and acknowledges it, confirming first, and finds the acknowledgement in the audit log.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class DashboardBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    /**
     * The points of a chart's series that hold a value, each [middle of its bucket in epoch ms, value] (the chart
     * holds them as [value, middle]).
     */
    private static final String SERIES_DATA = "const chart = echarts.getInstanceByDom(document.getElementById("
            + "arguments[0])); const series = chart && chart.getOption().series.find(s => s.name === arguments[1]);"
            + " return series ? JSON.stringify(series.data.filter(p => p[0] != null && p[0] !== 0)"
            + ".map(p => [p[1], p[0]])) : null;";
    /**
     * What a chart draws, read from its ECharts instance: the time axis' extent, the number of slots of its first
     * series, the width of its first drawn bar and the width of one bucket, in pixels.
     */
    private static final String SCALES =
            "const chart = echarts.getInstanceByDom(document.getElementById(arguments[0]));"
                    + " const bucketMs = arguments[1]; const extent = chart.getModel().getComponent('xAxis', 0).axis.scale"
                    + ".getExtent(); const data = chart.getModel().getSeriesByIndex(0).getData(); let barWidth = null;"
                    + " for (let i = 0; i < data.count() && barWidth == null; i++) { const layout = data.getItemLayout(i);"
                    + " if (layout && layout.height) barWidth = Math.abs(layout.width); }"
                    + " const slot = chart.convertToPixel({ xAxisIndex: 0 }, extent[0] + bucketMs)"
                    + " - chart.convertToPixel({ xAxisIndex: 0 }, extent[0]);"
                    + " return JSON.stringify({ from: extent[0], to: extent[1], slots: data.count(), barWidth, slot });";

    private static final long MINUTE_MS = Duration.ofMinutes(1).toMillis();
    private static final long DAY_MS = Duration.ofDays(1).toMillis();
    private static final int DEFAULT_DAYS = 14;
    private static final double MIN_BAR_PX = 1;
    private static final Duration DEFAULT_RANGE = Duration.ofHours(6);

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
    void drawsTheChartsFromStats() throws Exception {
        Instant minute = clock.instant().truncatedTo(ChronoUnit.MINUTES).minus(Duration.ofMinutes(2));
        Instant hour = clock.instant().truncatedTo(ChronoUnit.HOURS);
        try (Producer<String, byte[]> producer = ConsoleTestEnvironment.producer();
                Browser browser = Browser.start()) {
            try {
                send(
                        producer,
                        StatsRecords.app(
                                "shop",
                                StatsWindow.MINUTE,
                                minute,
                                Map.of(RunStatus.SUCCEEDED, 4L, RunStatus.FAILED, 2L),
                                new Percentiles(6, 12, 30, 45, 50)));
                send(
                        producer,
                        StatsRecords.app("shop", StatsWindow.HOUR, hour, Map.of(RunStatus.SUCCEEDED, 40L), null));
                await().atMost(DEADLINE)
                        .until(() -> jdbc.sql("SELECT count(*) FROM run_stats")
                                        .query(Long.class)
                                        .single()
                                == 2);

                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                        By.id("chart-minutes-source"), "from stats"));
                assertThat(browser.driver.getCurrentUrl()).doesNotContain("#/jobs");
                long minuteMiddle = minute.toEpochMilli() + MINUTE_MS / 2;
                assertThat(series(browser, "chart-minutes", "SUCCEEDED")).isEqualTo("[[" + minuteMiddle + ",4]]");
                assertThat(series(browser, "chart-minutes", "FAILED")).isEqualTo("[[" + minuteMiddle + ",2]]");
                assertThat(series(browser, "chart-lateness", "p99")).isEqualTo("[[" + minuteMiddle + ",45]]");
                assertThat(series(browser, "chart-days", "SUCCEEDED"))
                        .isEqualTo("[[" + (hour.truncatedTo(ChronoUnit.DAYS).toEpochMilli() + DAY_MS / 2) + ",40]]");

                JsonNode minutes = scales(browser, "chart-minutes", MINUTE_MS);
                assertThat(minutes.get("to").asLong() - minutes.get("from").asLong())
                        .as("the minute chart spans exactly the range")
                        .isEqualTo(DEFAULT_RANGE.toMillis());
                assertThat(minutes.get("to").asLong() % MINUTE_MS).isZero();
                assertThat(Instant.ofEpochMilli(minutes.get("to").asLong()))
                        .isBetween(minute, clock.instant().plus(Duration.ofMinutes(2)));
                assertThat(minutes.get("slots").asLong()).isEqualTo(DEFAULT_RANGE.toMinutes());
                assertOneBucketWide(minutes);
                JsonNode days = scales(browser, "chart-days", DAY_MS);
                assertThat(days.get("to").asLong() - days.get("from").asLong())
                        .as("the day chart spans exactly the days")
                        .isEqualTo(DEFAULT_DAYS * DAY_MS);
                assertThat(days.get("to").asLong() % DAY_MS).as("UTC days").isZero();
                assertThat(days.get("slots").asLong()).isEqualTo(DEFAULT_DAYS);
                assertOneBucketWide(days);
                assertThat(browser.driver.findElement(By.id("dashboard-tiles")).getText())
                        .contains("45 ms", "failed sign-ins", "refused sign-ins");
                browser.screenshot("DashboardBrowserIT-dashboard");

                new Select(browser.driver.findElement(By.id("dashboard-range"))).selectByValue("48h");
                browser.wait.until(ExpectedConditions.urlContains("range=48h"));
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("DashboardBrowserIT");
                throw e;
            }
        }
    }

    @Test
    void listsAndAcknowledgesAnIncident() throws Exception {
        String id = "failed:checkout:checkout@1";
        Instant opened = clock.instant().minusSeconds(30);
        try (Producer<String, byte[]> producer = ConsoleTestEnvironment.producer();
                Browser browser = Browser.start()) {
            try {
                String topic = environment.catalog.alerts();
                Incident incident = new Incident(
                        Incident.SCHEMA_VERSION,
                        id,
                        IncidentAction.OPENED,
                        IncidentRule.FAILED,
                        "shop",
                        "checkout",
                        opened,
                        opened,
                        1,
                        "checkout@1",
                        "checkout failed");
                producer.send(new ProducerRecord<>(topic, id, EventSerdes.INCIDENT.serialize(topic, incident)))
                        .get();

                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver.get("http://localhost:" + port + "/#/incidents?rule=MISSED");
                browser.wait.until(
                        ExpectedConditions.textToBe(By.id("incidents-status"), "No incidents match these filters."));
                await().atMost(DEADLINE)
                        .until(() -> jdbc.sql("SELECT count(*) FROM incidents WHERE id = :id")
                                        .param("id", id)
                                        .query(Long.class)
                                        .single()
                                == 1);
                browser.driver.get("http://localhost:" + port + "/#/incidents?state=OPEN&rule=FAILED");
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("incident-list"), id));
                browser.driver.findElement(By.linkText(id)).click();
                browser.wait.until(
                        ExpectedConditions.textToBePresentInElementLocated(By.id("incident-history"), "OPENED"));
                browser.driver.findElement(By.id("incident-ack")).click();
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm-dialog")));
                assertThat(browser.driver.findElement(By.id("confirm-message")).getText())
                        .contains(id);
                browser.driver.findElement(By.id("confirm-ok")).click();
                browser.wait.until(ExpectedConditions.textToBe(By.id("incident-state"), "OPEN, acknowledged"));
                assertThat(browser.driver.findElement(By.id("incident-facts")).getText())
                        .contains("admin");
                assertThat(browser.driver.findElements(By.id("incident-ack"))).isEmpty();
                browser.screenshot("DashboardBrowserIT-incident");

                browser.driver.get("http://localhost:" + port + "/#/audit?action=INCIDENT_ACK");
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("audit-entries"), id));
                assertThat(browser.driver.findElement(By.id("audit-entries")).getText())
                        .contains("admin");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("DashboardBrowserIT-incidents");
                throw e;
            }
        }
    }

    private static JsonNode scales(Browser browser, String chart, long bucketMs) {
        return Json.mapper().readTree((String) browser.driver.executeScript(SCALES, chart, bucketMs));
    }

    private static void assertOneBucketWide(JsonNode scales) {
        double slot = scales.get("slot").asDouble();
        assertThat(scales.get("barWidth").asDouble())
                .as("a bar is as wide as its bucket, less the gap between bars, and a pixel at least: %s", scales)
                .isBetween(slot / 2, Math.max(slot, MIN_BAR_PX));
    }

    private static String series(Browser browser, String chart, String name) {
        return (String) browser.driver.executeScript(SERIES_DATA, chart, name);
    }

    private static void send(Producer<String, byte[]> producer, RunStats stats) throws Exception {
        producer.send(StatsRecords.record(environment.catalog.stats(), stats)).get();
    }
}
