package io.carillon.bench.internal;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;

/**
 * Creates jobs the way a user's script does: {@code POST /api/v1/jobs} on the console (database row, outbox, relay,
 * jobs topic) with an API token that the {@code admin} user creates first, a given number of requests in flight at a
 * time ({@value #DEFAULT_IN_FLIGHT} unless said), each request's latency and outcome recorded in a
 * {@link RequestTimes}.
 */
final class RestJobCreator implements JobCreator {

    static final int DEFAULT_IN_FLIGHT = 16;
    private static final String JOBS_PATH = "/api/v1/jobs";

    private final ConsoleApi console;
    private final int inFlight;
    private final RequestTimes times;

    RestJobCreator(int consolePort, String adminPassword) {
        this(consolePort, adminPassword, DEFAULT_IN_FLIGHT, new RequestTimes());
    }

    RestJobCreator(int consolePort, String adminPassword, int inFlight, RequestTimes times) {
        this.console = new ConsoleApi(consolePort, adminPassword);
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
        String authorization = console.newAuthorization();
        Semaphore slots = new Semaphore(inFlight);
        List<CompletableFuture<Void>> posts = new ArrayList<>(jobs.size());
        try {
            for (JobDefinition job : jobs) {
                slots.acquire();
                long start = System.nanoTime();
                posts.add(console.postAsync(JOBS_PATH, authorization, EventSerdes.JOB.toJson(job))
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

    private static String problem(JobDefinition job, HttpResponse<String> response, Throwable failure) {
        if (failure != null) {
            return "POST " + JOBS_PATH + " for " + job.id() + " failed: " + failure;
        }
        if (response.statusCode() != ConsoleApi.CREATED) {
            return "POST " + JOBS_PATH + " for " + job.id() + " answered " + response.statusCode() + ": "
                    + response.body();
        }
        return null;
    }
}
