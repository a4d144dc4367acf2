package io.carillon.bench.internal;

import io.carillon.bench.internal.HandlerStarts.StartKey;
import io.carillon.topics.events.FireIds;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Judges every fire due while a fault lasted, and until the next one began, from the workers' start records and the
 * LOST results: how many started once, how many started twice as a visible retry (the first attempt ended LOST and
 * the second started), how many started twice silently (the first attempt twice, or a retry without a LOST first
 * attempt; a retry is found by its fire id, since it is due after the instant it retries),
 * how many never started, and the longest time any job went without a start (recovery); the first attempts ended
 * LOST are counted by the verdict Carillon gave (their result's message, folded by {@link LostRuns#reason}).
 * Stateless.
 */
final class FaultChecker {

    private static final int FIRST_ATTEMPT = 1;
    private static final int RETRY_ATTEMPT = FailoverJobs.RETRY_ATTEMPTS;
    private static final int NO_SHARD = 0;

    private FaultChecker() {}

    /** The fires of jobs {@code jobIds} due in [{@code from}, {@code to}) every {@code periodMs}, judged. */
    static Verdict judge(
            List<String> jobIds,
            Instant from,
            Instant to,
            long periodMs,
            StartFiles files,
            FirstAttemptLost lost,
            FireEndings endings,
            FireGaps gaps) {
        HandlerStarts starts = files.starts();
        long expected = 0;
        long once = 0;
        long visibleRetry = 0;
        long retryOnly = 0;
        long silentDouble = 0;
        long never = 0;
        List<String> examples = new ArrayList<>();
        Map<String, Long> neverByEnding = new TreeMap<>();
        Map<String, Long> lostByReason = new TreeMap<>();
        for (Instant at = WallClock.ceil(from, periodMs); at.isBefore(to); at = at.plusMillis(periodMs)) {
            long millis = at.toEpochMilli();
            for (String jobId : jobIds) {
                expected++;
                int first = starts.count(new StartKey(jobId, millis, NO_SHARD, FIRST_ATTEMPT));
                int retry = files.fireStarted(FireIds.retry(FireIds.scheduled(jobId, at), RETRY_ATTEMPT)) ? 1 : 0;
                Optional<String> lostReason = lost.reason(jobId, millis);
                boolean firstLost = lostReason.isPresent();
                lostReason.ifPresent(reason -> lostByReason.merge(reason, 1L, Long::sum));
                if (first > 1 || (retry > 0 && !firstLost)) {
                    silentDouble++;
                    remember(
                            examples,
                            jobId + "@" + at + ": first attempt started " + first + "x, retry " + retry
                                    + "x, first attempt LOST " + firstLost);
                } else if (first == 0 && retry == 0) {
                    never++;
                    String ended = endings.of(jobId, millis);
                    neverByEnding.merge(ended, 1L, Long::sum);
                    remember(examples, jobId + "@" + at + ": never started; ended " + ended);
                } else if (first == 1 && retry == 1) {
                    visibleRetry++;
                } else if (retry == 1) {
                    retryOnly++;
                } else {
                    once++;
                }
            }
        }
        double recoveryMs = gaps.longestGapMicros(
                        HandlerStarts.micros(from.minusMillis(periodMs)),
                        HandlerStarts.micros(to.minusMillis(periodMs)))
                / 1000.0;
        return new Verdict(
                expected,
                once,
                visibleRetry,
                retryOnly,
                silentDouble,
                never,
                Math.round(recoveryMs * 10) / 10.0,
                examples,
                neverByEnding,
                lostByReason);
    }

    private static void remember(List<String> examples, String example) {
        if (examples.size() < Verdict.MAX_EXAMPLES) {
            examples.add(example);
        }
    }

    /**
     * How Carillon ended the runs of a job's fire, for the examples: every terminal status with its attempt, or that
     * no run of it ended ({@link LostRuns#endings}).
     */
    @FunctionalInterface
    interface FireEndings {
        String of(String jobId, long scheduledMillis);
    }

    /**
     * Why Carillon ended the first attempt of a job's fire LOST, or empty when it did not
     * ({@link LostRuns#firstAttemptLost}).
     */
    @FunctionalInterface
    interface FirstAttemptLost {
        Optional<String> reason(String jobId, long scheduledMillis);
    }

    /**
     * The judgement of one fault's fires.
     *
     * @param startedOnce     the first attempt started once, no retry
     * @param visibleRetry    the first attempt started and ended LOST, and the retry started once: two starts the
     *                        user sees as two attempts
     * @param retryOnly       the first attempt never started, ended LOST, and the retry started once
     * @param silentDouble    an attempt started twice, or a retry started although the first attempt was not LOST
     * @param neverStarted    no attempt started
     * @param recoveryMs      the longest time any job went without a handler start
     * @param examples        up to {@value #MAX_EXAMPLES} fires that were doubled or never started
     * @param neverByEnding   the fires never started, counted by how their runs ended ({@link FireEndings})
     * @param lostByReason    the first attempts ended LOST, counted by Carillon's reason ({@link FirstAttemptLost})
     */
    record Verdict(
            long expected,
            long startedOnce,
            long visibleRetry,
            long retryOnly,
            long silentDouble,
            long neverStarted,
            double recoveryMs,
            List<String> examples,
            Map<String, Long> neverByEnding,
            Map<String, Long> lostByReason) {

        static final int MAX_EXAMPLES = 5;

        Map<String, Object> keys() {
            Map<String, Object> keys = new LinkedHashMap<>();
            keys.put("expected", expected);
            keys.put("started_once", startedOnce);
            keys.put("lost_and_retried", visibleRetry);
            keys.put("first_attempt_lost_retry_started", retryOnly);
            keys.put("started_twice_silently", silentDouble);
            keys.put("never_started", neverStarted);
            keys.put("recovery_ms", recoveryMs);
            keys.put("never_started_by_ending", neverByEnding);
            keys.put("first_attempt_lost_by_reason", lostByReason);
            keys.put("examples", examples);
            return keys;
        }
    }
}
