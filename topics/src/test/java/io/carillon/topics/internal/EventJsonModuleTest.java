package io.carillon.topics.internal;

import static io.carillon.topics.internal.SampleEvents.DATABIND;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.Json;
import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.FireAction;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.Progress;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** The streaming codecs write the bytes databind writes and read what databind reads, errors included. */
class EventJsonModuleTest {

    private static final ObjectMapper CODECS = Json.mapper();

    static Stream<Object> samples() {
        List<Object> samples = new ArrayList<>(List.of(
                SampleEvents.fire(),
                SampleEvents.trigger(),
                SampleEvents.result(),
                FireEvent.cancel("nightly", "nightly@1", SampleEvents.T, SampleEvents.T),
                new FireEvent(
                        0, null, null, null, 0, null, null, null, null, 0, null, null, null, null, 0, null, null, null,
                        null, null, 0),
                new Trigger(
                        0, null, null, null, null, null, null, null, 0, null, null, 0, 0, null, 0, null, null, null),
                new RunResult(
                        0, null, null, null, null, null, null, null, null, 0, 0, 0, null, null, null, null, null, null,
                        null, null, null),
                SampleEvents.result().withProgress(new Progress(0, 0, null)),
                SampleEvents.result().withProgress(new Progress(Long.MIN_VALUE, Long.MAX_VALUE, "")),
                SampleEvents.fire().dueAt(null).onlyShard(0, 1),
                SampleEvents.fire().withWorkflow(SampleEvents.workflowRef()),
                SampleEvents.result().withOutput("{\"rows\":3}")));
        for (FireKind kind : FireKind.values()) {
            samples.add(new Trigger(
                    1,
                    "r",
                    "f",
                    "j",
                    "a",
                    "h",
                    null,
                    kind,
                    1,
                    SampleEvents.T,
                    SampleEvents.T,
                    0,
                    1,
                    null,
                    0,
                    null,
                    null));
        }
        for (BlockStrategy block : BlockStrategy.values()) {
            samples.add(new Trigger(
                    1,
                    "r",
                    "f",
                    "j",
                    "a",
                    "h",
                    null,
                    null,
                    1,
                    SampleEvents.T,
                    SampleEvents.T,
                    0,
                    1,
                    block,
                    0,
                    null,
                    null));
        }
        for (RunStatus status : RunStatus.values()) {
            samples.add(new RunResult(
                    1,
                    "r",
                    "f",
                    "j",
                    "a",
                    "h",
                    "w",
                    status,
                    FireKind.API,
                    1,
                    0,
                    1,
                    SampleEvents.T,
                    null,
                    null,
                    null,
                    null,
                    null,
                    SampleEvents.T));
        }
        for (RoutingStrategy routing : RoutingStrategy.values()) {
            samples.add(new FireEvent(
                    1,
                    FireAction.CANCEL,
                    "f",
                    "j",
                    1,
                    "a",
                    "h",
                    SampleEvents.T,
                    FireKind.BACKFILL,
                    1,
                    null,
                    routing,
                    List.of(),
                    null,
                    0,
                    null,
                    null,
                    SampleEvents.T));
        }
        for (MisfireStrategy strategy : MisfireStrategy.values()) {
            samples.add(new FireEvent(
                    1,
                    FireAction.FIRE,
                    "f",
                    "j",
                    1,
                    "a",
                    "h",
                    SampleEvents.T,
                    FireKind.MISFIRE,
                    1,
                    null,
                    null,
                    List.of("only"),
                    null,
                    0,
                    new MisfirePolicy(strategy, 1, 1),
                    null,
                    null));
        }
        return samples.stream();
    }

    @ParameterizedTest
    @MethodSource("samples")
    void writesDatabindsBytesAndReadsBackWhatDatabindReads(Object event) {
        byte[] expected = DATABIND.writeValueAsBytes(event);

        assertThat(CODECS.writeValueAsBytes(event))
                .asString()
                .isEqualTo(new String(expected, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(CODECS.readValue(expected, event.getClass()))
                .isEqualTo(DATABIND.readValue(expected, event.getClass()))
                .isEqualTo(event);
    }

    @Test
    void manyRandomEventsWriteAndReadAsWithDatabind() {
        Random random = new Random(20261122);
        for (Object event : SampleEvents.random(random, 3_000)) {
            byte[] expected = DATABIND.writeValueAsBytes(event);
            assertThat(CODECS.writeValueAsBytes(event)).as("%s", event).isEqualTo(expected);
            assertThat(CODECS.readValue(expected, event.getClass()))
                    .as("%s", event)
                    .isEqualTo(DATABIND.readValue(expected, event.getClass()))
                    .isEqualTo(event);
        }
    }

    @Test
    void readsShuffledFieldsUnknownFieldsNullsAndGapsAsDatabindDoes() {
        Random random = new Random(7);
        List<Object> events = new ArrayList<>(samples().toList());
        events.addAll(SampleEvents.random(random, 300));
        for (Object event : events) {
            for (int variant = 0; variant < 5; variant++) {
                String json = scramble((ObjectNode) DATABIND.valueToTree(event), random);
                assertSameOutcome(json, event.getClass());
            }
        }
    }

    /** The event's properties in a random order, some dropped, some null, with unknown ones among them. */
    private static String scramble(ObjectNode node, Random random) {
        List<Map.Entry<String, JsonNode>> properties = new ArrayList<>(node.properties());
        Collections.shuffle(properties, random);
        ObjectNode scrambled = DATABIND.createObjectNode();
        int unknown = 0;
        for (Map.Entry<String, JsonNode> property : properties) {
            switch (random.nextInt(8)) {
                case 0 -> {}
                case 1 -> scrambled.putNull(property.getKey());
                default -> scrambled.set(property.getKey(), property.getValue());
            }
            switch (random.nextInt(6)) {
                case 0 -> scrambled.put("unknown" + unknown++, "text");
                case 1 -> scrambled.put("unknown" + unknown++, 42.5);
                case 2 ->
                    scrambled.set(
                            "unknown" + unknown++,
                            DATABIND.readTree("{\"a\":[1,{\"b\":[]}],\"runId\":\"inner\",\"status\":\"NOPE\"}"));
                case 3 -> scrambled.set("unknown" + unknown++, DATABIND.readTree("[[{\"x\":null}],\"y\",{}]"));
                default -> {}
            }
        }
        return scrambled.toString();
    }

    static Stream<String> oddInputs() {
        return Stream.of(
                "R {\"status\":\"NOPE\"}",
                "R {\"status\":\"succeeded\"}",
                "R {\"status\":\"\"}",
                "R {\"status\":\"1\"}",
                "R {\"status\":1}",
                "R {\"status\":[\"SUCCEEDED\"]}",
                "R {\"attempt\":\"x\"}",
                "R {\"attempt\":\"3\"}",
                "R {\"attempt\":true}",
                "R {\"attempt\":99999999999}",
                "R {\"shardIndex\":1.7}",
                "R {\"shardIndex\":\"1.5\"}",
                "R {\"shardIndex\":\"\"}",
                "R {\"attempt\":null,\"status\":null,\"shardIndex\":null,\"progress\":null}",
                "R {\"runId\":5}",
                "R {\"runId\":true}",
                "R {\"runId\":1.5e3}",
                "R {\"runId\":{\"a\":1}}",
                "R {\"runId\":[]}",
                "R {\"message\":[1]}",
                "R {\"shardIndex\":2,\"shardIndex\":3}",
                "R {\"progress\":{\"done\":\"4\",\"total\":null,\"extra\":{}}}",
                "R {\"progress\":{\"done\":\"z\"}}",
                "R {\"progress\":\"x\"}",
                "R {\"progress\":[]}",
                "R {\"progress\":\"\"}",
                "R {\"progress\":{}}",
                "R {\"scheduledAt\":12345}",
                "R {\"scheduledAt\":1.5}",
                "R {\"scheduledAt\":\"\"}",
                "R {\"scheduledAt\":\"2026-11-22T10:00:00+01:00\"}",
                "R {\"scheduledAt\":\"bad\"}",
                "R {\"scheduledAt\":[]}",
                "R {\"scheduledAt\":\"2026-02-30T10:00:00Z\"}",
                "R []",
                "R \"x\"",
                "R \"\"",
                "R 5",
                "R null",
                "R {}",
                "R {\"runId\":\"a\" \"b\"}",
                "R {\"runId\":\"a\"",
                "F {\"pinnedInstances\":\"a\"}",
                "F {\"pinnedInstances\":[null,\"a\"]}",
                "F {\"pinnedInstances\":[1,2.5,true]}",
                "F {\"pinnedInstances\":[{}]}",
                "F {\"pinnedInstances\":[\"a\",[]]}",
                "F {\"shardIndex\":\"2\"}",
                "F {\"shardIndex\":\"\"}",
                "F {\"shardIndex\":1.5}",
                "F {\"timeoutMs\":\"12\"}",
                "F {\"timeoutMs\":1e3}",
                "F {\"misfire\":{\"strategy\":\"CATCH_UP\",\"thresholdMs\":0}}",
                "F {\"misfire\":{\"strategy\":\"NO\"}}",
                "F {\"misfire\":5}",
                "F {\"misfire\":null,\"pinnedInstances\":null,\"action\":null}",
                "F {\"action\":\"STOP\"}",
                "F {\"jobVersion\":\"v\"}",
                "T {\"shardIndex\":5,\"kind\":\"RETRY\",\"blockStrategy\":\"x\"}",
                "T {\"dueAt\":null,\"scheduledAt\":\"2026-01-01T00:00:00Z\"}",
                "T {\"timeoutMs\":[]}");
    }

    @ParameterizedTest
    @MethodSource("oddInputs")
    void oddInputGivesDatabindsValueOrDatabindsError(String input) {
        Class<?> type = switch (input.charAt(0)) {
            case 'F' -> FireEvent.class;
            case 'T' -> Trigger.class;
            default -> RunResult.class;
        };
        assertSameOutcome(input.substring(2), type);
    }

    @Test
    void aWrongTypeNamesTheField() {
        assertThatThrownBy(() -> CODECS.readValue("{\"attempt\":{\"n\":1}}", RunResult.class))
                .isInstanceOf(MismatchedInputException.class)
                .satisfies(e ->
                        assertThat(((JacksonException) e).getPathReference()).endsWith("RunResult[\"attempt\"]"));
        assertThatThrownBy(() -> EventSerdes.FIRE.parse("{\"misfire\":{\"maxCatchUp\":\"many\"}}"))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageContaining("field 'misfire.maxCatchUp'")
                .hasMessageContaining("many");
    }

    @Test
    void aBadEnumNameNamesTheFieldAndTheValue() {
        assertThatThrownBy(() -> CODECS.readValue("{\"status\":\"DONE\"}", RunResult.class))
                .isInstanceOf(InvalidFormatException.class)
                .hasMessageContaining("\"DONE\"")
                .hasMessageContaining("RunResult[\"status\"]");
        assertThatThrownBy(() -> EventSerdes.TRIGGER.parse("{\"runId\":\"r\",\"kind\":\"LATER\"}"))
                .isInstanceOf(InvalidEventException.class)
                .hasMessageStartingWith("not a valid Trigger: field 'kind'")
                .hasMessageContaining("LATER");
    }

    @Test
    void aMapperStrictAboutUnknownFieldsStaysStrict() {
        JsonMapper strict = Json.mapper()
                .rebuild()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
        JsonMapper strictDatabind = DATABIND.rebuild()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
        String job = "{\"id\":\"tick\",\"app\":\"demo\",\"handler\":\"echo\",\"misfire\":{\"strategy\":\"CATCH_UP\","
                + "\"bogus\":1}}";

        assertThat(outcome(strict, "{\"runId\":\"r\",\"bogus\":[1]}", RunResult.class))
                .isEqualTo(outcome(strictDatabind, "{\"runId\":\"r\",\"bogus\":[1]}", RunResult.class))
                .startsWith(UnrecognizedPropertyException.class.getSimpleName());
        assertThat(outcome(strict, job, JobDefinition.class))
                .isEqualTo(outcome(strictDatabind, job, JobDefinition.class))
                .contains("MisfirePolicy[\"bogus\"]");
    }

    private static void assertSameOutcome(String json, Class<?> type) {
        assertThat(outcome(CODECS, json, type)).as(json).isEqualTo(outcome(DATABIND, json, type));
    }

    /** The value read, or the error's class, message and path. */
    private static String outcome(ObjectMapper mapper, String json, Class<?> type) {
        try {
            return String.valueOf(mapper.readValue(json, type));
        } catch (JacksonException e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage() + " at " + e.getPathReference();
        }
    }
}
