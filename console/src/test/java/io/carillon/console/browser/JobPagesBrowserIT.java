package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/**
 * A user in a real Chromium works with jobs: creates a cron job through the form (a bad cron shows its error at the
 * field, a cron that fires every second of an hour asks for confirmation, the preview shows the next fires), runs it
 * now with params and sees the run, backfills a range after seeing how many fires it makes and sees the runs, pauses
 * and resumes it with a reason, reads its change history, edits and copies it; and disables three jobs in one batch
 * from the list, then sees the list and the form in Chinese.
 * The console runs no planner or worker: {@link PlannerAndWorkerStandIn} answers its requests with the results a
 * worker would write.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class JobPagesBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final String JOB = "hourly-report";
    private static final String APP = "reports";
    private static final String HANDLER = "report";
    private static final String CRON = "0 0 * * * ?";
    private static final String PARAMS = "--region=eu --dry";
    private static final int BACKFILL_HOURS = 3;

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    private final Clock clock = Clock.systemUTC();

    @Test
    void createsACronJobThroughTheFormThenRunsBackfillsPausesAndResumesIt() throws Exception {
        try (PlannerAndWorkerStandIn standIn = new PlannerAndWorkerStandIn(environment.catalog);
                Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver
                        .findElement(By.cssSelector("nav a[data-nav=jobs]"))
                        .click();
                createThroughTheForm(browser);
                runNowWithParams(browser, standIn);
                backfill(browser, standIn);
                pauseAndResume(browser, standIn);
                browser.wait.until(
                        ExpectedConditions.textToBePresentInElementLocated(By.id("job-history"), "JOB_RESUME"));
                assertThat(text(browser, "job-history")).contains("JOB_CREATE", "JOB_RUN", "JOB_BACKFILL", "JOB_PAUSE");
                browser.screenshot("JobPagesBrowserIT-job");
                editAndCopy(browser);
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("JobPagesBrowserIT");
                throw e;
            }
        }
    }

    private void createThroughTheForm(Browser browser) throws IOException {
        browser.wait
                .until(ExpectedConditions.elementToBeClickable(By.id("new-job")))
                .click();
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("job-form")));
        type(browser, "f-id", JOB);
        type(browser, "f-app", APP);
        type(browser, "f-handler", HANDLER);
        type(browser, "f-schedule-zone", "UTC");

        type(browser, "f-schedule-cron", "0 0 25 * * ?");
        WebElement cronError =
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("f-schedule-cron-error")));
        assertThat(cronError.getText())
                .as("the preview names the bad cron at its field")
                .isNotBlank();
        browser.driver.findElement(By.id("job-form-save")).click();
        browser.wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("job-form-error"), "One field needs a fix"));
        assertThat(browser.driver.findElement(By.id("f-schedule-cron-error")).getText())
                .isNotBlank();
        assertThat(browser.driver.getCurrentUrl()).contains("#/job-new");

        type(browser, "f-schedule-cron", "* * 9 * * ?");
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("preview-warning")));
        assertThat(text(browser, "preview-per-day")).isEqualTo("Fires 3600 times a day.");
        browser.driver.findElement(By.id("job-form-save")).click();
        WebElement question =
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm-message")));
        assertThat(question.getText()).contains("fires 3600 times a day");
        browser.driver
                .findElement(By.cssSelector("#confirm-dialog button[value=cancel]"))
                .click();
        browser.wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("confirm-message")));
        assertThat(browser.driver.getCurrentUrl()).as("nothing saved").contains("#/job-new");

        type(browser, "f-schedule-cron", CRON);
        browser.wait.until(ExpectedConditions.textToBe(By.id("preview-per-day"), "Fires 24 times a day."));
        List<WebElement> fires = browser.wait.until(
                ExpectedConditions.numberOfElementsToBe(By.cssSelector("#preview-fires tbody tr"), 10));
        assertThat(fires.get(0).findElements(By.tagName("td")).get(1).getText())
                .matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:00:00 UTC");
        assertThat(text(browser, "preview-words")).isNotBlank();
        assertThat(browser.driver.findElement(By.id("preview-warning")).isDisplayed())
                .isFalse();
        browser.screenshot("JobPagesBrowserIT-form");

        browser.driver.findElement(By.id("job-form-save")).click();
        browser.wait.until(ExpectedConditions.urlContains("#/job?id=" + JOB));
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("job-facts"), CRON));
        assertThat(browser.driver.findElements(By.cssSelector("#job-fires tbody tr")))
                .hasSize(10);
    }

    private void runNowWithParams(Browser browser, PlannerAndWorkerStandIn standIn) throws Exception {
        action(browser, "run");
        type(browser, "action-params", PARAMS);
        browser.driver.findElement(By.id("action-ok")).click();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("job-notice"), "Run requested"));

        JobRequest request = standIn.answerNext(RequestType.RUN_NOW, APP, HANDLER, null);
        assertThat(request.params()).isEqualTo(PARAMS);
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("job-runs"), "MANUAL"));
        WebElement run = browser.driver.findElement(By.cssSelector("#job-runs tbody tr"));
        assertThat(run.getText()).contains("SUCCEEDED").contains("1.5 s");

        browser.wait.ignoring(StaleElementReferenceException.class).until(driver -> {
            driver.findElement(By.cssSelector("#job-runs tbody tr a")).click();
            return true;
        });
        browser.wait.until(ExpectedConditions.textToBe(By.id("run-status"), "SUCCEEDED"));
        assertThat(text(browser, "run-facts")).contains(JOB).contains("MANUAL");
        browser.driver.navigate().back();
        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector("[data-action=backfill]")));
    }

    private void backfill(Browser browser, PlannerAndWorkerStandIn standIn) throws Exception {
        Instant hour = clock.instant().truncatedTo(ChronoUnit.HOURS);
        Instant from = hour.minus(BACKFILL_HOURS, ChronoUnit.HOURS);
        Instant to = hour.minus(1, ChronoUnit.HOURS);
        action(browser, "backfill");
        setInstant(browser, "action-from", from);
        setInstant(browser, "action-to", to);
        browser.driver.findElement(By.id("action-ok")).click();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("action-summary"), "This backfill makes " + BACKFILL_HOURS + " fires"));
        assertThat(text(browser, "action-ok")).isEqualTo("Backfill " + BACKFILL_HOURS + " fires");
        browser.driver.findElement(By.id("action-ok")).click();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("job-notice"), "Backfill of " + BACKFILL_HOURS + " fires requested"));

        JobRequest request = standIn.answerNext(RequestType.BACKFILL, APP, HANDLER, Schedule.cron(CRON, "UTC"));
        assertThat(request.from()).isEqualTo(from);
        assertThat(request.to()).isEqualTo(to);
        browser.wait.until(driver -> driver.findElements(By.cssSelector("#job-runs tbody tr")).stream()
                        .filter(row -> row.getText().contains("BACKFILL"))
                        .count()
                == BACKFILL_HOURS);
    }

    private void pauseAndResume(Browser browser, PlannerAndWorkerStandIn standIn) {
        action(browser, "pause");
        type(browser, "action-reason", "the warehouse is migrating");
        browser.driver.findElement(By.id("action-ok")).click();
        browser.wait.until(ExpectedConditions.textToBe(By.id("job-state"), "paused"));
        assertThat(text(browser, "job-pause"))
                .contains("the warehouse is migrating")
                .contains("admin");
        assertThat(standIn.next().type()).isEqualTo(RequestType.PAUSE);

        action(browser, "resume");
        type(browser, "action-reason", "migration done");
        browser.driver.findElement(By.id("action-ok")).click();
        browser.wait.until(ExpectedConditions.textToBe(By.id("job-state"), "enabled"));
        assertThat(browser.driver.findElement(By.id("job-pause")).isDisplayed()).isFalse();
        assertThat(standIn.next().type()).isEqualTo(RequestType.RESUME);
    }

    private void editAndCopy(Browser browser) {
        action(browser, "edit");
        browser.wait.until(ExpectedConditions.attributeToBe(By.id("f-schedule-cron"), "value", CRON));
        assertThat(browser.driver.findElement(By.id("f-id")).getAttribute("readonly"))
                .isNotNull();
        type(browser, "f-description", "the hourly sales report");
        browser.driver.findElement(By.id("job-form-save")).click();
        browser.wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("job-facts"), "the hourly sales report"));
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("job-history"), "JOB_UPDATE"));

        action(browser, "copy");
        browser.wait.until(ExpectedConditions.attributeToBe(By.id("f-id"), "value", JOB + "-copy"));
        assertThat(browser.driver.findElement(By.id("f-schedule-cron")).getAttribute("value"))
                .isEqualTo(CRON);
        browser.driver.findElement(By.id("job-form-save")).click();
        browser.wait.until(ExpectedConditions.urlContains("#/job?id=" + JOB + "-copy"));
        browser.wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("job-facts"), "the hourly sales report"));
        assertThat(text(browser, "job-title")).isEqualTo(JOB + "-copy");
    }

    @Test
    void disablesThreeJobsInOneBatch() throws Exception {
        RestClient admin = RestClient.builder()
                .baseUrl("http://localhost:" + port)
                .defaultHeaders(headers -> headers.setBasicAuth("admin", ConsoleTestEnvironment.ADMIN_PASSWORD))
                .defaultHeader("Content-Type", "application/json")
                .build();
        List<String> batch = List.of("batch-a", "batch-b", "batch-c");
        for (String id : List.of("batch-a", "batch-b", "batch-c", "batch-kept")) {
            admin.post().uri("/api/v1/jobs").body("""
                    {"id": "%s", "app": "batch", "handler": "echo", "schedule": {"type": "NONE"}}""".formatted(id)).retrieve().toBodilessEntity();
        }
        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver
                        .findElement(By.cssSelector("nav a[data-nav=jobs]"))
                        .click();
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(
                        By.cssSelector("#jobs input[data-job=batch-kept]")));
                for (String id : batch) {
                    browser.wait.ignoring(StaleElementReferenceException.class).until(driver -> {
                        driver.findElement(By.cssSelector("#jobs input[data-job=" + id + "]"))
                                .click();
                        return true;
                    });
                }
                browser.wait.until(ExpectedConditions.textToBe(By.id("batch-count"), "3 jobs selected"));
                browser.driver
                        .findElement(By.cssSelector("#batch-bar [data-batch=DISABLE]"))
                        .click();
                WebElement question =
                        browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm-message")));
                assertThat(question.getText())
                        .contains("Disable 3 jobs?")
                        .contains(batch)
                        .doesNotContain("batch-kept");
                browser.driver.findElement(By.id("confirm-ok")).click();

                browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#batch-outcomes li"), 3));
                assertThat(browser.driver.findElements(By.cssSelector("#batch-outcomes li.outcome-OK")))
                        .hasSize(3);
                assertThat(text(browser, "batch-summary")).isEqualTo("Disable: 3 of 3 done.");
                for (String id : batch) {
                    browser.wait
                            .ignoring(StaleElementReferenceException.class)
                            .until(driver -> "no"
                                    .equals(driver.findElement(
                                                    By.cssSelector("#jobs tr[data-job=" + id + "] td.enabled"))
                                            .getDomProperty("textContent")));
                    assertThat(admin.get().uri("/api/v1/jobs/" + id).retrieve().body(String.class))
                            .contains("\"enabled\":false");
                }
                assertThat(text(browser, "jobs")).contains("batch-kept");
                assertThat(browser.driver
                                .findElement(By.cssSelector("#jobs tr[data-job=batch-kept] td.enabled"))
                                .getDomProperty("textContent"))
                        .as("in the Enabled column, which the list hides until chosen")
                        .isEqualTo("yes");

                new Select(browser.driver.findElement(By.id("jobs-filter-enabled"))).selectByValue("false");
                browser.driver
                        .findElement(By.cssSelector("#jobs-filters button[type=submit]"))
                        .click();
                browser.wait.until(ExpectedConditions.urlContains("enabled=false"));
                String shared = browser.driver.getCurrentUrl();
                browser.driver.navigate().refresh();
                browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#jobs tbody tr"), 3));
                assertThat(browser.driver.getCurrentUrl()).isEqualTo(shared);
                assertThat(text(browser, "jobs")).contains(batch).doesNotContain("batch-kept");
                assertThat(new Select(browser.driver.findElement(By.id("jobs-filter-enabled")))
                                .getFirstSelectedOption()
                                .getAttribute("value"))
                        .isEqualTo("false");

                new Select(browser.driver.findElement(By.id("language"))).selectByValue("zh-CN");
                browser.wait.until(ExpectedConditions.textToBe(By.id("new-job"), "新建任务"));
                browser.driver.findElement(By.id("new-job")).click();
                browser.wait.until(ExpectedConditions.textToBe(
                        By.cssSelector("[data-field='schedule.cron'] .field-label"), "Cron 表达式"));
                assertThat(text(browser, "job-form-save")).isEqualTo("保存任务");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("JobPagesBrowserIT-batch");
                throw e;
            }
        }
    }

    /** Clicks an action of the job page; waits for its dialog when it opens one. */
    private static void action(Browser browser, String action) {
        browser.wait.ignoring(StaleElementReferenceException.class).until(driver -> {
            driver.findElement(By.cssSelector("#job-actions [data-action=" + action + "]"))
                    .click();
            return true;
        });
        if (!action.equals("edit") && !action.equals("copy")) {
            browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("action-dialog")));
        }
    }

    private static void type(Browser browser, String id, String text) {
        WebElement input = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id(id)));
        input.clear();
        input.sendKeys(text);
    }

    /** Sets a datetime-local input to {@code at} in the browser's zone, as a user picking it would. */
    private static void setInstant(Browser browser, String id, Instant at) {
        browser.driver.executeScript("""
                const input = document.getElementById(arguments[0]);
                const at = new Date(arguments[1]);
                input.value = new Date(at.getTime() - at.getTimezoneOffset() * 60000).toISOString().substring(0, 19);
                input.dispatchEvent(new Event('input', { bubbles: true }));""", id, at.toString());
    }

    private static String text(Browser browser, String id) {
        return browser.driver.findElement(By.id(id)).getText();
    }
}
