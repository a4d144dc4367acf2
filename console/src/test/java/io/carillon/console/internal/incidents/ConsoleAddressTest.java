package io.carillon.console.internal.incidents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.mock.web.MockHttpServletRequest;

class ConsoleAddressTest {

    private static final int PORT = 18080;

    private final Logger logger = (Logger) LoggerFactory.getLogger(ConsoleAddress.class);
    private final ListAppender<ILoggingEvent> logged = new ListAppender<>();
    private Level levelBefore;

    @BeforeEach
    void listenToTheLog() {
        levelBefore = logger.getLevel();
        logger.setLevel(Level.INFO);
        logged.start();
        logger.addAppender(logged);
    }

    @AfterEach
    void stopListening() {
        logger.detachAppender(logged);
        logger.setLevel(levelBefore);
    }

    @Test
    void usesThePublicUrlWhenSetWhereverTheConsoleIsReached() {
        PublicUrlProperties properties = new PublicUrlProperties();
        properties.setPublicUrl(" https://carillon.example/ops ");
        ConsoleAddress address = new ConsoleAddress(properties);

        address.reachedBy(request("http", "10.0.0.7", 8080, ""));

        assertThat(address.url()).isEqualTo("https://carillon.example/ops");
    }

    @Test
    void usesTheAddressASignedInUserReachedWhenNoPublicUrlIsSet() {
        ConsoleAddress address = new ConsoleAddress(new PublicUrlProperties());
        assertThat(address.url()).isEqualTo("http://localhost:8080");

        address.reachedBy(request("https", "scheduler.example", 8443, "/carillon"));

        assertThat(address.url()).isEqualTo("https://scheduler.example:8443/carillon");
    }

    @Test
    void theStartLogNamesThePublicUrlWhenSet() {
        PublicUrlProperties properties = new PublicUrlProperties();
        properties.setPublicUrl("https://carillon.example/ops/");

        new ConsoleAddress(properties).onApplicationEvent(started());

        assertThat(lines())
                .anySatisfy(line -> assertThat(line)
                        .contains("notification links open the console at carillon.console.public-url"
                                + " https://carillon.example/ops"));
    }

    @Test
    void theStartLogSaysLinksFollowTheAddressUsersReachWhenNoPublicUrlIsSet() {
        ConsoleAddress address = new ConsoleAddress(new PublicUrlProperties());

        address.onApplicationEvent(started());

        assertThat(lines())
                .anySatisfy(line -> assertThat(line)
                        .contains("carillon.console.public-url is unset: notification links open the console at the"
                                + " address signed-in users reach it at, http://localhost:" + PORT
                                + " until one does"));
        assertThat(address.url()).isEqualTo("http://localhost:" + PORT);
    }

    private List<String> lines() {
        return logged.list.stream().map(ILoggingEvent::getFormattedMessage).toList();
    }

    private static WebServerInitializedEvent started() {
        WebServer server = mock(WebServer.class);
        when(server.getPort()).thenReturn(PORT);
        WebServerApplicationContext context = mock(WebServerApplicationContext.class);
        WebServerInitializedEvent event = mock(WebServerInitializedEvent.class);
        when(event.getWebServer()).thenReturn(server);
        when(event.getApplicationContext()).thenReturn(context);
        return event;
    }

    private static MockHttpServletRequest request(String scheme, String host, int port, String contextPath) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", contextPath + "/api/v1/me");
        request.setScheme(scheme);
        request.setServerName(host);
        request.setServerPort(port);
        request.setContextPath(contextPath);
        return request;
    }
}
