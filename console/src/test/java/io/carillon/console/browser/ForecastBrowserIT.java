package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;
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

/**
 * A user sees on the dashboard the busiest minute of the next 24 hours (three jobs due at midnight), follows it to
 * the forecast page, which names the three jobs and suggests a jitter, finds there the grid of the past 24 hours'
 * runs, one row per job with its cells coloured by status, and opens a failed run from its cell; then the same in
 * Chinese. With {@value #DOCS_SCREENSHOTS} set, the dashboard's and the forecast's screenshots go to {@code docs/}
 * for the README's tour.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ForecastBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final List<String> MIDNIGHT_JOBS = List.of("orders", "invoices", "stock");
    private static final String FAILED_RUN = "orders@1#0";
    private static final long CREATED = 201;
    private static final String DASHBOARD_SHOT = "console-dashboard";
    private static final String FORECAST_SHOT = "console-forecast";
    /** Set (-Dcarillon.docs.screenshots), the test writes its screenshots to the docs, which the README shows. */
    private static final String DOCS_SCREENSHOTS = "carillon.docs.screenshots";

    private static final Path DOCS = Path.of("..", "docs");

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
    void showsTheBusiestMinutesAndThePastDaysRunsThatOpen() throws Exception {
        Instant now = clock.instant();
        run(FAILED_RUN, "FAILED", now.minus(Duration.ofHours(3)));
        run("orders@2#0", "SUCCEEDED", now.minus(Duration.ofHours(2)));
        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                for (String job : MIDNIGHT_JOBS) {
                    assertThat(ConsoleRequests.post(browser, "api/v1/jobs", """
                                    {"id": "%s", "app": "shop", "handler": "close-day",
                                     "schedule": {"type": "CRON", "cron": "0 0 0 * * ?", "zone": "UTC"}}""".formatted(job)))
                            .isEqualTo(CREATED);
                }
                browser.driver.get("http://localhost:" + port + "/#/dashboard");
                browser.driver.navigate().refresh();
                browser.wait.until(ExpectedConditions.textMatches(
                        By.id("dashboard-peaks"), Pattern.compile("\\d\\d:\\d\\d: 3 fires from 3 jobs")));
                browser.screenshot(DASHBOARD_SHOT);
                browser.click(By.cssSelector("#dashboard-peaks a"));
                browser.wait.until(ExpectedConditions.urlContains("#/forecast"));
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                        By.id("forecast-peaks"),
                        "3 of these jobs have no jitter: a jitter (jitterMs) of a minute or so spreads their fires."));
                assertThat(browser.driver.findElement(By.id("forecast-peaks")).getText())
                        .as("the peak names its jobs")
                        .contains(MIDNIGHT_JOBS);

                By failedCell = By.cssSelector("#past-grid tr[data-job='orders'] a.cell-FAILED");
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(failedCell));
                assertThat(browser.driver
                                .findElements(By.cssSelector("#past-grid tr[data-job='orders'] a.cell-SUCCEEDED"))
                                .size())
                        .isEqualTo(1);
                assertThat(browser.driver.findElements(By.cssSelector("#past-grid tbody tr")))
                        .as("only jobs with runs in the past 24 hours have a row")
                        .hasSize(1);
                assertThat(browser.driver.findElement(failedCell).getDomAttribute("aria-label"))
                        .matches("\\d\\d:\\d\\d: 1 run, FAILED");
                browser.screenshot(FORECAST_SHOT);
                copyToDocs();
                browser.click(failedCell);
                browser.wait.until(ExpectedConditions.textToBe(By.id("run-title"), FAILED_RUN));

                browser.driver.executeScript("localStorage.setItem('carillon.language', 'zh-CN');");
                browser.driver.get("http://localhost:" + port + "/#/dashboard");
                browser.driver.navigate().refresh();
                browser.wait.until(ExpectedConditions.textMatches(
                        By.id("dashboard-peaks"), Pattern.compile("\\d\\d:\\d\\d：3 个任务共触发 3 次")));
                browser.driver.get("http://localhost:" + port + "/#/forecast");
                browser.wait.until(
                        ExpectedConditions.textToBePresentInElementLocated(By.id("forecast-peaks"), "其中 3 个任务没有随机延迟"));
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(failedCell));
                assertThat(browser.driver.findElement(failedCell).getDomAttribute("aria-label"))
                        .matches("\\d\\d:\\d\\d：1 次运行，失败");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("ForecastBrowserIT");
                throw e;
            }
        }
    }

    private static void copyToDocs() throws IOException {
        if (System.getProperty(DOCS_SCREENSHOTS) == null) {
            return;
        }
        for (String shot : List.of(DASHBOARD_SHOT, FORECAST_SHOT)) {
            Files.copy(
                    Path.of("target", "screenshots", shot + ".png"),
                    DOCS.resolve(shot + ".png"),
                    StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private void run(String runId, String status, Instant scheduledAt) {
        jdbc.sql("INSERT INTO runs (run_id, fire_id, job_id, app, kind, attempt, shard_index, shard_total, status,"
                        + " scheduled_at, updated_at) VALUES (:runId, :fireId, 'orders', 'shop', 'SCHEDULED', 1, 0, 1,"
                        + " :status, :scheduledAt, :scheduledAt)")
                .param("runId", runId)
                .param("fireId", runId.substring(0, runId.lastIndexOf('#')))
                .param("status", status)
                .param("scheduledAt", Timestamp.from(scheduledAt))
                .update();
    }
}
