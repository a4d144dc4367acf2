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
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.web.client.RestClient;

/**
 * An ADMIN in a real Chromium imports an export file through the console's Import button: the dialog shows what
 * would change before anything does, and applying it creates the jobs, which then appear in the list.
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
        for (String id : new String[] {"weekly-digest", "hourly-sync"}) {
            admin.post().uri("/api/v1/jobs").body("""
                    {"id": "%s", "app": "mail", "handler": "echo", "schedule": {"type": "NONE"}}""".formatted(id)).retrieve().toBodilessEntity();
        }
        Path export = folder.resolve("carillon-jobs.json");
        Files.writeString(
                export, admin.get().uri("/api/v1/export?app=mail").retrieve().body(String.class));
        admin.delete().uri("/api/v1/jobs/weekly-digest").retrieve().toBodilessEntity();
        admin.delete().uri("/api/v1/jobs/hourly-sync").retrieve().toBodilessEntity();

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
                        .contains("create weekly-digest", "create hourly-sync");
                assertThat(browser.driver.findElements(By.cssSelector("#jobs tbody tr")))
                        .isEmpty();

                browser.wait
                        .until(ExpectedConditions.elementToBeClickable(By.id("import-apply")))
                        .click();
                browser.wait.until(ExpectedConditions.numberOfElementsToBe(By.cssSelector("#jobs tbody tr"), 2));
                assertThat(browser.driver.findElement(By.id("jobs")).getText())
                        .contains("weekly-digest", "hourly-sync");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("ExchangeBrowserIT");
                throw e;
            }
        }
    }
}
