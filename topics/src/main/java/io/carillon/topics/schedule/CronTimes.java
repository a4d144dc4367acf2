package io.carillon.topics.schedule;

import com.cronutils.model.Cron;
import com.cronutils.model.field.CronField;
import com.cronutils.model.field.CronFieldName;
import com.cronutils.model.field.expression.Always;
import com.cronutils.model.field.expression.QuestionMark;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.model.time.generator.FieldValueGenerator;
import com.cronutils.model.time.generator.FieldValueGeneratorFactory;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * The execution times of one cron expression: cron-utils' {@link ExecutionTime}, with a shortcut for the most common
 * shape, a cron that fires at the same times every day (day of month, month, day of week and year unrestricted:
 * {@code 0 30 2 * * ?}, {@code 0 0/15 9-17 * * ?}, {@code 5 4 * * *}). For such a cron the next time is the next
 * member of three small sets (seconds, minutes, hours, taken from cron-utils' own field matching), where cron-utils
 * searches candidate days, tens of microseconds a call. The shortcut answers only from a whole second and only when
 * the zone's offset does not change between the start and the answer; cron-utils answers everything else.
 * Immutable; thread-safe.
 */
final class CronTimes {

    private static final int SECONDS_PER_MINUTE = 60;
    private static final int MINUTES_PER_HOUR = 60;
    private static final int HOURS_PER_DAY = 24;
    private static final List<CronFieldName> DAY_FIELDS =
            List.of(CronFieldName.DAY_OF_MONTH, CronFieldName.MONTH, CronFieldName.DAY_OF_WEEK, CronFieldName.YEAR);

    private final ExecutionTime executionTime;
    private final BitSet seconds;
    private final BitSet minutes;
    private final BitSet hours;

    private CronTimes(ExecutionTime executionTime, BitSet seconds, BitSet minutes, BitSet hours) {
        this.executionTime = executionTime;
        this.seconds = seconds;
        this.minutes = minutes;
        this.hours = hours;
    }

    /** The execution times of a parsed and validated cron. */
    static CronTimes of(Cron cron) {
        ExecutionTime executionTime = ExecutionTime.forCron(cron);
        if (DAY_FIELDS.stream().map(cron::retrieve).allMatch(CronTimes::unrestricted)) {
            BitSet seconds = matching(cron.retrieve(CronFieldName.SECOND), SECONDS_PER_MINUTE);
            BitSet minutes = matching(cron.retrieve(CronFieldName.MINUTE), MINUTES_PER_HOUR);
            BitSet hours = matching(cron.retrieve(CronFieldName.HOUR), HOURS_PER_DAY);
            if (!seconds.isEmpty() && !minutes.isEmpty() && !hours.isEmpty()) {
                return new CronTimes(executionTime, seconds, minutes, hours);
            }
        }
        return new CronTimes(executionTime, null, null, null);
    }

    /** The first execution strictly after {@code from}, in its zone; empty when the cron has none left. */
    Optional<ZonedDateTime> nextExecution(ZonedDateTime from) {
        ZonedDateTime daily = isDaily() && from.getNano() == 0 ? nextDaily(from) : null;
        return daily != null ? Optional.of(daily) : executionTime.nextExecution(from);
    }

    /** Whether the cron fires at the same times every day, so the shortcut applies. */
    boolean isDaily() {
        return hours != null;
    }

    /** The next time of day in the sets, on this day or the next; null when the zone's offset changes before it. */
    private ZonedDateTime nextDaily(ZonedDateTime from) {
        LocalTime time = from.toLocalTime();
        LocalTime later = laterTimeOfDay(time.getHour(), time.getMinute(), time.getSecond());
        LocalDateTime next = later != null
                ? from.toLocalDate().atTime(later)
                : from.toLocalDate()
                        .plusDays(1)
                        .atTime(hours.nextSetBit(0), minutes.nextSetBit(0), seconds.nextSetBit(0));
        Instant instant = next.toInstant(from.getOffset());
        ZoneOffsetTransition transition = from.getZone().getRules().nextTransition(from.toInstant());
        if (transition != null && !transition.getInstant().isAfter(instant)) {
            return null;
        }
        return ZonedDateTime.ofInstant(instant, from.getZone());
    }

    /** The first time of day in the sets after {@code hour:minute:second}, or null when none is left that day. */
    private LocalTime laterTimeOfDay(int hour, int minute, int second) {
        if (hours.get(hour) && minutes.get(minute)) {
            int nextSecond = seconds.nextSetBit(second + 1);
            if (nextSecond >= 0) {
                return LocalTime.of(hour, minute, nextSecond);
            }
        }
        if (hours.get(hour)) {
            int nextMinute = minutes.nextSetBit(minute + 1);
            if (nextMinute >= 0) {
                return LocalTime.of(hour, nextMinute, seconds.nextSetBit(0));
            }
        }
        int nextHour = hours.nextSetBit(hour + 1);
        return nextHour >= 0 ? LocalTime.of(nextHour, minutes.nextSetBit(0), seconds.nextSetBit(0)) : null;
    }

    private static boolean unrestricted(CronField field) {
        return field == null
                || field.getExpression() instanceof Always
                || field.getExpression() instanceof QuestionMark;
    }

    /** The values of a time field the cron fires at; a cron without a seconds field (Unix) fires at second 0. */
    private static BitSet matching(CronField field, int size) {
        BitSet values = new BitSet(size);
        if (field == null) {
            values.set(0);
            return values;
        }
        FieldValueGenerator generator = FieldValueGeneratorFactory.forCronField(field);
        for (int value = 0; value < size; value++) {
            if (generator.isMatch(value)) {
                values.set(value);
            }
        }
        return values;
    }
}
