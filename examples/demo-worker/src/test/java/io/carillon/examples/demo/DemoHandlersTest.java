package io.carillon.examples.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.test.TestJobContext;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The demo handlers called directly, as plain methods, with a {@link TestJobContext}. */
class DemoHandlersTest {

    private final DemoHandlers handlers = new DemoHandlers();

    @Test
    void echoLogsAndReturnsItsParams() {
        TestJobContext context = TestJobContext.withParams("{\"greeting\":\"hi\"}");

        assertThat(handlers.echo(context)).isEqualTo("{\"greeting\":\"hi\"}");
        assertThat(context.logLines()).containsExactly("echo {\"greeting\":\"hi\"}");
    }

    @Test
    void sleepLogsHowLongItSleeps() throws InterruptedException {
        TestJobContext context = TestJobContext.withParams("1");

        handlers.sleep(context);

        assertThat(context.logLines()).containsExactly("sleeping 1 ms");
    }

    @Test
    void theDailyReportCoversTheDayBeforeItsScheduledDay() {
        TestJobContext context = TestJobContext.builder()
                .scheduledAt(Instant.parse("2026-11-25T06:00:00Z"))
                .build();

        assertThat(handlers.dailyReport(context)).isEqualTo("report for the day before 2026-11-25");
        assertThat(context.logLines()).containsExactly("report for the day before 2026-11-25");
    }

    @Test
    void failThrowsWithItsParams() {
        assertThatThrownBy(() -> handlers.fail(TestJobContext.withParams("on purpose")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("demo failure: on purpose");
        assertThatThrownBy(() -> handlers.fail(TestJobContext.builder().build()))
                .hasMessage("demo failure");
    }
}
