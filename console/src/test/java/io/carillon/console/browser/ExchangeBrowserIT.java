package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/**
 * An ADMIN in a real Chromium imports an export file through the console's Import button: the dialog shows what
 * would change before anything does (the jobs, and the calendar and limit they use), and applying it creates them,
 * the jobs then appearing in the list; in Chinese the dialog counts the calendars and limits too.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class ExchangeBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @TempDir
    Path folder;

    @Test
    void importsAnExportFileAfterShowingWhatItWouldDo() throws Exception {
        RestClient admin = RestClient.builder()
                .baseUrl("http://localhost:" + port)
                .defaultHeaders(headers -> headers.setBasicAuth("admin", ConsoleTestEnvironment.ADMIN_PASSWORD))
                .defaultHeader("Content-Type", "application/json")
                .build();
        admin.put()
                .uri("/api/v1/calendars/quiet-days")
                .body("{\"dates\": [\"2026-12-25\"]}")
                .retrieve()
                .toBodilessEntity();
        admin.put()
                .uri("/api/v1/limits/mail-server")
                .body("{\"max\": 2}")
                .retrieve()
                .toBodilessEntity();
        for (String id : new String[] {"weekly-digest", "hourly-sync"}) {
            admin.post().uri("/api/v1/jobs").body("""
                    {"id": "%s", "app": "mail", "handler": "echo", "schedule": {"type": "NONE", "skip": ["quiet-days"]},
                     "concurrency": {"limit": "mail-server"}}""".formatted(id)).retrieve().toBodilessEntity();
        }
        Path export = folder.resolve("carillon-jobs.json");
        Files.writeString(
                export, admin.get().uri("/api/v1/export?app=mail").retrieve().body(String.class));
        admin.delete().uri("/api/v1/jobs/weekly-digest").retrieve().toBodilessEntity();
        admin.delete().uri("/api/v1/jobs/hourly-sync").retrieve().toBodilessEntity();
        admin.delete().uri("/api/v1/calendars/quiet-days").retrieve().toBodilessEntity();
        admin.delete().uri("/api/v1/limits/mail-server").retrieve().toBodilessEntity();

        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                browser.driver
                        .findElement(By.cssSelector("nav a[data-nav=jobs]"))
                        .click();
                browser.wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("no-jobs")));

                browser.driver.executeScript("document.getElementById('import-file').hidden = false");
                browser.driver.findElement(By.id("import-file")).sendKeys(export.toString());
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                        By.id("import-summary"), "2 would be created"));
                assertThat(browser.driver.findElement(By.id("import-details")).getText())
                        .contains(
                                "create weekly-digest",
                                "create hourly-sync",
                                "Calendars: 1 would be created, 0 changed, 0 unchanged.",
                                "create calendar quiet-days",
                                "Limits: 1 would be created, 0 changed, 0 unchanged.",
                                "create limit mail-server");
                assertThat(browser.driver.findElements(By.cssSelector("#jobs tbody tr")))
                        .isEmpty();

                browser.wait
                        .until(ExpectedConditions.elementToBeClickable(By.id("import-apply")))
                        .click();
                browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#jobs tbody tr"), 2));
                assertThat(browser.driver.findElement(By.id("jobs")).getText())
                        .contains("weekly-digest", "hourly-sync");

                new Select(browser.driver.findElement(By.id("language"))).selectByValue("zh-CN");
                browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("nav a[data-nav=jobs]"), "任务"));
                browser.driver.executeScript("document.getElementById('import-file').hidden = false");
                browser.driver.findElement(By.id("import-file")).sendKeys(export.toString());
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(
                        By.id("import-details"), "日历：将新建 0 个，更改 0 个，不变 1 个。"));
                assertThat(browser.driver.findElement(By.id("import-details")).getText())
                        .contains("并发限制：将新建 0 个，更改 0 个，不变 1 个。");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("ExchangeBrowserIT");
                throw e;
            }
        }
    }
}
