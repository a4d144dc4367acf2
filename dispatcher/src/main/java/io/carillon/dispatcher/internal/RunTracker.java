package io.carillon.dispatcher.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.RunResult;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.PriorityQueue;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * The runs this dispatcher sent for BUSYOVER, per job and instance, until they end: a terminal result on
 * {@code results} (the worker's, or the planner's LOST or TIMED_OUT), or the run's timeout passing when it has one.
 * Heartbeats name the jobs busy on each instance; this bookkeeping covers the runs sent since an instance's last
 * heartbeat (which it cannot list yet), and instances whose heartbeats predate the busy jobs list. Runs sent by another
 * dispatcher instance, or before a restart, are not known here. Not thread-safe: the dispatcher's thread only.
 */
public final class RunTracker {

    private record Run(String jobId, String instanceId, Instant until) {}

    private record Deadline(Instant until, String runId) {}

    private final Map<String, Run> byRunId = new HashMap<>();
    private final PriorityQueue<Deadline> deadlines = new PriorityQueue<>(Comparator.comparing(Deadline::until));
    private final Map<String, Map<String, Integer>> runningByJob = new HashMap<>();
    private final Map<String, Map<String, Instant>> lastSentByJob = new HashMap<>();

    /**
     * {@code runId} of {@code jobId} was sent to {@code instanceId} to start at {@code startsAt} (the later of its
     * sending and its due instant); it may run until {@code timeoutMs} after that, 0: no timeout.
     */
    public void dispatched(String runId, String jobId, String instanceId, Instant startsAt, long timeoutMs) {
        Instant until = timeoutMs > 0 ? startsAt.plusMillis(timeoutMs) : null;
        if (byRunId.putIfAbsent(runId, new Run(jobId, instanceId, until)) == null) {
            lastSentByJob.computeIfAbsent(jobId, job -> new HashMap<>()).merge(instanceId, startsAt, RunTracker::later);
            runningByJob.computeIfAbsent(jobId, job -> new HashMap<>()).merge(instanceId, 1, Integer::sum);
            if (until != null) {
                deadlines.add(new Deadline(until, runId));
            }
        }
    }

    /** {@code runId} has ended. */
    public void finished(String runId) {
        Run run = byRunId.remove(runId);
        if (run == null) {
            return;
        }
        Map<String, Integer> running = runningByJob.get(run.jobId());
        running.computeIfPresent(run.instanceId(), (instance, count) -> count > 1 ? count - 1 : null);
        if (running.isEmpty()) {
            runningByJob.remove(run.jobId());
            lastSentByJob.remove(run.jobId());
        }
    }

    /** How many runs of {@code jobId} this dispatcher sent to {@code instanceId} that have not ended by {@code now}. */
    public int running(String jobId, String instanceId, Instant now) {
        while (!deadlines.isEmpty() && !now.isBefore(deadlines.peek().until())) {
            Deadline passed = deadlines.poll();
            Run run = byRunId.get(passed.runId());
            if (run != null && passed.until().equals(run.until())) {
                finished(passed.runId());
            }
        }
        Map<String, Integer> running = runningByJob.get(jobId);
        return running == null ? 0 : running.getOrDefault(instanceId, 0);
    }

    /**
     * Whether a run of {@code jobId} that this dispatcher sent to {@code instanceId}, starting at or after {@code since}
     * (the instant of the instance's last heartbeat, which therefore cannot list it), may still be running at
     * {@code now}.
     */
    public boolean sentSince(String jobId, String instanceId, Instant since, Instant now) {
        if (running(jobId, instanceId, now) == 0) {
            return false;
        }
        Instant lastSent = lastSentByJob.getOrDefault(jobId, Map.of()).get(instanceId);
        return lastSent != null && !lastSent.isBefore(since);
    }

    /** Takes the terminal results among {@code records} of the {@code results} topic; other records are ignored. */
    public void observe(Iterable<ConsumerRecord<String, byte[]>> records) {
        if (byRunId.isEmpty()) {
            return;
        }
        for (ConsumerRecord<String, byte[]> record : records) {
            RunResult result = parse(record);
            if (result != null && result.status() != null && result.status().isTerminal() && result.runId() != null) {
                finished(result.runId());
            }
        }
    }

    private static Instant later(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    public int size() {
        return byRunId.size();
    }

    /** Results are the workers' and planner's to validate (the console dead-letters bad ones); here they are skipped. */
    private static RunResult parse(ConsumerRecord<String, byte[]> record) {
        try {
            return record.value() == null ? null : EventSerdes.RESULT.deserialize(record.topic(), record.value());
        } catch (InvalidEventException e) {
            return null;
        }
    }
}
