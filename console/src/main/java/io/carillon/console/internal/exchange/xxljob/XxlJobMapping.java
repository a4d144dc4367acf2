package io.carillon.console.internal.exchange.xxljob;

import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.Schedule;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Maps an xxl-job database to Carillon jobs, without writing anything. Pure and thread-safe.
 *
 * <ul>
 *   <li>Executor AppName to app, as a slug ({@link Slugs}); a clash with an earlier executor's slug gets
 *       {@code -<group id>}. Every rename is noted.</li>
 *   <li>Job id {@code xxl-<xxl-job id>-<handler as a slug>} (camelCase split into words), or {@code xxl-<id>} when
 *       the handler leaves no slug: stable across runs, so a second import finds the jobs of the first.</li>
 *   <li>CRON (Quartz syntax, evaluated in {@code zone}), FIX_RATE (seconds) and NONE schedules; the legacy
 *       {@code job_cron} column of xxl-job 2.0 to 2.2 arrives here as CRON.</li>
 *   <li>Routing, block and misfire strategies by name (ROUND is ROUND_ROBIN, SERIAL_EXECUTION is SERIAL); timeout
 *       and retry count (n retries are n + 1 attempts, without backoff, as xxl-job retries at once); children
 *       by their Carillon ids; params, description, author as owner, trigger status 1 as enabled.</li>
 *   <li>Skipped, each with its reason: GLUE jobs (their code lives in xxl-job's database; Carillon runs only
 *       handlers compiled into workers), jobs without a handler or an executor, schedules Carillon cannot take,
 *       and anything {@link JobValidator} refuses.</li>
 * </ul>
 */
final class XxlJobMapping {

    static final String ID_PREFIX = "xxl-";
    static final int MAX_JOB_ID_LENGTH = 128;
    static final int MAX_APP_LENGTH = 100;
    static final String GLUE_BEAN = "BEAN";
    static final int TRIGGER_RUNNING = 1;
    private static final long MILLIS_PER_SECOND = 1000;

    private static final Map<String, RoutingStrategy> ROUTES = Map.of(
            "FIRST",
            RoutingStrategy.FIRST,
            "LAST",
            RoutingStrategy.LAST,
            "ROUND",
            RoutingStrategy.ROUND_ROBIN,
            "RANDOM",
            RoutingStrategy.RANDOM,
            "CONSISTENT_HASH",
            RoutingStrategy.CONSISTENT_HASH,
            "LEAST_FREQUENTLY_USED",
            RoutingStrategy.LEAST_FREQUENTLY_USED,
            "LEAST_RECENTLY_USED",
            RoutingStrategy.LEAST_RECENTLY_USED,
            "FAILOVER",
            RoutingStrategy.FAILOVER,
            "BUSYOVER",
            RoutingStrategy.BUSYOVER,
            "SHARDING_BROADCAST",
            RoutingStrategy.SHARDING_BROADCAST);
    private static final Map<String, BlockStrategy> BLOCKS = Map.of(
            "SERIAL_EXECUTION",
            BlockStrategy.SERIAL,
            "DISCARD_LATER",
            BlockStrategy.DISCARD_LATER,
            "COVER_EARLY",
            BlockStrategy.COVER_EARLY,
            "CONCURRENT_EXECUTION",
            BlockStrategy.PARALLEL);
    private static final Map<String, MisfireStrategy> MISFIRES =
            Map.of("DO_NOTHING", MisfireStrategy.DO_NOTHING, "FIRE_ONCE_NOW", MisfireStrategy.FIRE_ONCE_NOW);

    private final ZoneId zone;

    /** A mapping that evaluates cron expressions in {@code zone}, the zone of the xxl-job admin server. */
    XxlJobMapping(ZoneId zone) {
        this.zone = zone;
    }

    ImportPlan plan(XxlJobExport source) {
        List<String> appNotes = new ArrayList<>();
        Map<Integer, String> apps = apps(source.groups(), appNotes);
        List<XxlJobInfo> jobs = source.jobs().stream()
                .sorted(Comparator.comparingInt(XxlJobInfo::id))
                .toList();
        Map<Integer, String> ids = jobs.stream().collect(Collectors.toMap(XxlJobInfo::id, XxlJobMapping::jobId));

        Map<Integer, PlannedJob> drafts = new HashMap<>();
        for (XxlJobInfo job : jobs) {
            String reason = skipReason(job, apps);
            drafts.put(job.id(), reason != null ? PlannedJob.skip(job, reason) : withoutChildren(job, apps, ids));
        }
        Set<Integer> skipped = drafts.values().stream()
                .filter(PlannedJob::skipped)
                .map(PlannedJob::xxlJobId)
                .collect(Collectors.toSet());
        List<PlannedJob> planned = jobs.stream()
                .map(job -> withChildren(job, drafts.get(job.id()), ids, skipped))
                .toList();
        return new ImportPlan(appNotes, planned);
    }

    /** The Carillon id of xxl-job job {@code job}. */
    static String jobId(XxlJobInfo job) {
        String prefix = ID_PREFIX + job.id();
        String handler = Slugs.slug(job.handler(), MAX_JOB_ID_LENGTH - prefix.length() - 1, true);
        return handler.isEmpty() ? prefix : prefix + "-" + handler;
    }

    private static Map<Integer, String> apps(List<XxlJobGroup> groups, List<String> notes) {
        Map<Integer, String> apps = new HashMap<>();
        Set<String> taken = new HashSet<>();
        for (XxlJobGroup group :
                groups.stream().sorted(Comparator.comparingInt(XxlJobGroup::id)).toList()) {
            String app = Slugs.slug(group.appName(), MAX_APP_LENGTH, false);
            if (app.isEmpty()) {
                notes.add("executor '" + group.appName() + "' (group " + group.id()
                        + ") has no letter or digit to name a Carillon app; its jobs are skipped");
                continue;
            }
            if (!taken.add(app)) {
                String suffix = "-" + group.id();
                app = Slugs.slug(app, MAX_APP_LENGTH - suffix.length(), false) + suffix;
                taken.add(app);
            }
            if (!app.equals(group.appName())) {
                notes.add("executor '" + group.appName() + "' (group " + group.id() + ") is app '" + app
                        + "': Carillon app names are 1 to 100 of a-z, 0-9, '.', '_', '-'; set"
                        + " carillon.worker.app=" + app + " in its worker");
            }
            if (group.manualAddresses()) {
                notes.add("executor '" + group.appName() + "' lists its addresses by hand; they are not imported:"
                        + " Carillon workers join their app by themselves");
            }
            apps.put(group.id(), app);
        }
        return apps;
    }

    private static String skipReason(XxlJobInfo job, Map<Integer, String> apps) {
        if (job.glueType() != null && !GLUE_BEAN.equals(job.glueType())) {
            return job.glueType() + " job: its code is kept and run by xxl-job, while Carillon runs only handlers"
                    + " built into workers; port it to a @JobHandler method and create the job";
        }
        if (job.handler() == null || job.handler().isBlank()) {
            return "it has no JobHandler";
        }
        if (!apps.containsKey(job.groupId())) {
            return "its executor (group " + job.groupId() + ") is missing or has no usable app name";
        }
        return null;
    }

    private PlannedJob withoutChildren(XxlJobInfo job, Map<Integer, String> apps, Map<Integer, String> ids) {
        List<String> notes = new ArrayList<>();
        Schedule schedule;
        try {
            schedule = schedule(job);
        } catch (IllegalArgumentException e) {
            return PlannedJob.skip(job, e.getMessage());
        }
        JobDefinition definition = JobDefinition.builder(ids.get(job.id()))
                .app(apps.get(job.groupId()))
                .handler(job.handler().trim())
                .description(blankToNull(job.description()))
                .owner(blankToNull(job.author()))
                .schedule(schedule)
                .enabled(job.triggerStatus() == TRIGGER_RUNNING)
                .params(blankToNull(job.params()))
                .routing(strategy(ROUTES, job.routeStrategy(), "route", RoutingStrategy.ROUND_ROBIN, notes))
                .blockStrategy(strategy(BLOCKS, job.blockStrategy(), "block", BlockStrategy.SERIAL, notes))
                .misfire(new MisfirePolicy(
                        strategy(MISFIRES, job.misfireStrategy(), "misfire", MisfireStrategy.DO_NOTHING, notes),
                        MisfirePolicy.DEFAULT_THRESHOLD_MS,
                        MisfirePolicy.DEFAULT_MAX_CATCH_UP))
                .timeoutMs(Math.max(0, job.timeoutSeconds()) * MILLIS_PER_SECOND)
                .retry(job.retryCount() > 0 ? new RetryPolicy(job.retryCount() + 1, 0, 1, 0) : RetryPolicy.none())
                .build();
        if (job.alarmEmail() != null && !job.alarmEmail().isBlank()) {
            notes.add("alarm email '" + job.alarmEmail().trim() + "' is not imported: set up the console's incident"
                    + " notifications instead");
        }
        List<FieldError> errors = JobValidator.validate(definition);
        if (!errors.isEmpty()) {
            return PlannedJob.skip(
                    job, errors.stream().map(FieldError::toString).collect(Collectors.joining("; ")));
        }
        return PlannedJob.create(job, definition, notes);
    }

    private Schedule schedule(XxlJobInfo job) {
        String type = job.scheduleType() == null ? "NONE" : job.scheduleType().trim();
        String conf = job.scheduleConf() == null ? "" : job.scheduleConf().trim();
        return switch (type) {
            case "CRON" -> Schedule.cron(conf, zone.getId());
            case "FIX_RATE" -> Schedule.fixedRate(seconds(conf) * MILLIS_PER_SECOND);
            case "FIX_DELAY" -> Schedule.fixedDelay(seconds(conf) * MILLIS_PER_SECOND);
            case "NONE" -> Schedule.none();
            default -> throw new IllegalArgumentException("schedule type '" + type + "' has no Carillon equivalent");
        };
    }

    private static long seconds(String conf) {
        try {
            long seconds = Long.parseLong(conf);
            if (seconds > 0) {
                return seconds;
            }
        } catch (NumberFormatException e) {
            throw notSeconds(conf);
        }
        throw notSeconds(conf);
    }

    private static IllegalArgumentException notSeconds(String conf) {
        return new IllegalArgumentException("schedule_conf '" + conf + "' is not a positive number of seconds");
    }

    private static <T> T strategy(Map<String, T> known, String name, String kind, T fallback, List<String> notes) {
        if (name == null || name.isBlank()) {
            return fallback;
        }
        T strategy = known.get(name.trim());
        if (strategy == null) {
            notes.add(kind + " strategy '" + name + "' has no Carillon equivalent; " + fallback + " is used");
            return fallback;
        }
        return strategy;
    }

    private static PlannedJob withChildren(
            XxlJobInfo job, PlannedJob draft, Map<Integer, String> ids, Set<Integer> skipped) {
        if (draft.skipped() || job.childJobIds() == null || job.childJobIds().isBlank()) {
            return draft;
        }
        List<String> notes = new ArrayList<>(draft.notes());
        List<String> children = new ArrayList<>();
        for (String text : job.childJobIds().split(",")) {
            String trimmed = text.trim();
            Integer child = parseId(trimmed);
            if (child == null || !ids.containsKey(child)) {
                notes.add("child job '" + trimmed + "' does not exist in xxl-job; it is left out of children");
            } else if (skipped.contains(child)) {
                notes.add("child job " + child + " is skipped; it is left out of children");
            } else if (!children.contains(ids.get(child))) {
                children.add(ids.get(child));
            }
        }
        return PlannedJob.create(
                job, draft.definition().toBuilder().children(children).build(), notes);
    }

    private static Integer parseId(String text) {
        try {
            return Integer.valueOf(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.trim();
    }
}
