package io.carillon.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.carillon.topics.Json;
import tools.jackson.databind.JsonNode;

/** Calls the console over real HTTP and reads answers as JSON trees. */
final class ApiClient {

    private final HttpClient http = HttpClient.newHttpClient();
    private final String base;

    ApiClient(int port) {
        this.base = "http://localhost:" + port;
    }

    Answer get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    Answer post(String path, String json) {
        return send(withJson(path, json).POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    Answer put(String path, String json) {
        return send(withJson(path, json).PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    Answer delete(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).DELETE());
    }

    private HttpRequest.Builder withJson(String path, String json) {
        return HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json");
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.headers().firstValue("Content-Type").orElse(""),
                    response.headers().firstValue("Location").orElse(null), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** An HTTP answer. */
    record Answer(int status, String contentType, String location, String body) {

        JsonNode json() {
            return Json.mapper().readTree(body);
        }

        /** The field names of the error answer's fieldErrors. */
        java.util.List<String> errorFields() {
            return json().get("fieldErrors").valueStream().map(error -> error.get("field").asString()).toList();
        }
    }
}
