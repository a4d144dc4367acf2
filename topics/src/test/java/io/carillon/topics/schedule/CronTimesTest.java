package io.carillon.topics.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.time.zone.ZoneOffsetTransition;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CronTimesTest {

    private static final CronParser QUARTZ =
            new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.QUARTZ));
    private static final CronParser UNIX = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));
    private static final List<ZoneId> ZONES = List.of(
            ZoneId.of("UTC"),
            ZoneId.of("Asia/Shanghai"),
            ZoneId.of("Europe/Berlin"),
            ZoneId.of("America/New_York"),
            ZoneId.of("Australia/Lord_Howe"),
            ZoneId.of("+05:30"));
    private static final Instant FIRST = Instant.parse("2019-01-01T00:00:00Z");
    private static final long SPAN_SECONDS = 12L * 365 * 24 * 3600;
    private static final int RANDOM_STARTS = 400;
    private static final long SEED = 20261128L;

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0 30 2 * * ?",
                "*/5 * * * * ?",
                "0 0/15 9-17 * * ?",
                "15,45 * * * * ?",
                "0 0 0 * * ?",
                "* * 9 * * ?",
                "7 59 23 ? * *",
                "0 0 12 * * ? *",
                "3/20 10-40/7 1,13 * * ?",
                "59 59 1,2,3 * * ?"
            })
    void aDailyQuartzCronAnswersAsCronUtilsDoes(String expression) {
        CronTimes times = CronTimes.of(QUARTZ.parse(expression).validate());

        assertThat(times.isDaily()).isTrue();
        assertSameAsCronUtils(
                times, ExecutionTime.forCron(QUARTZ.parse(expression).validate()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"*/7 * * * *", "5 4 * * *", "0 0,12 * * *", "30 2 * * *", "* * * * *"})
    void aDailyUnixCronAnswersAsCronUtilsDoes(String expression) {
        CronTimes times = CronTimes.of(UNIX.parse(expression).validate());

        assertThat(times.isDaily()).isTrue();
        assertSameAsCronUtils(
                times, ExecutionTime.forCron(UNIX.parse(expression).validate()));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0 0 12 L * ?",
                "0 0 12 ? * MON-FRI",
                "0 0 0 1 1 ?",
                "0 15 10 ? * 6#3",
                "0 0 0 29 2 ? 2024-2028",
                "0 0 9 */2 * ?"
            })
    void aCronThatDependsOnTheDayIsLeftToCronUtils(String expression) {
        CronTimes times = CronTimes.of(QUARTZ.parse(expression).validate());

        assertThat(times.isDaily()).isFalse();
        assertSameAsCronUtils(
                times, ExecutionTime.forCron(QUARTZ.parse(expression).validate()));
    }

    private static void assertSameAsCronUtils(CronTimes times, ExecutionTime cronUtils) {
        for (ZoneId zone : ZONES) {
            for (ZonedDateTime from : starts(zone, cronUtils)) {
                assertThat(times.nextExecution(from))
                        .as("next after %s", from)
                        .isEqualTo(cronUtils.nextExecution(from));
            }
        }
    }

    /** Random whole seconds, the executions themselves, and the seconds around the zone's offset changes. */
    private static List<ZonedDateTime> starts(ZoneId zone, ExecutionTime cronUtils) {
        Random random = new Random(SEED);
        List<ZonedDateTime> starts = new ArrayList<>();
        for (int i = 0; i < RANDOM_STARTS; i++) {
            ZonedDateTime from = FIRST.plusSeconds((long) (random.nextDouble() * SPAN_SECONDS))
                    .atZone(zone);
            starts.add(from);
            cronUtils.nextExecution(from).ifPresent(starts::add);
        }
        ZoneOffsetTransition transition = zone.getRules().nextTransition(FIRST);
        for (int i = 0; i < 4 && transition != null; i++) {
            Instant at = transition.getInstant();
            for (long offset : new long[] {-7200, -3601, -1, 0, 1, 1799, 3600, 7199}) {
                starts.add(at.plusSeconds(offset).atZone(zone));
            }
            transition = zone.getRules().nextTransition(at);
        }
        return starts.stream().map(from -> from.truncatedTo(ChronoUnit.SECONDS)).toList();
    }
}
