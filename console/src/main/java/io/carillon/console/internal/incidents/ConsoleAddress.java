package io.carillon.console.internal.incidents;

import jakarta.servlet.http.HttpServletRequest;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * The address notification links start with: {@code carillon.console.public-url} when set, else the address the
 * last signed-in user reached the console at (as their browser asked for {@code /api/v1/me}), else
 * {@code http://localhost:<port>}. The start log says which. Thread-safe.
 */
@Component
class ConsoleAddress implements ApplicationListener<WebServerInitializedEvent> {

    private static final Logger log = LoggerFactory.getLogger(ConsoleAddress.class);

    private final String publicUrl;
    private final AtomicReference<String> reached = new AtomicReference<>();
    private volatile String local = "http://localhost:8080";

    ConsoleAddress(PublicUrlProperties properties) {
        String configured = properties.getPublicUrl();
        this.publicUrl = configured == null || configured.isBlank() ? null : withoutTrailingSlash(configured.strip());
    }

    private static String withoutTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /** The console's address for a link, without a trailing slash. */
    String url() {
        if (publicUrl != null) {
            return publicUrl;
        }
        String seen = reached.get();
        return seen == null ? local : seen;
    }

    /** Remembers where a signed-in user's request reached the console, unless a public URL is configured. */
    void reachedBy(HttpServletRequest request) {
        if (publicUrl == null) {
            reached.set(ServletUriComponentsBuilder.fromContextPath(request).toUriString());
        }
    }

    @Override
    public void onApplicationEvent(WebServerInitializedEvent event) {
        if (event.getApplicationContext().getParent() != null) {
            return;
        }
        local = "http://localhost:" + event.getWebServer().getPort();
        if (publicUrl != null) {
            log.info("notification links open the console at carillon.console.public-url {}", publicUrl);
        } else {
            log.info(
                    "carillon.console.public-url is unset: notification links open the console at the address signed-in"
                            + " users reach it at, {} until one does",
                    local);
        }
    }
}
