package io.carillon.console;

import io.carillon.topics.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * Calls the console over real HTTP and reads answers as JSON trees. Signs in as {@code admin} with HTTP Basic unless
 * made for another caller ({@link #as}, {@link #withToken}, {@link #anonymous}).
 */
final class ApiClient {

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;
    private final String authorization;
    private final String forwardedFor;

    ApiClient(int port) {
        this("http://localhost:" + port, basic("admin", ConsoleTestEnvironment.ADMIN_PASSWORD), null);
    }

    private ApiClient(String base, String authorization, String forwardedFor) {
        this.base = base;
        this.authorization = authorization;
        this.forwardedFor = forwardedFor;
    }

    /** A client signing in as {@code user} with HTTP Basic. */
    ApiClient as(String user, String password) {
        return new ApiClient(base, basic(user, password), forwardedFor);
    }

    /** A client sending {@code Authorization: Bearer token}. */
    ApiClient withToken(String token) {
        return new ApiClient(base, "Bearer " + token, forwardedFor);
    }

    /** A client sending no credentials. */
    ApiClient anonymous() {
        return new ApiClient(base, null, forwardedFor);
    }

    /** A client whose requests say, in {@code X-Forwarded-For}, that they come from {@code address}. */
    ApiClient forwardedFor(String address) {
        return new ApiClient(base, authorization, address);
    }

    Answer get(String path) {
        return send(request(path).GET());
    }

    /** GETs {@code path} with one more request header. */
    Answer get(String path, String header, String value) {
        return send(request(path).header(header, value).GET());
    }

    Answer post(String path, String json) {
        return send(withJson(path).POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    /** POSTs {@code body} as {@code contentType} (a file upload). */
    Answer post(String path, String contentType, String body) {
        return send(request(path).header("Content-Type", contentType).POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    Answer put(String path, String json) {
        return send(withJson(path).PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    Answer delete(String path) {
        return send(request(path).DELETE());
    }

    /** Sends {@code method path} with a JSON body (null for none). */
    Answer send(String method, String path, String json) {
        return send(withJson(path)
                .method(
                        method,
                        json == null
                                ? HttpRequest.BodyPublishers.noBody()
                                : HttpRequest.BodyPublishers.ofString(json)));
    }

    private HttpRequest.Builder request(String path) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path));
        if (forwardedFor != null) {
            request.header("X-Forwarded-For", forwardedFor);
        }
        return authorization == null ? request : request.header("Authorization", authorization);
    }

    private HttpRequest.Builder withJson(String path) {
        return request(path).header("Content-Type", "application/json");
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(
                    response.statusCode(),
                    response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Location").orElse(null),
                    response.body(),
                    response.headers().firstValue("Retry-After").orElse(null));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** An HTTP answer. */
    record Answer(int status, String contentType, String location, String body, String retryAfter) {

        JsonNode json() {
            return Json.mapper().readTree(body);
        }

        /** The field names of the error answer's fieldErrors. */
        List<String> errorFields() {
            return json().get("fieldErrors")
                    .valueStream()
                    .map(error -> error.get("field").asString())
                    .toList();
        }
    }
}
