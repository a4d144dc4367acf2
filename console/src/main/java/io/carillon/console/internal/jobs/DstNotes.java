package io.carillon.console.internal.jobs;

import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import io.carillon.topics.schedule.Schedules;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the daylight-saving changes of a cron schedule's zone in a period and, for each, the local times the cron
 * names that the change skips or folds, and when the schedule really fires for them (cron-utils skips a skipped
 * time, and fires a folded time once or twice depending on the cron's shape, so the fires are computed, not
 * assumed). Stateless.
 */
final class DstNotes {

    /** Examples and fires listed per note; the rest is counted. */
    static final int LISTED = 3;

    private static final Duration BEFORE_TIME = Duration.ofSeconds(1);

    private DstNotes() {}

    /** The notes of {@code schedule} (a valid CRON schedule) for the changes in {@code [from, until)}. */
    static List<DstNote> of(Schedule schedule, Instant from, Instant until) {
        List<DstNote> notes = new ArrayList<>();
        ZoneId zone = Schedules.zoneOf(schedule);
        ZoneOffsetTransition transition = zone.getRules().nextTransition(from);
        while (transition != null && transition.getInstant().isBefore(until)) {
            note(schedule, zone, transition).ifPresent(notes::add);
            transition = zone.getRules().nextTransition(transition.getInstant());
        }
        return notes;
    }

    private static Optional<DstNote> note(Schedule schedule, ZoneId zone, ZoneOffsetTransition transition) {
        boolean gap = transition.isGap();
        LocalDateTime start = gap ? transition.getDateTimeBefore() : transition.getDateTimeAfter();
        LocalDateTime end = gap ? transition.getDateTimeAfter() : transition.getDateTimeBefore();
        Schedule atOldOffset = new Schedule(
                ScheduleType.CRON,
                schedule.cron(),
                null,
                null,
                transition.getOffsetBefore().getId(),
                null,
                null);
        List<LocalDateTime> examples = new ArrayList<>();
        int named = 0;
        Instant cursor = start.minus(BEFORE_TIME).toInstant(transition.getOffsetBefore());
        for (Optional<Instant> next = Schedules.nextAfter(atOldOffset, cursor);
                next.isPresent();
                next = Schedules.nextAfter(atOldOffset, next.get())) {
            LocalDateTime local = LocalDateTime.ofInstant(next.get(), transition.getOffsetBefore());
            if (!local.isBefore(end)) {
                break;
            }
            named++;
            if (examples.size() < LISTED) {
                examples.add(local);
            }
        }
        if (named == 0) {
            return Optional.empty();
        }
        String times = "the local times from " + start.toLocalTime() + " to before " + end.toLocalTime() + " of "
                + start.toLocalDate();
        String names = "the cron names " + named + " of them ("
                + String.join(
                        ", ",
                        examples.stream()
                                .map(local -> local.toLocalTime().toString())
                                .toList()) + (named > examples.size() ? ", ..." : "")
                + ")";
        if (gap) {
            List<Instant> fires = shiftedFires(schedule, zone, examples);
            return Optional.of(new DstNote(
                    DstNote.Kind.SKIPPED,
                    transition.getInstant(),
                    start,
                    end,
                    named,
                    examples,
                    fires,
                    times + " do not exist in " + zone.getId() + " (clocks go forward at "
                            + transition.getInstant() + "); " + names
                            + (fires.isEmpty()
                                    ? ": the schedule does not fire for them"
                                    : ": the schedule fires at " + fires + " instead")));
        }
        List<Instant> fires = new ArrayList<>();
        int fired = countFires(
                schedule,
                start.toInstant(transition.getOffsetBefore()),
                end.toInstant(transition.getOffsetAfter()),
                fires);
        return Optional.of(new DstNote(
                DstNote.Kind.FOLDED,
                transition.getInstant(),
                start,
                end,
                named,
                examples,
                fires,
                times + " occur twice in " + zone.getId() + " (clocks go back at " + transition.getInstant()
                        + "); " + names + ": the schedule fires " + (fired == 1 ? "once" : fired + " times")
                        + " for them, "
                        + (fired > named ? "some folded times twice" : "each folded time once")));
    }

    /** The instants Java moves the skipped {@code examples} to, where the schedule really fires. */
    private static List<Instant> shiftedFires(Schedule schedule, ZoneId zone, List<LocalDateTime> examples) {
        List<Instant> fires = new ArrayList<>();
        for (LocalDateTime local : examples) {
            Instant shifted = local.atZone(zone).toInstant();
            if (Schedules.nextAfter(schedule, shifted.minus(BEFORE_TIME))
                    .filter(shifted::equals)
                    .isPresent()) {
                fires.add(shifted);
            }
        }
        return fires;
    }

    /** Counts the fires in {@code [from, until)}, listing the first few in {@code listed}. */
    private static int countFires(Schedule schedule, Instant from, Instant until, List<Instant> listed) {
        int count = 0;
        Optional<Instant> next = Schedules.nextAfter(schedule, from.minus(BEFORE_TIME));
        while (next.isPresent() && next.get().isBefore(until)) {
            count++;
            if (listed.size() < LISTED * 2) {
                listed.add(next.get());
            }
            next = Schedules.nextAfter(schedule, next.get());
        }
        return count;
    }
}
