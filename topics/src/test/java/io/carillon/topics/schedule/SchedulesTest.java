package io.carillon.topics.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.ScheduleType;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class SchedulesTest {

    private static final Instant NOON = Instant.parse("2026-11-22T12:00:00.400Z");

    @Test
    void fixedRateIsAnchoredToTheEpochSoItLandsOnWholeIntervals() {
        assertThat(Schedules.nextAfter(Schedule.fixedRate(1000), NOON)).contains(Instant.parse("2026-11-22T12:00:01Z"));
        assertThat(Schedules.nextAfter(Schedule.fixedRate(1000), Instant.parse("2026-11-22T12:00:01Z")))
                .contains(Instant.parse("2026-11-22T12:00:02Z"));
    }

    @Test
    void fixedRateHonoursStartAndEnd() {
        Schedule schedule = new Schedule(
                ScheduleType.FIXED_RATE,
                null,
                60_000L,
                null,
                null,
                Instant.parse("2026-11-22T12:00:30Z"),
                Instant.parse("2026-11-22T12:02:30Z"));
        List<Instant> fires = take(schedule, NOON, 5);
        assertThat(fires)
                .containsExactly(
                        Instant.parse("2026-11-22T12:00:30Z"),
                        Instant.parse("2026-11-22T12:01:30Z"),
                        Instant.parse("2026-11-22T12:02:30Z"));
    }

    @Test
    void quartzCronIsEvaluatedInTheJobsZone() {
        assertThat(Schedules.nextAfter(Schedule.cron("0 0 9 * * ?", "Europe/Berlin"), NOON))
                .contains(Instant.parse("2026-11-23T08:00:00Z"));
        assertThat(Schedules.nextAfter(
                        Schedule.cron("0 0 9 * * ?", "Europe/Berlin"), Instant.parse("2026-07-01T00:00:00Z")))
                .contains(Instant.parse("2026-07-01T07:00:00Z"));
    }

    @Test
    void cronInstantsAreWholeSecondsWhateverTheMillisOfTheStartingPoint() {
        assertThat(Schedules.nextAfter(Schedule.cron("* * * * * ?", null), NOON))
                .contains(Instant.parse("2026-11-22T12:00:01Z"));
        Schedule bounded = new Schedule(
                ScheduleType.CRON, "0 * * * * ?", null, null, null, Instant.parse("2026-11-22T12:05:00.250Z"), null);
        assertThat(Schedules.nextAfter(bounded, NOON)).contains(Instant.parse("2026-11-22T12:06:00Z"));
    }

    @Test
    void unixCronHasNoSecondsField() {
        assertThat(Schedules.nextAfter(Schedule.cron("*/15 * * * *", null), NOON))
                .contains(Instant.parse("2026-11-22T12:15:00Z"));
    }

    @Test
    void onceFiresOnlyWhileInTheFutureAndNoneNever() {
        Instant at = Instant.parse("2026-12-24T18:00:00Z");
        assertThat(Schedules.nextAfter(Schedule.once(at), NOON)).contains(at);
        assertThat(Schedules.nextAfter(Schedule.once(at), at)).isEmpty();
        assertThat(Schedules.nextAfter(Schedule.none(), NOON)).isEmpty();
    }

    @Test
    void describesEachScheduleTypeInWords() {
        assertThat(Schedules.describe(Schedule.cron("0 0 9 * * ?", "Europe/Berlin")))
                .isEqualTo("at 09:00 (Europe/Berlin)");
        assertThat(Schedules.describe(Schedule.cron("* * 9 * * ?", null))).isEqualTo("every second, at 09:00 (Z)");
        assertThat(Schedules.describe(Schedule.cron("0 */5 * * *", "UTC")))
                .isEqualTo("every 5 hours at minute 0 (UTC)");
        assertThat(Schedules.describe(Schedule.fixedRate(300_000))).isEqualTo("every 5 minutes");
        assertThat(Schedules.describe(Schedule.fixedDelay(1_500)))
                .isEqualTo("1500 milliseconds after the end of each run");
        assertThat(Schedules.describe(Schedule.fixedRate(3_600_000))).isEqualTo("every 1 hour");
        assertThat(Schedules.describe(Schedule.once(NOON))).isEqualTo("once at " + NOON);
        assertThat(Schedules.describe(Schedule.none())).startsWith("never by itself");
    }

    @Test
    void describesEachScheduleTypeInChineseForAChineseLocale() {
        String daily = Schedules.describe(Schedule.cron("0 0 9 * * ?", "Asia/Shanghai"), Locale.SIMPLIFIED_CHINESE);
        assertThat(daily).endsWith("（Asia/Shanghai）").contains("09:00").doesNotContain("at ");
        assertThat(Schedules.describe(Schedule.cron("* * 9 * * ?", null), Locale.CHINESE))
                .contains("秒");
        assertThat(Schedules.describe(Schedule.fixedRate(300_000), Locale.SIMPLIFIED_CHINESE))
                .isEqualTo("每 5 分钟");
        assertThat(Schedules.describe(Schedule.fixedDelay(1_500), Locale.SIMPLIFIED_CHINESE))
                .isEqualTo("每次运行结束 1500 毫秒 后");
        assertThat(Schedules.describe(Schedule.once(NOON), Locale.SIMPLIFIED_CHINESE))
                .isEqualTo("于 " + NOON + " 运行一次");
        assertThat(Schedules.describe(Schedule.none(), Locale.SIMPLIFIED_CHINESE))
                .startsWith("不自动触发");
        assertThat(Schedules.describe(Schedule.fixedRate(300_000), Locale.GERMAN))
                .isEqualTo("every 5 minutes");
    }

    private static List<Instant> take(Schedule schedule, Instant from, int max) {
        List<Instant> fires = new ArrayList<>();
        Instant cursor = from;
        for (int i = 0; i < max; i++) {
            var next = Schedules.nextAfter(schedule, cursor);
            if (next.isEmpty()) {
                break;
            }
            fires.add(next.get());
            cursor = next.get();
        }
        return fires;
    }
}
