package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import io.carillon.topics.Json;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
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
 * and the lateness lines have the exact p50 and p99 of each minute with runs and break elsewhere.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class DashboardChartsBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final long MINUTE_MS = Duration.ofMinutes(1).toMillis();
    private static final long DAY_MS = Duration.ofDays(1).toMillis();
    private static final int DAYS = 14;
    private static final Duration RANGE = Duration.ofHours(6);
    /** The pixels a drawn place may be off from where its value puts it. */
    private static final double PIXEL = 1.5;

    /**
     * What a chart draws, from its ECharts instance: the x axis' extent, the pixels of one bucket and of one unit of
     * y, the legend, and per series its name, slots and the drawn points holding a value (x and y in data; a bar's
     * left, base, height and width, a line's symbol in pixels).
     */
    private static final String DRAWN = """
            const chart = echarts.getInstanceByDom(document.getElementById(arguments[0]));
            const bucketMs = arguments[1];
            const model = chart.getModel();
            const extent = model.getComponent('xAxis', 0).axis.scale.getExtent();
            const px = value => chart.convertToPixel({ xAxisIndex: 0 }, value);
            const py = value => chart.convertToPixel({ yAxisIndex: 0 }, value);
            const series = model.getSeries().map(s => {
              const data = s.getData();
              const points = [];
              for (let i = 0; i < data.count(); i++) {
                const x = data.get(data.mapDimension('x'), i);
                const y = data.get(data.mapDimension('y'), i);
                if (y == null || isNaN(y) || y === 0) continue;
                if (s.subType === 'bar') {
                  const layout = data.getItemLayout(i);
                  points.push({ x, y, left: layout.x, base: layout.y, height: layout.height, width: layout.width });
                } else {
                  const symbol = data.getItemGraphicEl(i);
                  points.push({ x, y, px: symbol.x, py: symbol.y });
                }
              }
              return { name: s.name, type: s.subType, slots: data.count(), points };
            });
            return JSON.stringify({ from: extent[0], to: extent[1], slotPx: px(extent[0] + bucketMs) - px(extent[0]),
              unitPx: py(0) - py(1), zeroPx: py(0), series, legend: chart.getOption().legend[0].data,
              xs: [extent[0], extent[0] + bucketMs / 2].map(px) });
            """;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    private final Clock clock = Clock.systemUTC();
    private final List<Seed> seeds = new ArrayList<>();

    /** A seeded run: its status, scheduled time and lateness. */
    private record Seed(String status, Instant scheduledAt, long latenessMs) {}

    @Test
    void drawsEveryStatusStackedPerDayAndMinuteAndTheLatenessLines() throws Exception {
        Instant today = clock.instant().truncatedTo(ChronoUnit.DAYS);
        seed("SUCCEEDED", today.minus(Duration.ofDays(5)).plus(Duration.ofHours(3)), 3, 10);
        seed("FAILED", today.minus(Duration.ofDays(5)).plus(Duration.ofHours(4)), 1, 10);
        seed("TIMED_OUT", today.minus(Duration.ofDays(3)).plus(Duration.ofHours(9)), 2, 10);
        seed("SUCCEEDED", today.minus(Duration.ofDays(3)).plus(Duration.ofHours(10)), 1, 10);
        seed("FAILED", today.minus(Duration.ofDays(2)).plus(Duration.ofHours(1)), 2, 10);
        seed("LOST", today.minus(Duration.ofDays(2)).plus(Duration.ofHours(2)), 1, 10);
        Instant recent = clock.instant().truncatedTo(ChronoUnit.MINUTES);
        seed("SUCCEEDED", recent.minus(Duration.ofMinutes(30)).plusSeconds(5), 4, 20);
        seed("FAILED", recent.minus(Duration.ofMinutes(30)).plusSeconds(10), 1, 400);
        seed("SUCCEEDED", recent.minus(Duration.ofMinutes(12)).plusSeconds(1), 2, 60);
        seed("TIMED_OUT", recent.minus(Duration.ofMinutes(12)).plusSeconds(2), 1, 90);

        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                        By.id("chart-days-source"), "from the runs table"));

                JsonNode days = drawn(browser, "chart-days", DAY_MS);
                assertSpan(days, DAYS * DAY_MS, DAY_MS);
                assertStacked(days, DAY_MS, counts(DAY_MS));

                JsonNode minutes = drawn(browser, "chart-minutes", MINUTE_MS);
                assertSpan(minutes, RANGE.toMillis(), MINUTE_MS);
                assertStacked(minutes, MINUTE_MS, counts(MINUTE_MS));

                JsonNode lateness = drawn(browser, "chart-lateness", MINUTE_MS);
                assertSpan(lateness, RANGE.toMillis(), MINUTE_MS);
                assertLine(lateness, "p50", Map.of(middle(recent, 30), 20L, middle(recent, 12), 60L));
                assertLine(lateness, "p99", Map.of(middle(recent, 30), 400L, middle(recent, 12), 90L));
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

    private static void assertSpan(JsonNode chart, long spanMs, long bucketMs) {
        long from = chart.get("from").asLong();
        long to = chart.get("to").asLong();
        assertThat(to - from).as("the axis spans exactly the range: %s", chart).isEqualTo(spanMs);
        assertThat(to % bucketMs).as("the axis ends at a bucket's end").isZero();
        for (JsonNode series : chart.get("series")) {
            assertThat(series.get("slots").asLong())
                    .as("a slot per bucket in %s", series.get("name"))
                    .isEqualTo(spanMs / bucketMs);
        }
    }

    /** Asserts that {@code expected} (bucket middle → status → runs) is drawn as bars stacked per bucket. */
    private static void assertStacked(JsonNode chart, long bucketMs, Map<Long, Map<String, Long>> expected) {
        Map<Long, Map<String, Long>> drawn = new TreeMap<>();
        Map<Long, List<JsonNode>> bars = new TreeMap<>();
        for (JsonNode series : chart.get("series")) {
            assertThat(series.get("type").asString()).isEqualTo("bar");
            for (JsonNode point : series.get("points")) {
                drawn.computeIfAbsent(point.get("x").asLong(), x -> new TreeMap<>())
                        .put(series.get("name").asString(), point.get("y").asLong());
                bars.computeIfAbsent(point.get("x").asLong(), x -> new ArrayList<>())
                        .add(point);
            }
        }
        assertThat(drawn).as("the runs of each bucket by status: %s", chart).isEqualTo(expected);
        List<String> names = new ArrayList<>();
        chart.get("series").forEach(series -> names.add(series.get("name").asString()));
        List<String> legend = new ArrayList<>();
        chart.get("legend").forEach(name -> legend.add(name.asString()));
        assertThat(legend).as("the legend names every series").isEqualTo(names);
        double slotPx = chart.get("slotPx").asDouble();
        double unitPx = chart.get("unitPx").asDouble();
        double zeroPx = chart.get("zeroPx").asDouble();
        double originPx = chart.get("xs").get(0).asDouble();
        long from = chart.get("from").asLong();
        bars.forEach((x, stack) -> {
            double base = zeroPx;
            for (JsonNode bar : stack) {
                double centre = bar.get("left").asDouble() + bar.get("width").asDouble() / 2;
                assertThat(centre)
                        .as("a bar stands in the middle of its bucket: %s", bar)
                        .isCloseTo(originPx + (x - from) * slotPx / bucketMs, within(PIXEL));
                assertThat(Math.abs(bar.get("width").asDouble()))
                        .as("a bar is about as wide as its bucket: %s (slot %s px)", bar, slotPx)
                        .isBetween(Math.min(slotPx / 2, 1.0), Math.max(slotPx, 1.0));
                assertThat(bar.get("base").asDouble())
                        .as("a bar stands on the one below it: %s", bar)
                        .isCloseTo(base, within(PIXEL));
                assertThat(-bar.get("height").asDouble())
                        .as("a bar is as high as its runs: %s", bar)
                        .isCloseTo(bar.get("y").asDouble() * unitPx, within(PIXEL));
                base += bar.get("height").asDouble();
            }
        });
    }

    private static void assertLine(JsonNode chart, String name, Map<Long, Long> expected) {
        JsonNode series = null;
        for (JsonNode candidate : chart.get("series")) {
            if (candidate.get("name").asString().equals(name)) {
                series = candidate;
            }
        }
        assertThat(series).as("the series %s in %s", name, chart).isNotNull();
        Map<Long, Long> drawn = new TreeMap<>();
        for (JsonNode point : series.get("points")) {
            drawn.put(point.get("x").asLong(), point.get("y").asLong());
            assertThat(point.get("py").asDouble())
                    .as("a point of %s is drawn at its value: %s", name, point)
                    .isCloseTo(
                            chart.get("zeroPx").asDouble()
                                    - point.get("y").asDouble()
                                            * chart.get("unitPx").asDouble(),
                            within(PIXEL));
        }
        assertThat(drawn).isEqualTo(new TreeMap<>(expected));
    }

    /** The seeded runs of the last {@link #RANGE} (minute buckets) or days, by bucket middle and status. */
    private Map<Long, Map<String, Long>> counts(long bucketMs) {
        Instant since = bucketMs == DAY_MS
                ? Instant.EPOCH
                : clock.instant()
                        .truncatedTo(ChronoUnit.MINUTES)
                        .plus(Duration.ofMinutes(1))
                        .minus(RANGE);
        return seeds.stream()
                .filter(seed -> !seed.scheduledAt().isBefore(since))
                .collect(Collectors.groupingBy(
                        seed -> seed.scheduledAt().toEpochMilli() / bucketMs * bucketMs + bucketMs / 2,
                        TreeMap::new,
                        Collectors.groupingBy(Seed::status, TreeMap::new, Collectors.counting())));
    }

    private static JsonNode drawn(Browser browser, String chart, long bucketMs) {
        return Json.mapper().readTree((String) browser.driver.executeScript(DRAWN, chart, bucketMs));
    }

    private void seed(String status, Instant scheduledAt, int runs, long latenessMs) {
        for (int i = 0; i < runs; i++) {
            Seed seed = new Seed(status, scheduledAt, latenessMs);
            seeds.add(seed);
            String runId = "job-" + seeds.size() + "@1#0";
            jdbc.sql("INSERT INTO runs (run_id, fire_id, job_id, app, kind, attempt, shard_index, shard_total, status,"
                            + " scheduled_at, started_at, finished_at, updated_at) VALUES (:runId, :fireId, :jobId,"
                            + " 'shop', 'SCHEDULED', 1, 0, 1, :status, :scheduledAt, :startedAt, :startedAt,"
                            + " :startedAt)")
                    .param("runId", runId)
                    .param("fireId", runId.substring(0, runId.lastIndexOf('#')))
                    .param("jobId", "job-" + seeds.size())
                    .param("status", status)
                    .param("scheduledAt", Timestamp.from(scheduledAt))
                    .param("startedAt", Timestamp.from(scheduledAt.plusMillis(latenessMs)))
                    .update();
        }
    }
}
