package io.carillon.bench.internal;

import io.carillon.bench.internal.WebhookReceiver.Arrival;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.events.IncidentRule;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * From a failed run to its notification: the failed rule turns each failed fire of a job into one incident step (the
 * first opens the incident, each later one updates it), and a channel with a silence window of 0 sends every step,
 * so each failed fire is expected to arrive once at the webhook, with its fire id. The latency of one is the
 * webhook's arrival minus the run's {@code finishedAt}. Stateless.
 */
final class FailureToWebhook {

    /** The statuses the failed rule counts as a failure of the fire's last attempt. */
    static final Set<RunStatus> FAILURES =
            EnumSet.of(RunStatus.FAILED, RunStatus.TIMED_OUT, RunStatus.LOST, RunStatus.NO_WORKER);

    private FailureToWebhook() {}

    /**
     * The failed runs of {@code jobIds} scheduled in {@code [from, to)}, read from the results topic: fire id to the
     * {@code finishedAt} of its first failure result.
     */
    static Map<String, Instant> failedRuns(
            Map<String, Object> clientConfig,
            String resultsTopic,
            Set<String> jobIds,
            Instant from,
            Instant to,
            WallClock wallClock) {
        Map<String, Instant> failed = new HashMap<>();
        TopicScan.scan(clientConfig, resultsTopic, wallClock, value -> {
            RunResult result;
            try {
                result = EventSerdes.RESULT.deserialize(null, value);
            } catch (InvalidEventException e) {
                return;
            }
            if (jobIds.contains(result.jobId())
                    && FAILURES.contains(result.status())
                    && result.scheduledAt() != null
                    && !result.scheduledAt().isBefore(from)
                    && result.scheduledAt().isBefore(to)
                    && result.finishedAt() != null) {
                failed.putIfAbsent(result.fireId(), result.finishedAt());
            }
        });
        return failed;
    }

    /** How many of {@code failures} (fire id to finishedAt) have a failed-rule notification among {@code arrivals}. */
    static long arrived(Map<String, Instant> failures, List<Arrival> arrivals) {
        return arrivals.stream()
                .filter(arrival -> isFailedRule(arrival) && failures.containsKey(arrival.fireId()))
                .map(Arrival::fireId)
                .distinct()
                .count();
    }

    /**
     * The figures: {@code failure_to_webhook_ms {count, p50, p99, max}} over the failures that arrived (the first
     * arrival of each), and the counts of notifications expected, arrived, missing, repeated (a failure's
     * notification beyond its first), other (of fires outside {@code failures}: before the window, or other rules;
     * also by rule),
     * unsigned (a signature that did not match), and the arrived ones by event.
     */
    static Map<String, Object> of(Map<String, Instant> failures, List<Arrival> arrivals) {
        Map<String, Instant> firstArrival = new HashMap<>();
        Map<String, Long> byEvent = new TreeMap<>();
        Map<String, Long> otherByRule = new TreeMap<>();
        long repeated = 0;
        long other = 0;
        long unsigned = 0;
        for (Arrival arrival : arrivals) {
            if (!arrival.signed()) {
                unsigned++;
            }
            if (!isFailedRule(arrival) || !failures.containsKey(arrival.fireId())) {
                other++;
                otherByRule.merge(String.valueOf(arrival.rule()), 1L, Long::sum);
            } else if (firstArrival.putIfAbsent(arrival.fireId(), arrival.arrivedAt()) == null) {
                byEvent.merge(String.valueOf(arrival.event()), 1L, Long::sum);
            } else {
                repeated++;
            }
        }
        List<Long> latencies = new ArrayList<>();
        firstArrival.forEach((fireId, arrivedAt) ->
                latencies.add(Duration.between(failures.get(fireId), arrivedAt).toMillis()));
        Map<String, Object> figures = new LinkedHashMap<>();
        figures.put("failure_to_webhook_ms", MillisSummary.of(latencies));
        figures.put("notifications_expected", failures.size());
        figures.put("notifications_arrived", firstArrival.size());
        figures.put("notifications_missing", failures.size() - firstArrival.size());
        figures.put("notifications_repeated", repeated);
        figures.put("notifications_other", other);
        figures.put("notifications_other_by_rule", otherByRule);
        figures.put("notifications_unsigned", unsigned);
        figures.put("notifications_by_event", byEvent);
        return figures;
    }

    private static boolean isFailedRule(Arrival arrival) {
        return IncidentRule.FAILED.name().equals(arrival.rule()) && arrival.fireId() != null;
    }
}
