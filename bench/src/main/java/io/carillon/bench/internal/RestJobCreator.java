package io.carillon.bench.internal;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;

/**
 * Creates jobs the way a user does: {@code POST /api/v1/jobs} on the console (database row, outbox, relay, jobs
 * topic), {@value #IN_FLIGHT} requests in flight at a time.
 */
final class RestJobCreator implements JobCreator {

    private static final int IN_FLIGHT = 16;
    private static final int CREATED = 201;
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(60);

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(REQUEST_TIMEOUT).build();
    private final URI jobsUri;

    RestJobCreator(int consolePort) {
        this.jobsUri = URI.create("http://127.0.0.1:" + consolePort + "/api/v1/jobs");
    }

    @Override
    public void create(List<JobDefinition> jobs) {
        Semaphore slots = new Semaphore(IN_FLIGHT);
        List<CompletableFuture<Void>> posts = new ArrayList<>(jobs.size());
        try {
            for (JobDefinition job : jobs) {
                slots.acquire();
                HttpRequest request = HttpRequest.newBuilder(jobsUri).timeout(REQUEST_TIMEOUT)
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(EventSerdes.JOB.toJson(job))).build();
                posts.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                        .whenComplete((response, failure) -> slots.release())
                        .thenAccept(response -> requireCreated(job, response)));
            }
            CompletableFuture.allOf(posts.toArray(CompletableFuture[]::new)).join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating jobs", e);
        } catch (CompletionException e) {
            throw new IllegalStateException("could not create the jobs over REST: " + e.getCause().getMessage(), e);
        }
    }

    private static void requireCreated(JobDefinition job, HttpResponse<String> response) {
        if (response.statusCode() != CREATED) {
            throw new IllegalStateException("POST /api/v1/jobs for " + job.id() + " answered "
                    + response.statusCode() + ": " + response.body());
        }
    }
}
