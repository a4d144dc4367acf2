package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.Json;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * A user fills the job form with what live workers offer: the app and handler from their heartbeats (another app
 * allowed and saved, with a note), the zone from the list of IANA zones with the browser's own first, and durations
 * with units that the API gets in milliseconds; and builds a cron from choices (every N seconds, weekdays at,
 * monthly on, or by hand), seeing it previewed with its next fires and the fires-a-day warning, in English and in
 * Chinese (the schedule in Chinese words).
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class JobFormBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final String APP = "shop";
    /** An app no worker of this test runs. */
    private static final String UNSEEN_APP = "reports";

    private static final long HEARTBEAT_INTERVAL_MS = Duration.ofMinutes(5).toMillis();
    private static final String FETCH_JOB = "const done = arguments[arguments.length - 1];"
            + " fetch('api/v1/jobs/' + arguments[0]).then(answer => answer.text()).then(done);";
    private static final String SET_VALUE = "const input = document.getElementById(arguments[0]);"
            + " input.value = arguments[1]; input.dispatchEvent(new Event('input', { bubbles: true }));";
    private static final String WEEKDAYS_AT_0930 = "0 30 9 ? * MON-FRI";
    private static final String MONTHLY_15_AT_0200 = "0 0 2 15 * ?";
    private static final int FIRES_SHOWN = 10;
    private static final String OPTIONS =
            "return [...document.getElementById(arguments[0]).options]" + ".map(option => option.value);";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    private final Clock clock = Clock.systemUTC();

    @Test
    void offersWhatLiveWorkersRunAndTakesDurationsWithUnits() throws Exception {
        try (Producer<String, byte[]> producer = ConsoleTestEnvironment.producer();
                Browser browser = Browser.start()) {
            try {
                beat(producer, "shop-1", "export", "import");
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.wait.until(driver -> {
                    driver.get("http://localhost:" + port + "/#/job-new");
                    driver.navigate().refresh();
                    return options(browser, "f-app-options").contains(APP);
                });

                type(browser, "f-app", "elsewhere");
                browser.wait.until(
                        ExpectedConditions.textToBe(By.id("f-app-note"), "No live worker runs this app yet."));
                type(browser, "f-app", APP);
                browser.wait.until(ExpectedConditions.textToBe(By.id("f-app-note"), ""));
                assertThat(options(browser, "f-handler-options")).containsExactly("export", "import");
                type(browser, "f-handler", "export");

                String ownZone = (String)
                        browser.driver.executeScript("return Intl.DateTimeFormat().resolvedOptions().timeZone;");
                List<String> zones = options(browser, "f-schedule-zone-options");
                assertThat(zones.get(0)).as("the browser's zone first").isEqualTo(ownZone);
                assertThat(zones).contains("Asia/Shanghai", "America/New_York", "UTC");

                type(browser, "f-id", "export-often");
                new Select(browser.driver.findElement(By.id("f-schedule-type"))).selectByValue("FIXED_RATE");
                type(browser, "f-schedule-intervalMs", "5 minutes");
                browser.driver.findElement(By.id("f-timeoutMs")).click();
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                        By.id("f-schedule-intervalMs-error"), "is not a duration"));
                type(browser, "f-schedule-intervalMs", "5m");
                type(browser, "f-timeoutMs", "1h30m");
                type(browser, "f-retry-backoffMs", "30s");
                browser.wait.until(ExpectedConditions.textToBe(By.id("preview-per-day"), "Fires 288 times a day."));
                browser.driver.findElement(By.id("job-form-save")).click();
                browser.wait.until(ExpectedConditions.urlContains("#/job?id=export-often"));

                JsonNode job =
                        Json.mapper().readTree((String) browser.driver.executeAsyncScript(FETCH_JOB, "export-often"));
                assertThat(job.get("app").asString()).isEqualTo(APP);
                assertThat(job.get("schedule").get("intervalMs").asLong()).isEqualTo(300_000);
                assertThat(job.get("timeoutMs").asLong()).isEqualTo(5_400_000);
                assertThat(job.get("retry").get("backoffMs").asLong()).isEqualTo(30_000);

                browser.driver.get("http://localhost:" + port + "/#/job-edit?id=export-often");
                browser.wait.until(driver -> "5m"
                        .equals(driver.findElement(By.id("f-schedule-intervalMs"))
                                .getDomProperty("value")));
                assertThat(browser.driver.findElement(By.id("f-timeoutMs")).getDomProperty("value"))
                        .isEqualTo("90m");
                browser.screenshot("JobFormBrowserIT-form");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("JobFormBrowserIT");
                throw e;
            }
        }
    }

    @Test
    void buildsTheCronFromChoicesAndPreviewsIt() throws Exception {
        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver.get("http://localhost:" + port + "/#/job-new");
                browser.wait.until(driver -> "0 0 9 * * ?".equals(value(browser, "f-schedule-cron")));
                browser.wait.until(ExpectedConditions.textToBe(By.id("preview-per-day"), "Fires 1 time a day."));
                assertThat(browser.driver.findElement(By.id("preview-words")).getText())
                        .isNotBlank();

                select(browser, "b-kind", "WEEKDAYS");
                set(browser, "b-at", "09:30");
                browser.wait.until(driver -> WEEKDAYS_AT_0930.equals(value(browser, "f-schedule-cron")));
                browser.wait.until(driver -> firesShown(browser).size() == FIRES_SHOWN
                        && firesShown(browser).stream().allMatch(fire -> fire.contains("09:30")));

                select(browser, "b-kind", "SECONDS");
                set(browser, "b-every", "70");
                browser.wait.until(
                        ExpectedConditions.textToBe(By.id("b-every-error"), "is a whole number from 1 to 59"));
                set(browser, "b-every", "1");
                browser.wait.until(driver -> "0/1 * * * * ?".equals(value(browser, "f-schedule-cron")));
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("preview-warning")));
                assertThat(browser.driver.findElement(By.id("preview-warning")).getText())
                        .contains("86400 times a day");
                assertThat(browser.driver.findElement(By.id("b-every-error")).getText())
                        .isEmpty();

                select(browser, "b-kind", "MONTHLY");
                set(browser, "b-day", "15");
                set(browser, "b-at", "02:00");
                browser.wait.until(driver -> MONTHLY_15_AT_0200.equals(value(browser, "f-schedule-cron")));
                browser.wait.until(ExpectedConditions.invisibilityOfElementLocated(By.id("preview-warning")));
                type(browser, "f-id", "monthly-report");
                type(browser, "f-app", UNSEEN_APP);
                type(browser, "f-handler", "report");
                browser.wait.until(
                        ExpectedConditions.textToBe(By.id("f-app-note"), "No live worker runs this app yet."));
                browser.driver.findElement(By.id("job-form-save")).click();
                browser.wait.until(ExpectedConditions.urlContains("#/job?id=monthly-report"));
                JsonNode job =
                        Json.mapper().readTree((String) browser.driver.executeAsyncScript(FETCH_JOB, "monthly-report"));
                assertThat(job.get("schedule").get("cron").asString()).isEqualTo(MONTHLY_15_AT_0200);
                assertThat(job.get("app").asString())
                        .as("an app no live worker runs is saved")
                        .isEqualTo(UNSEEN_APP);

                browser.driver.get("http://localhost:" + port + "/#/job-edit?id=monthly-report");
                browser.wait.until(driver -> "MONTHLY".equals(value(browser, "b-kind")));
                assertThat(value(browser, "b-day")).isEqualTo("15");
                assertThat(value(browser, "b-at")).isEqualTo("02:00");
                type(browser, "f-schedule-cron", "0 15 10 ? * 6L");
                browser.wait.until(driver -> "HAND".equals(value(browser, "b-kind")));
                assertThat(browser.driver.findElement(By.id("b-at")).isDisplayed())
                        .isFalse();

                browser.driver.executeScript("localStorage.setItem('carillon.language', 'zh-CN');");
                browser.driver.get("http://localhost:" + port + "/#/job-new");
                browser.driver.navigate().refresh();
                browser.wait.until(ExpectedConditions.textToBe(By.id("preview-per-day"), "每天触发 1 次。"));
                assertThat(browser.driver.findElement(By.id("preview-words")).getText())
                        .as("the schedule in Chinese words")
                        .containsPattern("[\\u4e00-\\u9fff]");
                assertThat(new Select(browser.driver.findElement(By.id("b-kind")))
                                .getOptions().stream().map(WebElement::getText))
                        .contains("工作日定时", "每 N 秒", "手动输入 Cron");
                browser.screenshot("JobFormBrowserIT-builder");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("JobFormBrowserIT-builder-failed");
                throw e;
            }
        }
    }

    private static String value(Browser browser, String id) {
        return browser.driver.findElement(By.id(id)).getDomProperty("value");
    }

    private static void select(Browser browser, String id, String value) {
        new Select(browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id(id)))).selectByValue(value);
    }

    /** Sets an input's value as a user's typing would (time inputs take typed keys in the browser's locale). */
    private static void set(Browser browser, String id, String value) {
        browser.driver.executeScript(SET_VALUE, id, value);
    }

    @SuppressWarnings("unchecked")
    private static List<String> firesShown(Browser browser) {
        return (List<String>) browser.driver.executeScript(
                "return [...document.querySelectorAll('#preview-fires tbody tr td:first-child')]"
                        + ".map(cell => cell.textContent);");
    }

    @SuppressWarnings("unchecked")
    private static List<String> options(Browser browser, String datalist) {
        return (List<String>) browser.driver.executeScript(OPTIONS, datalist);
    }

    private static void type(Browser browser, String id, String text) {
        WebElement input = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id(id)));
        input.clear();
        input.sendKeys(text);
    }

    private void beat(Producer<String, byte[]> producer, String instance, String... handlers) throws Exception {
        Instant now = clock.instant();
        WorkerHeartbeat heartbeat = new WorkerHeartbeat(
                WorkerHeartbeat.SCHEMA_VERSION,
                instance,
                APP,
                List.of(handlers),
                2,
                0,
                List.of(0),
                HEARTBEAT_INTERVAL_MS,
                now.minusSeconds(1),
                now);
        String topic = environment.catalog.workers();
        producer.send(new ProducerRecord<>(topic, instance, EventSerdes.HEARTBEAT.serialize(topic, heartbeat)))
                .get();
    }
}
