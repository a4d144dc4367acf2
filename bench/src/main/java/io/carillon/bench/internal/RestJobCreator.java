package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.JobDefinition;
import java.io.UncheckedIOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Creates jobs the way a user's script does: {@code POST /api/v1/jobs} on the console (database row, outbox, relay,
 * jobs topic) with an API token that the {@code admin} user creates first, from a given number of client threads
 * ({@value #DEFAULT_IN_FLIGHT} unless said) with one request in flight each, each request's latency and outcome
 * recorded in a {@link RequestTimes}.
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
     * Signs in with a new API token, then posts every job from {@code inFlight} client threads, each sending one
     * request at a time and recording its answer (an error does not stop the others); returns when every request was
     * answered or failed.
     */
    void post(List<JobDefinition> jobs) {
        String authorization = console.newAuthorization();
        AtomicInteger next = new AtomicInteger();
        List<Thread> clients = new ArrayList<>(inFlight);
        for (int i = 0; i < inFlight; i++) {
            Thread client = new Thread(
                    () -> {
                        for (int index = next.getAndIncrement(); index < jobs.size(); index = next.getAndIncrement()) {
                            postOne(jobs.get(index), authorization);
                        }
                    },
                    "bench-rest-client-" + i);
            client.start();
            clients.add(client);
        }
        try {
            for (Thread client : clients) {
                client.join();
            }
        } catch (InterruptedException e) {
            clients.forEach(Thread::interrupt);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating jobs", e);
        }
    }

    private void postOne(JobDefinition job, String authorization) {
        long start = System.nanoTime();
        String problem;
        try {
            problem = problem(job, console.postForAnswer(JOBS_PATH, authorization, EventSerdes.JOB.toJson(job)));
        } catch (UncheckedIOException | IllegalStateException e) {
            problem = "POST " + JOBS_PATH + " for " + job.id() + " failed: " + e;
        }
        times.record(start, System.nanoTime(), problem);
    }

    private static String problem(JobDefinition job, HttpResponse<String> response) {
        if (response.statusCode() != ConsoleApi.CREATED) {
            return "POST " + JOBS_PATH + " for " + job.id() + " answered " + response.statusCode() + ": "
                    + response.body();
        }
        return null;
    }
}
