package io.carillon.bench.internal;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The terminal results of the window's runs by status, and the runs of expected fires that Carillon ended LOST (read
 * from {@code results} after the run, read_committed), why ({@link #reason}), and how many of them were retried: a handler started the next attempt's fire ({@link FireIds#retry}). Used by one
 * thread.
 */
final class LostRuns {

    private static final Duration READ_FOR = Duration.ofMinutes(5);
    private static final int MAX_REASON_LENGTH = 200;
    private static final Pattern QUOTED = Pattern.compile("'[^']*'");
    private static final Pattern INSTANT = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T[0-9:.]+Z");
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    private final ExpectedFires expected;
    private boolean complete;
    private final Set<String> jobIds;
    private final Set<String> lostRunIds = new HashSet<>();
    private final Set<String> retryFireIds = new HashSet<>();
    private final Map<String, String> lostFirstAttempts = new HashMap<>();
    private final Map<String, Long> lostByReason = new TreeMap<>();
    private final Map<String, Long> statuses = new TreeMap<>();
    private final Map<String, List<String>> endings = new HashMap<>();

    private LostRuns(ExpectedFires expected) {
        this.expected = expected;
        this.jobIds = expected.jobIdSet();
    }

    /** Reads {@code results} to its end. */
    static LostRuns read(
            Map<String, Object> clientConfig, TopicCatalog catalog, ExpectedFires expected, WallClock clock) {
        LostRuns lost = new LostRuns(expected);
        lost.complete = TopicScan.scan(clientConfig, catalog.results(), clock, READ_FOR, lost::add);
        return lost;
    }

    private void add(byte[] value) {
        RunResult result;
        try {
            result = EventSerdes.RESULT.deserialize(null, value);
        } catch (InvalidEventException e) {
            return;
        }
        if (result == null
                || result.scheduledAt() == null
                || !jobIds.contains(result.jobId())
                || result.scheduledAt().isBefore(expected.from())
                || !result.scheduledAt().isBefore(expected.to())) {
            return;
        }
        if (result.status() != RunStatus.STARTED && result.status() != RunStatus.PROGRESS) {
            String ending = result.status() + "/" + result.attempt();
            statuses.merge(ending, 1L, Long::sum);
            endings.computeIfAbsent(
                            fire(result.jobId(), result.scheduledAt().toEpochMilli()), fire -> new ArrayList<>())
                    .add(ending);
        }
        if (result.status() != RunStatus.LOST) {
            return;
        }
        if (!lostRunIds.add(result.runId())) {
            return;
        }
        String reason = reason(result.message());
        lostByReason.merge(reason, 1L, Long::sum);
        if (result.attempt() == 1 && result.shardTotal() <= 1) {
            retryFireIds.add(FireIds.retry(result.fireId(), result.attempt() + 1));
            lostFirstAttempts.put(fire(result.jobId(), result.scheduledAt().toEpochMilli()), reason);
        }
    }

    /**
     * Terminal results of the window's runs by {@code <status>/<attempt>} (a result written twice counts twice): where
     * retries came from.
     */
    Map<String, Long> statuses() {
        return statuses;
    }

    /** Whether {@code results} was read to its end (within five minutes). */
    boolean complete() {
        return complete;
    }

    /** Runs of the window's fires that ended LOST. */
    long lost() {
        return lostRunIds.size();
    }

    /** The window's runs that ended LOST, counted by {@link #reason} of their message. */
    Map<String, Long> lostByReason() {
        return lostByReason;
    }

    /**
     * Why Carillon ended the first attempt of the fire of {@code jobId} at {@code scheduledMillis} LOST
     * ({@link #reason}), or empty when it did not.
     */
    Optional<String> firstAttemptLost(String jobId, long scheduledMillis) {
        return Optional.ofNullable(lostFirstAttempts.get(fire(jobId, scheduledMillis)));
    }

    /**
     * A LOST result's message with what differs from run to run folded, so that alike verdicts count together:
     * quoted names become {@code '…'}, instants {@code <instant>}, other numbers {@code N}; at most
     * {@value #MAX_REASON_LENGTH} characters.
     */
    static String reason(String message) {
        if (message == null || message.isBlank()) {
            return "no message";
        }
        String folded = QUOTED.matcher(message).replaceAll("'…'");
        folded = INSTANT.matcher(folded).replaceAll("<instant>");
        folded = NUMBER.matcher(folded).replaceAll("N");
        return folded.length() <= MAX_REASON_LENGTH ? folded : folded.substring(0, MAX_REASON_LENGTH) + "…";
    }

    /**
     * The terminal statuses of the runs of the fire of {@code jobId} at {@code scheduledMillis}, each with its attempt
     * ({@code LOST/1, SUCCEEDED/2}), or {@code no result} when none of its runs ended.
     */
    String endings(String jobId, long scheduledMillis) {
        List<String> ended = endings.get(fire(jobId, scheduledMillis));
        return ended == null ? "no result" : String.join(", ", ended);
    }

    private static String fire(String jobId, long scheduledMillis) {
        return jobId + "@" + scheduledMillis;
    }

    /** LOST first attempts whose retry reached a handler. */
    long retried(StartFiles starts) {
        return retryFireIds.stream().filter(starts::fireStarted).count();
    }
}
