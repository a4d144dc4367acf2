package io.carillon.bench.internal;

import io.carillon.topics.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;

/**
 * The console's REST API as the harness calls it: an API token that the {@code admin} user creates first, then JSON
 * POSTs with that token. Thread-safe.
 */
final class ConsoleApi {

    static final int CREATED = 201;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();
    private final String base;
    private final String adminPassword;

    ConsoleApi(int consolePort, String adminPassword) {
        this.base = "http://127.0.0.1:" + consolePort;
        this.adminPassword = adminPassword;
    }

    /** A fresh API token of the {@code admin} user, as the value of an {@code Authorization} header. */
    String newAuthorization() {
        String basic = Base64.getEncoder().encodeToString(("admin:" + adminPassword).getBytes(StandardCharsets.UTF_8));
        HttpResponse<String> response =
                send(post("/api/v1/tokens", "Basic " + basic, "{\"name\":\"bench-" + UUID.randomUUID() + "\"}"));
        requireCreated("/api/v1/tokens", response);
        return "Bearer " + Json.mapper().readTree(response.body()).get("token").asString();
    }

    /** POSTs {@code json} to {@code path} and waits for the answer, which must be 201. */
    void create(String path, String authorization, String json) {
        requireCreated(path, send(post(path, authorization, json)));
    }

    /**
     * POSTs {@code json} to {@code path} and returns the answer, whatever its status, on the calling thread (the
     * client's {@code sendAsync} would complete each answer on a thread of its own where the common pool has one
     * thread, as on two cores).
     *
     * @throws UncheckedIOException when the console cannot be reached
     */
    HttpResponse<String> postForAnswer(String path, String authorization, String json) {
        return send(post(path, authorization, json));
    }

    private HttpRequest post(String path, String authorization, String json) {
        return HttpRequest.newBuilder(URI.create(base + path))
                .timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Authorization", authorization)
                .POST(HttpRequest.BodyPublishers.ofString(json))
                .build();
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException("could not reach the console at " + request.uri(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while calling " + request.uri(), e);
        }
    }

    private static void requireCreated(String path, HttpResponse<String> response) {
        if (response.statusCode() != CREATED) {
            throw new IllegalStateException(
                    "POST " + path + " answered " + response.statusCode() + ": " + response.body());
        }
    }
}
