package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.Json;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import no.nav.security.mock.oauth2.token.DefaultOAuth2TokenCallback;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * Single sign-on against a real OpenID Connect provider (mock-oauth2-server, started here): the authorization code
 * flow through the console's own endpoints, the user name and grants taken from the ID token's claims, the user
 * stored and the sign-in audited.
 */
@ExtendWith(ConsoleTestEnvironment.DropDatabase.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class SingleSignOnIT {

    private static final ConsoleTestEnvironment environment = new ConsoleTestEnvironment();
    private static final MockOAuth2Server provider = new MockOAuth2Server();
    private static final String ISSUER = "ops";
    private static final String REGISTRATION = "spring.security.oauth2.client.registration.corp.";

    @DynamicPropertySource
    static void properties(DynamicPropertyRegistry registry) {
        environment.register(registry);
        provider.start(0);
        registry.add(REGISTRATION + "client-id", () -> "carillon");
        registry.add(REGISTRATION + "client-secret", () -> "carillon-secret");
        registry.add(REGISTRATION + "client-name", () -> "Corp SSO");
        registry.add(REGISTRATION + "scope", () -> "openid,profile");
        registry.add(
                "spring.security.oauth2.client.provider.corp.issuer-uri",
                () -> provider.issuerUrl(ISSUER).toString());
        registry.add("carillon.console.oidc.group-grants.ops-team", () -> "VIEWER:billing, VIEWER:reports");
    }

    @AfterAll
    static void stopProvider() {
        provider.shutdown();
    }

    @LocalServerPort
    int port;

    @Autowired
    JdbcClient jdbc;

    @Test
    void signsInThroughTheProviderWithGrantsFromTheGroupsClaim() throws Exception {
        provider.enqueueCallback(new DefaultOAuth2TokenCallback(
                ISSUER,
                "subject-olga",
                "JWT",
                null,
                Map.of("preferred_username", "olga", "groups", List.of("OPERATOR:demo", "ops-team", "unrelated"))));
        HttpClient browser = HttpClient.newBuilder()
                .cookieHandler(new CookieManager())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        String console = "http://localhost:" + port;

        JsonNode options =
                Json.mapper().readTree(get(browser, console + "/login/options").body());
        assertThat(options.get("singleSignOn").get(0).get("name").asString()).isEqualTo("Corp SSO");
        String start =
                console + "/" + options.get("singleSignOn").get(0).get("path").asString();
        String atProvider = location(get(browser, start));
        assertThat(atProvider).startsWith(provider.issuerUrl(ISSUER).toString());
        String backAtConsole = location(get(browser, atProvider));
        assertThat(backAtConsole).startsWith(console + "/login/oauth2/code/corp");
        HttpResponse<String> signedIn = get(browser, backAtConsole);
        assertThat(location(signedIn)).isEqualTo(console + "/");

        JsonNode me =
                Json.mapper().readTree(get(browser, console + "/api/v1/me").body());
        assertThat(me.get("name").asString()).isEqualTo("olga");
        assertThat(me.get("grants")
                        .valueStream()
                        .map(grant -> grant.get("role").asString() + ":"
                                + grant.get("app").asString()))
                .containsExactly("OPERATOR:demo", "VIEWER:billing", "VIEWER:reports");
        assertThat(jdbc.sql("SELECT source FROM users WHERE name = 'olga'")
                        .query(String.class)
                        .single())
                .isEqualTo("OIDC");
        assertThat(jdbc.sql("SELECT action || ':' || outcome FROM audit_log WHERE actor = 'olga' ORDER BY id")
                        .query(String.class)
                        .list())
                .containsExactly("USER_CREATE:OK", "LOGIN:OK");
        assertThat(get(browser, console + "/api/v1/jobs/nothing-here").statusCode())
                .isEqualTo(404);
    }

    private static HttpResponse<String> get(HttpClient browser, String url) throws Exception {
        return browser.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String location(HttpResponse<String> response) {
        assertThat(response.statusCode()).as("a redirect: " + response.body()).isEqualTo(302);
        return response.headers().firstValue("Location").orElseThrow();
    }
}
