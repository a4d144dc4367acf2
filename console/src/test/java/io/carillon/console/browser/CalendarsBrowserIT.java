package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/**
 * An ADMIN in a real Chromium manages calendars on the Calendars page: the empty list, a calendar created with the
 * form (weekdays), a field error at its field, an iCalendar file imported, a delete refused because a job uses the
 * calendar (the error names the job), and the job form's schedule preview striking through the instants the
 * calendar removes, naming it, as the job page's next fires do; no page breaks the Content-Security-Policy
 * ({@link Browser#close}).
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class CalendarsBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final Path ICS = Path.of("src/test/resources/ics/feiertage-berlin-2026.ics");

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Test
    void managesCalendarsAndThePreviewStrikesThroughWhatTheyRemove() throws Exception {
        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver
                        .findElement(By.cssSelector("nav a[data-nav=calendars]"))
                        .click();
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("no-calendars")));

                createWeekend(browser);
                importHolidays(browser);
                deleteIsRefusedWhileAJobUsesIt(browser);
                previewStrikesThroughTheWeekend(browser);
                browser.screenshot("CalendarsBrowserIT-preview");
                jobPageStrikesThroughTheWeekend(browser);
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("CalendarsBrowserIT");
                throw e;
            }
        }
    }

    private static void createWeekend(Browser browser) {
        WebElement form = browser.driver.findElement(By.id("calendar-form"));
        form.findElement(By.name("id")).sendKeys("weekend");
        form.findElement(By.name("description")).sendKeys("Saturdays and Sundays");
        form.findElement(By.name("times")).sendKeys("no time");
        form.findElement(By.cssSelector("input[name=weekdays][value=SATURDAY]")).click();
        form.findElement(By.cssSelector("input[name=weekdays][value=SUNDAY]")).click();
        form.findElement(By.id("calendar-save")).click();
        browser.wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("calendar-times-error"), "is not a span"));

        form.findElement(By.name("times")).clear();
        form.findElement(By.name("zone")).sendKeys("Mars/Olympus");
        form.findElement(By.id("calendar-save")).click();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                By.id("calendar-zone-error"), "is not a known time zone"));

        form.findElement(By.name("zone")).clear();
        form.findElement(By.name("zone")).sendKeys("Europe/Berlin");
        form.findElement(By.id("calendar-save")).click();
        browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("calendar-list"), "weekend"));
        assertThat(browser.driver.findElement(By.id("calendar-weekend")).getText())
                .contains("Europe/Berlin")
                .contains("SATURDAY, SUNDAY");
        assertThat(browser.driver.findElement(By.id("no-calendars")).isDisplayed())
                .isFalse();
    }

    private static void importHolidays(Browser browser) {
        WebElement form = browser.driver.findElement(By.id("calendar-import-form"));
        form.findElement(By.name("id")).sendKeys("feiertage-berlin");
        form.findElement(By.name("zone")).sendKeys("Europe/Berlin");
        form.findElement(By.name("file")).sendKeys(ICS.toAbsolutePath().toString());
        form.findElement(By.cssSelector("button[type=submit]")).click();
        WebElement result =
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("calendar-import-result")));
        assertThat(result.getText())
                .contains("Imported feiertage-berlin: 8 dates and 2 date ranges from 13 events.")
                .contains("2 events left out:")
                .contains("'Sommerfest'");
        browser.wait.until(
                ExpectedConditions.textToBePresentInElementLocated(By.id("calendar-feiertage-berlin"), "8 dates"));
    }

    private void deleteIsRefusedWhileAJobUsesIt(Browser browser) {
        RestClient.builder()
                .baseUrl("http://localhost:" + port)
                .defaultHeaders(headers -> headers.setBasicAuth("admin", ConsoleTestEnvironment.ADMIN_PASSWORD))
                .defaultHeader("Content-Type", "application/json")
                .build()
                .post()
                .uri("/api/v1/jobs")
                .body("""
                        {"id": "weekday-report", "app": "demo", "handler": "echo",
                         "schedule": {"type": "CRON", "cron": "0 0 9 * * ?", "zone": "Europe/Berlin",
                                      "skip": ["weekend"]}}""")
                .retrieve()
                .toBodilessEntity();
        browser.driver.navigate().refresh();
        By delete = By.cssSelector("#calendar-weekend button.danger");
        browser.wait.until(ExpectedConditions.elementToBeClickable(delete)).click();
        browser.wait
                .until(ExpectedConditions.visibilityOfElementLocated(By.id("confirm-ok")))
                .click();
        WebElement error = browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("calendars-error")));
        assertThat(error.getText()).startsWith("Not deleted:").contains("weekday-report");
        assertThat(browser.driver.findElement(By.id("calendar-list")).getText()).contains("weekend");
    }

    private void jobPageStrikesThroughTheWeekend(Browser browser) {
        browser.driver.get("http://localhost:" + port + "/#/job?id=weekday-report");
        browser.wait.ignoring(StaleElementReferenceException.class).until(driver -> {
            List<WebElement> struck = driver.findElements(By.cssSelector("#job-fires tr.skipped"));
            return struck.size() >= 2;
        });
        List<WebElement> rows = browser.driver.findElements(By.cssSelector("#job-fires tbody tr"));
        List<WebElement> struck = browser.driver.findElements(By.cssSelector("#job-fires tr.skipped"));
        assertThat(rows.size() - struck.size())
                .as("the ten fires besides the skipped instants")
                .isEqualTo(10);
        for (WebElement row : struck) {
            assertThat(row.findElements(By.tagName("s"))).hasSize(2);
            assertThat(row.findElement(By.cssSelector(".skipped-by")).getText()).isEqualTo("skipped by weekend");
        }
    }

    private void previewStrikesThroughTheWeekend(Browser browser) {
        browser.driver.get("http://localhost:" + port + "/#/job-edit?id=weekday-report");
        browser.wait.ignoring(StaleElementReferenceException.class).until(driver -> {
            List<WebElement> struck = driver.findElements(By.cssSelector("#preview-fires tr.skipped"));
            return struck.size() >= 2;
        });
        List<WebElement> rows = browser.driver.findElements(By.cssSelector("#preview-fires tbody tr"));
        List<WebElement> struck = browser.driver.findElements(By.cssSelector("#preview-fires tr.skipped"));
        assertThat(rows.size()).isGreaterThan(struck.size());
        for (WebElement row : struck) {
            assertThat(row.findElements(By.tagName("s"))).hasSize(2);
            assertThat(row.findElement(By.cssSelector(".skipped-by")).getText()).isEqualTo("skipped by weekend");
        }
        assertThat(browser.driver.findElement(By.id("f-schedule-skip")).getAttribute("value"))
                .isEqualTo("weekend");
    }
}
