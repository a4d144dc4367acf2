package io.carillon.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.carillon.testkit.Browser;
import io.carillon.testkit.TestDatabase;
import io.carillon.testkit.TestKafka;
import io.carillon.topics.TopicCatalog;
import io.carillon.worker.CarillonWorker;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TimeoutException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClient;

/**
 * A user's day in a real Chromium against the standalone's real parts (the broker, PostgreSQL, planner, dispatcher
 * and console of one {@link Standalone}) and a real worker of app {@value #APP}: sign in, create a cron job through
 * the form (a bad cron shown at its field, the next fire times previewed), run it now with params and follow its
 * log live, kill a long run, retry a failed one, filter the runs by status through a shared URL, see the worker
 * leave the workers page when it stops, and switch to Chinese. Each step's failure saves a screenshot under
 * {@code target/screenshots}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UserDayBrowserIT {

    private static final String ADMIN_PASSWORD = "user-day-password";
    private static final String APP = "reports";
    private static final String INSTANCE = "reports-worker-1";
    private static final String EXPORT_JOB = "hourly-export";
    private static final String SYNC_JOB = "ledger-sync";
    private static final String IMPORT_JOB = "rates-import";
    private static final String PARAMS = "{\"tables\":3}";
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final Duration PAGE_LOAD = Duration.ofSeconds(5);

    @TempDir
    static Path dataDir;

    private final Semaphore exportSteps = new Semaphore(0);
    private final AtomicInteger importCalls = new AtomicInteger();
    private TestDatabase database;
    private Standalone standalone;
    private CarillonWorker worker;
    private RestClient http;
    private Browser browser;
    private WebDriverWait longWait;

    @BeforeAll
    void startCarillonAWorkerAndABrowser() throws Exception {
        browser = Browser.start();
        longWait = new WebDriverWait(browser.driver, DEADLINE);
        database = TestDatabase.create();
        TopicCatalog catalog = TestKafka.newCatalog(TopicCatalog.DEFAULT_PARTITIONS);
        standalone = SharedInfrastructure.start(database, catalog, dataDir, ADMIN_PASSWORD);
        http = RestClient.builder()
                .baseUrl(base())
                .defaultHeaders(headers -> headers.setBasicAuth("admin", ADMIN_PASSWORD))
                .defaultStatusHandler(HttpStatusCode::isError, (request, response) -> {})
                .build();
        worker = CarillonWorker.builder()
                .bootstrapServers(TestKafka.bootstrapServers())
                .catalog(catalog)
                .app(APP)
                .instanceId(INSTANCE)
                .handler("export", context -> {
                    if (!PARAMS.equals(context.params())) {
                        return "nothing asked";
                    }
                    context.log("exporting 3 tables with " + context.params());
                    exportSteps.acquire();
                    context.log("table 1 of 3 written");
                    exportSteps.acquire();
                    context.log("all 3 tables written");
                    return "exported";
                })
                .handler("sync", context -> {
                    context.log("syncing the ledger until told to stop");
                    new CountDownLatch(1).await();
                    return "never";
                })
                .handler("import", context -> {
                    if (importCalls.getAndIncrement() == 0) {
                        throw new IllegalStateException("the rates file is not there yet");
                    }
                    return "imported";
                })
                .build();
        worker.start();
        createJob(SYNC_JOB, "sync");
        createJob(IMPORT_JOB, "import");
        await().atMost(DEADLINE)
                .until(() -> http.get()
                        .uri("/api/v1/workers")
                        .retrieve()
                        .body(String.class)
                        .contains(INSTANCE));
    }

    @AfterAll
    void stopEverything() throws Exception {
        exportSteps.release(2);
        if (browser != null) {
            browser.close();
        }
        if (worker != null) {
            worker.close();
        }
        if (standalone != null) {
            standalone.close();
        }
        if (database != null) {
            database.close();
        }
    }

    @Test
    void walksThroughAUsersDay() throws Exception {
        try {
            browser.signIn(standalone.port(), "admin", ADMIN_PASSWORD);
            createACronJobThroughTheForm();
            runItNowAndFollowTheLogLive();
            killALongRun();
            retryAFailedRun();
            filterTheRunsByStatusThroughASharedUrl();
            seeTheWorkerLeaveWhenItStops();
            switchToChinese();
        } catch (AssertionError | RuntimeException e) {
            browser.screenshot("UserDayBrowserIT");
            throw e;
        }
    }

    private void createACronJobThroughTheForm() throws Exception {
        browser.driver.findElement(By.cssSelector("nav a[data-nav=jobs]")).click();
        browser.click(By.id("new-job"));
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("job-form")));
        type("f-id", EXPORT_JOB);
        type("f-app", APP);
        type("f-handler", "export");
        type("f-schedule-zone", "UTC");
        type("f-schedule-cron", "0 0 25 * * ?");
        WebElement cronError =
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("f-schedule-cron-error")));
        assertThat(cronError.getText()).as("a bad cron is named at its field").isNotBlank();

        type("f-schedule-cron", "0 0 * * * ?");
        browser.wait.until(ExpectedConditions.textToBe(By.id("preview-per-day"), "Fires 24 times a day."));
        List<WebElement> fires = browser.wait.until(
                ExpectedConditions.numberOfElementsToBe(By.cssSelector("#preview-fires tbody tr"), 10));
        assertThat(fires.get(0).findElements(By.tagName("td")).get(1).getText())
                .matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:00:00 UTC");
        browser.screenshot("UserDayBrowserIT-form");
        browser.driver.findElement(By.id("job-form-save")).click();
        browser.wait.until(ExpectedConditions.urlContains("#/job?id=" + EXPORT_JOB));
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("job-facts"), "0 0 * * * ?"));
    }

    private void runItNowAndFollowTheLogLive() throws Exception {
        runNow(PARAMS);
        openTheNewestRun();
        browser.wait.until(ExpectedConditions.textToBe(By.id("run-log-state"), "live"));
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("run-log"), "exporting 3 tables with " + PARAMS));
        assertThat(text("run-status")).isEqualTo("STARTED");

        exportSteps.release();
        browser.wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("run-log"), "table 1 of 3 written"));
        assertThat(text("run-log")).doesNotContain("all 3 tables written");
        exportSteps.release();
        browser.wait.until(ExpectedConditions.textToBe(By.id("run-log-state"), "complete"));
        browser.wait.until(ExpectedConditions.textToBe(By.id("run-status"), "SUCCEEDED"));
        assertThat(browser.driver.findElements(By.cssSelector("#run-log .log-line")))
                .hasSize(3);
        assertThat(text("run-facts")).contains(EXPORT_JOB).contains("MANUAL").contains("exported");
        browser.screenshot("UserDayBrowserIT-run");
    }

    private void killALongRun() throws Exception {
        browser.driver.get(base() + "/#/job?id=" + SYNC_JOB);
        runNow("");
        openTheNewestRun();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("run-log"), "syncing the ledger"));
        browser.click(By.id("run-kill"));
        WebElement question =
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm-message")));
        assertThat(question.getText()).contains("Kill run").contains(SYNC_JOB);
        browser.driver.findElement(By.id("confirm-ok")).click();
        browser.wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("confirm-message")));
        reloadUntil(ExpectedConditions.textToBe(By.id("run-status"), "KILLED"));
    }

    private void retryAFailedRun() throws Exception {
        browser.driver.get(base() + "/#/job?id=" + IMPORT_JOB);
        runNow("");
        openTheNewestRun();
        reloadUntil(ExpectedConditions.textToBe(By.id("run-status"), "FAILED"));
        assertThat(text("run-facts")).contains("the rates file is not there yet");
        browser.click(By.id("run-retry"));
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("run-notice"), "Retry requested"));
        browser.driver.findElement(By.cssSelector("#run-notice a")).click();
        reloadUntil(ExpectedConditions.textToBe(By.id("run-status"), "SUCCEEDED"));
        assertThat(text("run-facts")).contains(IMPORT_JOB).contains("RETRY").contains("imported");
    }

    private void filterTheRunsByStatusThroughASharedUrl() {
        browser.driver.findElement(By.cssSelector("nav a[data-nav=runs]")).click();
        type("runs-filter-status", "FAILED");
        browser.driver
                .findElement(By.cssSelector("#runs-filters button[type=submit]"))
                .click();
        browser.wait.until(ExpectedConditions.urlContains("status=FAILED"));
        String shared = browser.driver.getCurrentUrl();

        browser.driver.get("about:blank");
        browser.driver.get(shared);
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("run-list"), IMPORT_JOB));
        assertThat(browser.driver.findElement(By.id("runs-filter-status")).getAttribute("value"))
                .isEqualTo("FAILED");
        assertThat(text("run-list"))
                .doesNotContain(EXPORT_JOB)
                .doesNotContain(SYNC_JOB)
                .doesNotContain("SUCCEEDED");
    }

    private void seeTheWorkerLeaveWhenItStops() {
        browser.driver.findElement(By.cssSelector("nav a[data-nav=workers]")).click();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("worker-list"), INSTANCE));

        worker.close();
        reloadUntil(driver -> {
            String workers = driver.findElement(By.id("worker-list")).getText();
            return workers.contains("demo") && !workers.contains(INSTANCE) ? workers : null;
        });
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("app-list"), APP));
    }

    private void switchToChinese() throws Exception {
        new Select(browser.driver.findElement(By.id("language"))).selectByValue("zh-CN");
        browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("nav a[data-nav=jobs]"), "任务"));
        assertThat(browser.driver
                        .findElement(By.cssSelector("nav a[data-nav=runs]"))
                        .getText())
                .isEqualTo("运行记录");
        browser.driver.get(base() + "/#/runs?status=FAILED");
        browser.wait.until(ExpectedConditions.textMatches(By.id("runs-status"), Pattern.compile("显示 \\d+ 条运行记录")));
        browser.screenshot("UserDayBrowserIT-zh-CN");
    }

    private void runNow(String params) {
        browser.wait.ignoring(StaleElementReferenceException.class).until(driver -> {
            driver.findElement(By.cssSelector("#job-actions [data-action=run]")).click();
            return true;
        });
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("action-dialog")));
        if (!params.isEmpty()) {
            type("action-params", params);
        }
        browser.driver.findElement(By.id("action-ok")).click();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("job-notice"), "Run requested"));
    }

    /** Reloads the job page until it lists a MANUAL run, and opens that run. */
    private void openTheNewestRun() {
        WebElement link = reloadUntil(driver -> driver.findElements(By.cssSelector("#job-runs tbody tr")).stream()
                .filter(row -> row.getText().contains("MANUAL"))
                .findFirst()
                .map(row -> row.findElement(By.tagName("a")))
                .orElse(null));
        link.click();
        browser.wait.until(ExpectedConditions.urlContains("#/run?id="));
    }

    /** Reloads the page until {@code condition} holds within a few seconds of a load, at most {@link #DEADLINE}. */
    private <T> T reloadUntil(Function<WebDriver, T> condition) {
        WebDriverWait afterLoad = new WebDriverWait(browser.driver, PAGE_LOAD);
        return longWait.until(driver -> {
            driver.navigate().refresh();
            try {
                return afterLoad.ignoring(StaleElementReferenceException.class).until(condition);
            } catch (TimeoutException e) {
                return null;
            }
        });
    }

    private void createJob(String id, String handler) {
        var response = http.post()
                .uri("/api/v1/jobs")
                .contentType(MediaType.APPLICATION_JSON)
                .body(Map.of("id", id, "app", APP, "handler", handler, "schedule", Map.of("type", "NONE")))
                .retrieve()
                .toEntity(String.class);
        assertThat(response.getStatusCode().value()).as(response.getBody()).isEqualTo(201);
    }

    private void type(String id, String text) {
        WebElement input = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id(id)));
        input.clear();
        input.sendKeys(text);
    }

    private String text(String id) {
        return browser.driver.findElement(By.id(id)).getText();
    }

    private String base() {
        return "http://localhost:" + standalone.port();
    }
}
