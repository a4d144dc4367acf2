package io.carillon.console.internal.incidents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.web.server.WebServer;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.mock.web.MockHttpServletRequest;

@ExtendWith(OutputCaptureExtension.class)
class ConsoleAddressTest {

    private static final int PORT = 18080;

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
    void theStartLogNamesThePublicUrlWhenSet(CapturedOutput output) {
        PublicUrlProperties properties = new PublicUrlProperties();
        properties.setPublicUrl("https://carillon.example/ops/");

        new ConsoleAddress(properties).onApplicationEvent(started());

        assertThat(output.getOut())
                .contains("notification links open the console at carillon.console.public-url"
                        + " https://carillon.example/ops");
    }

    @Test
    void theStartLogSaysLinksFollowTheAddressUsersReachWhenNoPublicUrlIsSet(CapturedOutput output) {
        ConsoleAddress address = new ConsoleAddress(new PublicUrlProperties());

        address.onApplicationEvent(started());

        assertThat(output.getOut())
                .contains("carillon.console.public-url is unset: notification links open the console at the address"
                        + " signed-in users reach it at, http://localhost:" + PORT + " until one does");
        assertThat(address.url()).isEqualTo("http://localhost:" + PORT);
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
