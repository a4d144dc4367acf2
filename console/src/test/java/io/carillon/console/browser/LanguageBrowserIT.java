package io.carillon.console.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.ConsoleTestEnvironment;
import io.carillon.testkit.Browser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A user switches the console to Simplified Chinese and back: the navigation, headings and table headers change
 * language, the page names CJK fonts, the choice survives a reload, and what users wrote (their names) stays as
 * written.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class LanguageBrowserIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
    }

    @LocalServerPort
    int port;

    @Test
    void switchesToChineseAndBack() throws Exception {
        try (Browser browser = Browser.start()) {
            try {
                browser.signIn(port, "admin", ConsoleTestEnvironment.ADMIN_PASSWORD);
                assertThat(navText(browser, "jobs")).isEqualTo("Jobs");

                new Select(browser.driver.findElement(By.id("language"))).selectByValue("zh-CN");
                browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("nav a[data-nav=jobs]"), "任务"));
                assertThat(navText(browser, "runs")).isEqualTo("运行记录");
                assertThat(browser.driver.findElement(By.tagName("html")).getAttribute("lang"))
                        .isEqualTo("zh-CN");
                assertThat((String) browser.driver.executeScript("return getComputedStyle(document.body).fontFamily;"))
                        .as("the page names CJK fonts first")
                        .startsWith("\"PingFang SC\"")
                        .contains("\"Microsoft YaHei\"", "\"Noto Sans CJK SC\"");

                browser.driver
                        .findElement(By.cssSelector("nav a[data-nav=users]"))
                        .click();
                browser.wait.until(ExpectedConditions.textToBePresentInElementLocated(By.id("users-list"), "admin"));
                assertThat(browser.driver
                                .findElement(By.cssSelector("#users-list thead"))
                                .getText())
                        .contains("名称")
                        .contains("权限");
                assertThat(browser.driver.findElement(By.id("user")).getText()).isEqualTo("admin");
                browser.screenshot("LanguageBrowserIT-zh-CN");

                browser.driver.navigate().refresh();
                browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("nav a[data-nav=jobs]"), "任务"));

                new Select(browser.driver.findElement(By.id("language"))).selectByValue("en");
                browser.wait.until(ExpectedConditions.textToBe(By.cssSelector("nav a[data-nav=jobs]"), "Jobs"));
                assertThat(browser.driver.findElement(By.tagName("html")).getAttribute("lang"))
                        .isEqualTo("en");
            } catch (AssertionError | RuntimeException e) {
                browser.screenshot("LanguageBrowserIT");
                throw e;
            }
        }
    }

    private static String navText(Browser browser, String page) {
        return browser.driver
                .findElement(By.cssSelector("nav a[data-nav=" + page + "]"))
                .getText();
    }
}
