package io.carillon.bench.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.Json;
import io.carillon.topics.events.JobDefinition;

/**
 * Creates jobs the way a user's script does: {@code POST /api/v1/jobs} on the console (database row, outbox, relay,
 * jobs topic) with an API token that the {@code admin} user creates first, a given number of requests in flight at a
 * time ({@value #DEFAULT_IN_FLIGHT} unless said), each request's latency and outcome recorded in a
 * {@link RequestTimes}.
 */
final class RestJobCreator implements JobCreator {

    static final int DEFAULT_IN_FLIGHT = 16;
    private static final int CREATED = 201;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();
    private final URI jobsUri;
    private final URI tokensUri;
    private final String adminPassword;
    private final int inFlight;
    private final RequestTimes times;

    RestJobCreator(int consolePort, String adminPassword) {
        this(consolePort, adminPassword, DEFAULT_IN_FLIGHT, new RequestTimes());
    }

    RestJobCreator(int consolePort, String adminPassword, int inFlight, RequestTimes times) {
        this.jobsUri = URI.create("http://127.0.0.1:" + consolePort + "/api/v1/jobs");
        this.tokensUri = URI.create("http://127.0.0.1:" + consolePort + "/api/v1/tokens");
        this.adminPassword = adminPassword;
        this.inFlight = inFlight;
        this.times = times;
    }

    @Override
    public void create(List<JobDefinition> jobs) {
        post(jobs);
        if (times.errors() > 0) {
            throw new IllegalStateException("could not create the jobs over REST: " + times.errors()
                    + " requests failed, the first: " + times.firstError());
        }
    }

    /**
     * Signs in with a new API token, then posts every job, recording each answer (an error does not stop the
     * others); returns when every request was answered or failed.
     */
    void post(List<JobDefinition> jobs) {
        String authorization = "Bearer " + newToken();
        Semaphore slots = new Semaphore(inFlight);
        List<CompletableFuture<Void>> posts = new ArrayList<>(jobs.size());
        try {
            for (JobDefinition job : jobs) {
                slots.acquire();
                HttpRequest request = HttpRequest.newBuilder(jobsUri).timeout(REQUEST_TIMEOUT)
                        .header("Content-Type", "application/json")
                        .header("Authorization", authorization)
                        .POST(HttpRequest.BodyPublishers.ofString(EventSerdes.JOB.toJson(job))).build();
                long start = System.nanoTime();
                posts.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                        .handle((response, failure) -> {
                            times.record(start, System.nanoTime(), problem(job, response, failure));
                            slots.release();
                            return null;
                        }));
            }
            CompletableFuture.allOf(posts.toArray(CompletableFuture[]::new)).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating jobs", e);
        }
    }

    private String newToken() {
        String basic = Base64.getEncoder().encodeToString(("admin:" + adminPassword).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(tokensUri).timeout(REQUEST_TIMEOUT)
                .header("Content-Type", "application/json")
                .header("Authorization", "Basic " + basic)
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"bench-" + UUID.randomUUID() + "\"}")).build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != CREATED) {
                throw new IllegalStateException("POST /api/v1/tokens answered " + response.statusCode() + ": "
                        + response.body());
            }
            return Json.mapper().readTree(response.body()).get("token").asString();
        } catch (IOException e) {
            throw new UncheckedIOException("could not create an API token", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating an API token", e);
        }
    }

    private static String problem(JobDefinition job, HttpResponse<String> response, Throwable failure) {
        if (failure != null) {
            return "POST /api/v1/jobs for " + job.id() + " failed: " + failure;
        }
        if (response.statusCode() != CREATED) {
            return "POST /api/v1/jobs for " + job.id() + " answered " + response.statusCode() + ": " + response.body();
        }
        return null;
    }
}
