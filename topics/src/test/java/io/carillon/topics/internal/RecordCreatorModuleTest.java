package io.carillon.topics.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.Json;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.exc.ValueInstantiationException;
import tools.jackson.databind.json.JsonMapper;

class RecordCreatorModuleTest {

    private static final JsonMapper WITH_MODULE = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .addModule(new RecordCreatorModule())
            .build();
    private static final JsonMapper JACKSON_ONLY = JsonMapper.builder()
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    record Window(String name, int size, boolean open, List<String> tags) {
        Window {
            if (size < 0) {
                throw new IllegalArgumentException("size must not be negative, was " + size);
            }
            tags = tags == null ? List.of() : List.copyOf(tags);
        }
    }

    private record Hidden(String value) {}

    record CallProbe(String value) {
        static volatile boolean calledThroughInvokeWithArguments;

        CallProbe {
            calledThroughInvokeWithArguments = StackWalker.getInstance(
                            Set.of(StackWalker.Option.SHOW_REFLECT_FRAMES, StackWalker.Option.SHOW_HIDDEN_FRAMES))
                    .walk(frames ->
                            frames.anyMatch(frame -> frame.getMethodName().equals("invokeWithArguments")));
        }
    }

    static final class NotARecord {
        public String value;
    }

    @Test
    void aRecordIsBuiltThroughItsCanonicalConstructorWithEveryComponent() {
        Window window =
                WITH_MODULE.readValue("{\"name\":\"w\",\"size\":3,\"open\":true,\"tags\":[\"a\",\"b\"]}", Window.class);

        assertThat(window).isEqualTo(new Window("w", 3, true, List.of("a", "b")));
    }

    @Test
    void theConstructorIsCalledWithoutInvokeWithArguments() {
        JACKSON_ONLY.readValue("{\"value\":\"a\"}", CallProbe.class);
        assertThat(CallProbe.calledThroughInvokeWithArguments)
                .as("Jackson's own call")
                .isTrue();

        WITH_MODULE.readValue("{\"value\":\"b\"}", CallProbe.class);
        assertThat(CallProbe.calledThroughInvokeWithArguments)
                .as("the module's call")
                .isFalse();
    }

    @Test
    void missingComponentsGetWhatJacksonGivesThem() {
        String json = "{\"name\":\"w\"}";

        assertThat(WITH_MODULE.readValue(json, Window.class))
                .isEqualTo(JACKSON_ONLY.readValue(json, Window.class))
                .isEqualTo(new Window("w", 0, false, List.of()));
    }

    @Test
    void aConstructorsExceptionIsReportedAsJacksonReportsIt() {
        String json = "{\"name\":\"w\",\"size\":-1}";
        Throwable jackson = catchThrowableOf(() -> JACKSON_ONLY.readValue(json, Window.class));

        assertThatThrownBy(() -> WITH_MODULE.readValue(json, Window.class))
                .isInstanceOf(ValueInstantiationException.class)
                .hasMessage(jackson.getMessage())
                .hasRootCauseInstanceOf(IllegalArgumentException.class)
                .hasRootCauseMessage("size must not be negative, was -1");
    }

    @Test
    void aPrivateRecordAndAPlainClassAreStillRead() {
        assertThat(WITH_MODULE.readValue("{\"value\":\"x\"}", Hidden.class)).isEqualTo(new Hidden("x"));
        assertThat(WITH_MODULE.readValue("{\"value\":\"y\"}", NotARecord.class).value)
                .isEqualTo("y");
    }

    @Test
    void theSharedMapperUsesTheModule() {
        assertThat(Json.mapper().registeredModules())
                .anySatisfy(module -> assertThat(module).isInstanceOf(RecordCreatorModule.class));
    }

    private static Throwable catchThrowableOf(Runnable read) {
        try {
            read.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("expected the read to fail");
    }
}
