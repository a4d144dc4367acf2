package io.carillon.topics.internal;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.WorkflowRef;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** Events for the codec tests and the codec probe, and a mapper configured like {@code Json} without the codecs. */
final class SampleEvents {

    /** {@code Json.mapper()} as it was before {@link EventJsonModule}: databind's bean machinery for every event. */
    static final JsonMapper DATABIND = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .changeDefaultPropertyInclusion(incl -> incl.withValueInclusion(JsonInclude.Include.NON_NULL))
            .addModule(new InstantJsonModule())
            .build();

    static final Instant T = Instant.parse("2026-11-22T10:00:00.123Z");

    private SampleEvents() {}

    static FireEvent fire() {
        return new FireEvent(
                1,
                FireAction.FIRE,
                "nightly@1",
                "nightly",
                7,
                "reports",
                "render",
                T,
                FireKind.SCHEDULED,
                2,
                "{\"day\":1}",
                RoutingStrategy.ROUND_ROBIN,
                List.of("w-1", "w-2"),
                BlockStrategy.SERIAL,
                30_000,
                new MisfirePolicy(MisfireStrategy.CATCH_UP, 9_000, 3),
                "parent#0",
                T,
                T.plusMillis(250),
                1,
                4);
    }

    static Trigger trigger() {
        return new Trigger(
                1,
                "nightly@1#0",
                "nightly@1",
                "nightly",
                "reports",
                "render",
                "{\"day\":1}",
                FireKind.RETRY,
                3,
                T,
                T.plusNanos(1),
                2,
                4,
                BlockStrategy.COVER_EARLY,
                60_000,
                "w-1",
                "parent#0",
                T.plusSeconds(1));
    }

    static RunResult result() {
        return new RunResult(
                1,
                "nightly@1#0",
                "nightly@1",
                "nightly",
                "reports",
                "render",
                "w-1",
                RunStatus.FAILED,
                FireKind.MANUAL,
                2,
                1,
                3,
                T,
                T.plusMillis(5),
                T.plusSeconds(2),
                "boom \"quoted\" é\n",
                "java.lang.IllegalStateException",
                new Progress(5, 10, "half"),
                T.plusSeconds(2),
                "{}",
                "p#1");
    }

    /** A workflow ref with two ancestors' outputs, one of them odd text. */
    static WorkflowRef workflowRef() {
        return new WorkflowRef(
                "nightly-pipeline",
                "nightly-pipeline@1",
                "transform",
                2,
                Map.of("extract-b", "tab\t\"q\" \u00e9", "extract-a", "{\"rows\":3}"));
    }

    /** Events with random values: every field null or set, every enum constant, odd strings, instants and numbers. */
    static List<Object> random(Random random, int count) {
        List<Object> events = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            events.add(
                    switch (i % 3) {
                        case 0 ->
                            new FireEvent(
                                    random.nextInt(3),
                                    pick(random, FireAction.values()),
                                    string(random),
                                    string(random),
                                    random.nextLong(),
                                    string(random),
                                    string(random),
                                    instant(random),
                                    pick(random, FireKind.values()),
                                    random.nextInt(5) - 1,
                                    string(random),
                                    pick(random, RoutingStrategy.values()),
                                    random.nextBoolean() ? null : strings(random),
                                    pick(random, BlockStrategy.values()),
                                    random.nextLong(),
                                    random.nextBoolean()
                                            ? null
                                            : new MisfirePolicy(
                                                    pick(random, MisfireStrategy.values()),
                                                    random.nextLong(),
                                                    random.nextInt()),
                                    string(random),
                                    instant(random),
                                    instant(random),
                                    random.nextBoolean() ? null : random.nextInt(100),
                                    random.nextInt(100),
                                    workflowRef(random));
                        case 1 ->
                            new Trigger(
                                    random.nextInt(3),
                                    string(random),
                                    string(random),
                                    string(random),
                                    string(random),
                                    string(random),
                                    string(random),
                                    pick(random, FireKind.values()),
                                    random.nextInt(),
                                    instant(random),
                                    instant(random),
                                    random.nextInt(),
                                    random.nextInt(),
                                    pick(random, BlockStrategy.values()),
                                    random.nextLong(),
                                    string(random),
                                    string(random),
                                    instant(random),
                                    workflowRef(random));
                        default ->
                            new RunResult(
                                    random.nextInt(3),
                                    string(random),
                                    string(random),
                                    string(random),
                                    string(random),
                                    string(random),
                                    string(random),
                                    pick(random, RunStatus.values()),
                                    pick(random, FireKind.values()),
                                    random.nextInt(),
                                    random.nextInt(),
                                    random.nextInt(),
                                    instant(random),
                                    instant(random),
                                    instant(random),
                                    string(random),
                                    string(random),
                                    random.nextBoolean()
                                            ? null
                                            : new Progress(random.nextLong(), random.nextLong(), string(random)),
                                    instant(random),
                                    string(random),
                                    string(random),
                                    workflowRef(random),
                                    string(random));
                    });
        }
        return events;
    }

    private static WorkflowRef workflowRef(Random random) {
        return switch (random.nextInt(3)) {
            case 0 -> null;
            case 1 -> new WorkflowRef(string(random), string(random), string(random), random.nextInt(), null);
            default -> workflowRef();
        };
    }

    private static <E> E pick(Random random, E[] values) {
        int index = random.nextInt(values.length + 1);
        return index == values.length ? null : values[index];
    }

    private static String string(Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> null;
            case 1 -> "";
            case 2 -> "tab\t\"q\" \\ \u00e9\u4e2d\ud83d\ude00 \u0001";
            default -> Long.toString(random.nextLong(), 36);
        };
    }

    private static List<String> strings(Random random) {
        List<String> strings = new ArrayList<>();
        for (int i = random.nextInt(4); i > 0; i--) {
            strings.add(Long.toString(random.nextLong(), 36));
        }
        return strings;
    }

    private static Instant instant(Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> null;
            case 1 -> Instant.ofEpochSecond(random.nextInt(2_000_000_000));
            case 2 -> Instant.ofEpochSecond(random.nextInt(2_000_000_000), random.nextInt(1_000) * 1_000_000);
            case 3 -> Instant.ofEpochSecond(random.nextInt(2_000_000_000), random.nextInt(1_000_000_000));
            default -> Instant.ofEpochSecond(random.nextLong() % 400_000_000_000L, random.nextInt(1_000_000_000));
        };
    }
}
