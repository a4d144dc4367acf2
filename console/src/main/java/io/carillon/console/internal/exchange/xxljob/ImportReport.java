package io.carillon.console.internal.exchange.xxljob;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** What an import did (or, in a dry run, would do) with each job of a {@link ImportPlan}, printable as text. */
record ImportReport(ImportPlan plan, boolean dryRun, List<Entry> entries) {

    /** What happened to one planned job. */
    enum Outcome {
        CREATED,
        WOULD_CREATE,
        EXISTS,
        SKIPPED,
        FAILED
    }

    /** One planned job and its outcome; {@code message} says why for EXISTS, SKIPPED and FAILED. */
    record Entry(PlannedJob job, Outcome outcome, String message) {}

    ImportReport {
        entries = List.copyOf(entries);
    }

    /** How many jobs had each outcome. */
    Map<Outcome, Long> counts() {
        Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
        entries.forEach(entry -> counts.merge(entry.outcome(), 1L, Long::sum));
        return counts;
    }

    boolean failed() {
        return counts().containsKey(Outcome.FAILED);
    }

    /** The report as lines of text: the apps' notes, then one line per job with its notes indented below. */
    List<String> lines() {
        List<String> lines = new ArrayList<>();
        plan.appNotes().forEach(note -> lines.add("app     " + note));
        for (Entry entry : entries) {
            PlannedJob job = entry.job();
            String label = String.format("%-13s", words(entry.outcome()));
            String source = "xxl-job " + job.xxlJobId() + " '" + job.title() + "'";
            if (job.definition() == null) {
                lines.add(label + source + ": " + entry.message());
                continue;
            }
            lines.add(label + job.definition().id() + " <- " + source + " " + describe(job.definition())
                    + (entry.message() == null ? "" : ": " + entry.message()));
            job.notes().forEach(note -> lines.add("              note: " + note));
        }
        lines.add(counts().entrySet().stream()
                .map(count -> count.getValue() + " " + words(count.getKey()))
                .collect(Collectors.joining(", ", dryRun ? "dry run, nothing changed: " : "done: ", "")));
        return lines;
    }

    private static String words(Outcome outcome) {
        return outcome.name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private static String describe(JobDefinition job) {
        return "[app " + job.app() + ", handler " + job.handler() + ", " + describe(job.schedule())
                + (job.enabled() ? "" : ", disabled") + "]";
    }

    private static String describe(Schedule schedule) {
        return switch (schedule.type()) {
            case CRON -> "cron '" + schedule.cron() + "' " + schedule.zone();
            case FIXED_RATE -> "every " + schedule.intervalMs() + " ms";
            case FIXED_DELAY -> schedule.intervalMs() + " ms after each run";
            case ONCE -> "once at " + schedule.at();
            case NONE -> "no schedule";
        };
    }
}
