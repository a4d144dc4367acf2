package io.carillon.console.browser;

import io.carillon.testkit.Browser;

/** Requests to the console's API made from a signed-in browser page, with its session and XSRF token. */
final class ConsoleRequests {

    private static final String SEND_JSON = """
            const done = arguments[arguments.length - 1];
            const token = decodeURIComponent((document.cookie.split('; ')
                .find(part => part.startsWith('XSRF-TOKEN=')) || '=').split('=')[1]);
            fetch(arguments[0], { method: arguments[2], body: arguments[1],
                headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': token } })
              .then(answer => done(answer.status));
            """;

    private ConsoleRequests() {}

    /** POSTs {@code json} to {@code path} (relative to the console) and answers the status. */
    static long post(Browser browser, String path, String json) {
        return send(browser, "POST", path, json);
    }

    /** PUTs {@code json} to {@code path} (relative to the console) and answers the status. */
    static long put(Browser browser, String path, String json) {
        return send(browser, "PUT", path, json);
    }

    private static long send(Browser browser, String method, String path, String json) {
        return (Long) browser.driver.executeAsyncScript(SEND_JSON, path, json, method);
    }
}
