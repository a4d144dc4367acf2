package io.carillon.bench.internal;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Semaphore;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;

/**
 * Creates jobs the way a user's script does: {@code POST /api/v1/jobs} on the console (database row, outbox, relay,
 * jobs topic) with an API token that the {@code admin} user creates first, {@value #IN_FLIGHT} requests in flight at
 * a time.
 */
final class RestJobCreator implements JobCreator {

    private static final int IN_FLIGHT = 16;
    private static final String JOBS_PATH = "/api/v1/jobs";

    private final ConsoleApi console;

    RestJobCreator(int consolePort, String adminPassword) {
        this.console = new ConsoleApi(consolePort, adminPassword);
    }

    @Override
    public void create(List<JobDefinition> jobs) {
        String authorization = console.newAuthorization();
        Semaphore slots = new Semaphore(IN_FLIGHT);
        List<CompletableFuture<Void>> posts = new ArrayList<>(jobs.size());
        try {
            for (JobDefinition job : jobs) {
                slots.acquire();
                posts.add(console.postAsync(JOBS_PATH, authorization, EventSerdes.JOB.toJson(job))
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
        if (response.statusCode() != ConsoleApi.CREATED) {
            throw new IllegalStateException("POST " + JOBS_PATH + " for " + job.id() + " answered "
                    + response.statusCode() + ": " + response.body());
        }
    }
}
