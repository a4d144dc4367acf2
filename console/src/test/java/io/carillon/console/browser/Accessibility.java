package io.carillon.console.browser;

import io.carillon.testkit.Browser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** What axe-core (its webjar, test scope) finds on the page a browser shows. */
final class Accessibility {

    /** axe-core, from its webjar on the test class path, injected into a page that does not have it yet. */
    private static final String AXE = "/META-INF/resources/webjars/axe-core/4.6.3/axe.min.js";
    /** The serious and critical accessibility violations axe-core finds on the page: rule, and where. */
    private static final String AXE_VIOLATIONS = """
            const done = arguments[arguments.length - 1];
            axe.run(document, { resultTypes: ['violations'] }).then(results => done(results.violations
                .filter(violation => violation.impact === 'serious' || violation.impact === 'critical')
                .map(violation => violation.id + ': ' + violation.nodes.map(node => node.target.join(' ')).join(', '))));
            """;

    private Accessibility() {}

    @SuppressWarnings("unchecked")
    static List<String> violations(Browser browser) throws IOException {
        if (!Boolean.TRUE.equals(browser.driver.executeScript("return typeof axe !== 'undefined';"))) {
            try (InputStream script = Accessibility.class.getResourceAsStream(AXE)) {
                browser.driver.executeScript(new String(script.readAllBytes(), StandardCharsets.UTF_8));
            }
        }
        return (List<String>) browser.driver.executeAsyncScript(AXE_VIOLATIONS);
    }
}
