package io.carillon.analytics.internal;

import io.carillon.topics.events.Incident;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The no-worker rule ({@code Alerting}), per app: an app is watched while at least one of its jobs is enabled with
 * the rule on; when a watched app has had no live worker (no heartbeat received, by this app's clock, less than
 * {@code 3 * intervalMs} ago) for the shortest {@code noWorkerGraceMs} of its jobs, counted from its last live instant or from when it was
 * first watched, an incident opens (id {@code no-worker:<app>:<millis of that instant>}); the next heartbeat resolves
 * it, and so does the app's last watching job going away. A worker that shuts down cleanly counts as alive until its
 * last heartbeat expires. Not thread-safe: one stream task owns it.
 */
final class NoWorkerRule {

    private static final String SEPARATOR = "|";

    private final KeyValueStore<String, Long> watchers;
    private final KeyValueStore<String, NoWorkerMonitor> monitors;
    private final Consumer<Incident> incidents;

    NoWorkerRule(
            KeyValueStore<String, Long> watchers,
            KeyValueStore<String, NoWorkerMonitor> monitors,
            Consumer<Incident> incidents) {
        this.watchers = watchers;
        this.monitors = monitors;
        this.incidents = incidents;
    }

    /** Follows whether job {@code message.jobId()} watches {@code app}. */
    void onJob(String app, AppMessage.Job message, Instant now) {
        String key = app + SEPARATOR + message.jobId();
        if (message.watched()) {
            watchers.put(key, message.graceMs());
        } else {
            watchers.delete(key);
        }
        int jobs = 0;
        long grace = Long.MAX_VALUE;
        try (KeyValueIterator<String, Long> watching = watchers.prefixScan(app + SEPARATOR, new StringSerializer())) {
            while (watching.hasNext()) {
                jobs++;
                grace = Math.min(grace, watching.next().value);
            }
        }
        NoWorkerMonitor monitor = monitors.get(app);
        if (jobs == 0) {
            if (monitor != null && monitor.isOpen()) {
                incidents.accept(step(
                        app,
                        monitor,
                        IncidentAction.RESOLVED,
                        now,
                        "no enabled job of the app watches it for live workers any more"));
            }
            monitors.put(
                    app, monitor == null ? null : new NoWorkerMonitor(0, 0, monitor.aliveUntil(), null, null, null));
            return;
        }
        Instant since = monitor == null || monitor.watchedSince() == null ? now : monitor.watchedSince();
        NoWorkerMonitor current = monitor != null ? monitor : new NoWorkerMonitor(0, 0, null, now, null, null);
        monitors.put(app, current.watching(jobs, grace, since));
    }

    /** Takes note of a heartbeat of one of {@code app}'s workers. */
    void onHeartbeat(String app, AppMessage.Heartbeat heartbeat) {
        NoWorkerMonitor monitor = monitors.get(app);
        if (monitor == null) {
            monitors.put(app, new NoWorkerMonitor(0, 0, heartbeat.expiresAt(), null, null, null));
        } else if (monitor.aliveUntil() == null || heartbeat.expiresAt().isAfter(monitor.aliveUntil())) {
            monitors.put(app, monitor.aliveUntil(heartbeat.expiresAt()));
        }
    }

    /** Opens or resolves the incidents of the watched apps as their workers come and go. */
    void check(Instant now) {
        List<KeyValue<String, NoWorkerMonitor>> all = new ArrayList<>();
        try (KeyValueIterator<String, NoWorkerMonitor> entries = monitors.all()) {
            entries.forEachRemaining(all::add);
        }
        for (KeyValue<String, NoWorkerMonitor> entry : all) {
            NoWorkerMonitor monitor = entry.value;
            boolean alive = monitor.aliveUntil() != null && monitor.aliveUntil().isAfter(now);
            if (alive && monitor.isOpen()) {
                incidents.accept(step(entry.key, monitor, IncidentAction.RESOLVED, now, "a worker of the app is live"));
                monitors.put(entry.key, monitor.withIncident(null, null));
            } else if (!alive
                    && !monitor.isOpen()
                    && monitor.watchingJobs() > 0
                    && !monitor.withoutWorkerSince()
                            .plusMillis(monitor.graceMs())
                            .isAfter(now)) {
                Instant since = monitor.withoutWorkerSince();
                NoWorkerMonitor opened =
                        monitor.withIncident("no-worker:" + entry.key + ":" + since.toEpochMilli(), now);
                incidents.accept(step(
                        entry.key,
                        opened,
                        IncidentAction.OPENED,
                        now,
                        "no live worker of app " + entry.key + " since " + since + " (" + monitor.watchingJobs()
                                + " enabled job(s) watch it)"));
                monitors.put(entry.key, opened);
            }
        }
    }

    private static Incident step(
            String app, NoWorkerMonitor monitor, IncidentAction action, Instant now, String message) {
        return Incidents.step(
                IncidentRule.NO_WORKER,
                monitor.incidentId(),
                action,
                app,
                null,
                monitor.openedAt(),
                now,
                0,
                null,
                message);
    }
}
