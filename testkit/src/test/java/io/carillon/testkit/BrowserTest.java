package io.carillon.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;

class BrowserTest {

    private static final String POLICY = "<meta http-equiv=\"Content-Security-Policy\" content=\"style-src 'self'\">";

    @Test
    void failsOnAContentSecurityPolicyViolation() throws Exception {
        Browser browser = Browser.start();
        show(browser, POLICY + "<p id=\"shown\" style=\"color: red\">styled inline</p>");

        assertThatThrownBy(browser::close)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Content Security Policy");
    }

    @Test
    void closesQuietlyWithoutAViolation() throws Exception {
        try (Browser browser = Browser.start()) {
            show(browser, POLICY + "<p id=\"shown\">plain</p>");

            assertThat(browser.cspViolations()).isEmpty();
        }
    }

    private static void show(Browser browser, String html) {
        browser.driver.get("data:text/html;charset=utf-8,"
                + URLEncoder.encode(html, StandardCharsets.UTF_8).replace("+", "%20"));
        browser.wait.until(ExpectedConditions.presenceOfElementLocated(By.id("shown")));
    }
}
