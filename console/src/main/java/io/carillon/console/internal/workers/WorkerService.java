package io.carillon.console.internal.workers;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.access.ReadScope;
import io.carillon.console.internal.workers.AppJobs.PinnedJob;
import io.carillon.console.internal.workers.AppView.UnservedJob;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.stereotype.Service;

/**
 * The workers and apps views, for the caller's readable apps only; staleness is judged at the injected Clock's now.
 * A job counts as served when a live instance of its app offers its handler (one of its pinned instances, when it is
 * pinned), the rule the dispatcher routes by. Thread-safe.
 */
@Service
public class WorkerService {

    private final WorkerRegistry registry;
    private final AppJobs appJobs;
    private final Authorizer authorizer;
    private final Clock clock;
    private final int maxUnservedListed;

    public WorkerService(
            WorkerRegistry registry,
            AppJobs appJobs,
            Authorizer authorizer,
            Clock clock,
            WorkerProperties workerProperties) {
        this.registry = registry;
        this.appJobs = appJobs;
        this.authorizer = authorizer;
        this.clock = clock;
        this.maxUnservedListed = workerProperties.getMaxUnservedJobsListed();
    }

    /** The instances of app {@code app} (null: of every readable app), by app and instance id. */
    public List<WorkerView> workers(String app) {
        if (app != null) {
            authorizer.requireRead(app);
        }
        ReadScope scope = authorizer.readScope();
        Instant now = clock.instant();
        return registry.instances(now).stream()
                .filter(heartbeat -> app == null ? scope.allows(heartbeat.app()) : app.equals(heartbeat.app()))
                .map(heartbeat -> WorkerView.of(
                        heartbeat,
                        registry.isStale(heartbeat, now),
                        registry.clockOffsetMillis(heartbeat.instanceId())))
                .toList();
    }

    /** Every readable app known from jobs or heartbeats, by name. */
    public List<AppView> apps() {
        ReadScope scope = authorizer.readScope();
        Instant now = clock.instant();
        Map<String, List<WorkerHeartbeat>> instances =
                registry.instances(now).stream().collect(Collectors.groupingBy(WorkerHeartbeat::app));
        Map<String, Map<String, Long>> jobs = appJobs.enabledJobsByHandler();
        Map<String, List<PinnedJob>> pinned =
                appJobs.pinnedJobs().stream().collect(Collectors.groupingBy(PinnedJob::app));
        Set<String> names = Stream.of(appJobs.appNames(), instances.keySet(), jobs.keySet())
                .flatMap(Collection::stream)
                .filter(scope::allows)
                .collect(Collectors.toCollection(TreeSet::new));
        List<AppView> apps = new ArrayList<>();
        for (String name : names) {
            List<WorkerHeartbeat> all = instances.getOrDefault(name, List.of());
            List<WorkerHeartbeat> live = all.stream()
                    .filter(heartbeat -> !registry.isStale(heartbeat, now))
                    .toList();
            apps.add(app(
                    name,
                    live,
                    all.size() - live.size(),
                    jobs.getOrDefault(name, Map.of()),
                    pinned.getOrDefault(name, List.of())));
        }
        return apps;
    }

    private AppView app(
            String name,
            List<WorkerHeartbeat> live,
            int stale,
            Map<String, Long> jobsByHandler,
            List<PinnedJob> pinned) {
        Set<String> offered = live.stream()
                .flatMap(heartbeat -> heartbeat.handlers().stream())
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> unservedHandlers = jobsByHandler.keySet().stream()
                .filter(handler -> !offered.contains(handler))
                .collect(Collectors.toSet());
        long unserved = unservedHandlers.stream().mapToLong(jobsByHandler::get).sum();
        List<UnservedJob> listed = new ArrayList<>(appJobs.jobsWithHandlers(name, unservedHandlers, maxUnservedListed));
        for (PinnedJob job : pinned) {
            if (offered.contains(job.handler())
                    && live.stream()
                            .noneMatch(heartbeat -> job.instances().contains(heartbeat.instanceId())
                                    && heartbeat.handlers().contains(job.handler()))) {
                unserved++;
                listed.add(new UnservedJob(job.id(), job.handler(), job.instances()));
            }
        }
        listed.sort(Comparator.comparing(UnservedJob::jobId));
        long enabled =
                jobsByHandler.values().stream().mapToLong(Long::longValue).sum();
        return new AppView(
                name,
                live.size(),
                stale,
                List.copyOf(offered),
                enabled,
                unserved,
                List.copyOf(listed.subList(0, Math.min(listed.size(), maxUnservedListed))));
    }
}
