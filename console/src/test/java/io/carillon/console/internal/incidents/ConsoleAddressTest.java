package io.carillon.console.internal.incidents;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class ConsoleAddressTest {

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

    private static MockHttpServletRequest request(String scheme, String host, int port, String contextPath) {
        MockHttpServletRequest request = new MockHttpServletRequest("GET", contextPath + "/api/v1/me");
        request.setScheme(scheme);
        request.setServerName(host);
        request.setServerPort(port);
        request.setContextPath(contextPath);
        return request;
    }
}
