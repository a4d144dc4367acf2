package io.carillon.test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.Progress;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestJobContextTest {

    record Invoices(String day, int limit) {}

    @Test
    void answersWhatItWasBuiltWith() {
        TestJobContext context = TestJobContext.builder()
                .jobId("invoices")
                .params("{\"day\":\"2026-01-31\"}")
                .kind(FireKind.RETRY)
                .attempt(3)
                .scheduledAt(Instant.parse("2026-01-31T02:00:00Z"))
                .shard(2, 4)
                .build();

        assertThat(context.jobId()).isEqualTo("invoices");
        assertThat(context.params()).isEqualTo("{\"day\":\"2026-01-31\"}");
        assertThat(context.kind()).isEqualTo(FireKind.RETRY);
        assertThat(context.attempt()).isEqualTo(3);
        assertThat(context.scheduledAt()).isEqualTo(Instant.parse("2026-01-31T02:00:00Z"));
        assertThat(context.shardIndex()).isEqualTo(2);
        assertThat(context.shardTotal()).isEqualTo(4);
        assertThat(context.fireId()).isEqualTo("invoices@1769824800000");
        assertThat(context.runId()).isEqualTo("invoices@1769824800000#2");
        assertThat(context.isCancelled()).isFalse();
    }

    @Test
    void aWorkflowNodesContextGivesItsAncestorsOutputsAndKeepsItsOwn() {
        TestJobContext context = TestJobContext.builder()
                .workflowOutputs(java.util.Map.of("extract", "3 rows"))
                .build();

        context.setOutput(context.workflowOutput("extract") + " loaded");

        assertThat(context.inWorkflow()).isTrue();
        assertThat(context.kind()).isEqualTo(FireKind.WORKFLOW);
        assertThat(context.output()).isEqualTo("3 rows loaded");
        assertThat(TestJobContext.withParams(null).workflowOutput("extract")).isNull();
    }

    @Test
    void defaultsToTheFirstAttemptOfOneScheduledShard() {
        TestJobContext context = TestJobContext.builder().build();

        assertThat(context.params()).isNull();
        assertThat(context.params(Invoices.class)).isNull();
        assertThat(context.jobId()).isEqualTo(TestJobContext.DEFAULT_JOB_ID);
        assertThat(context.kind()).isEqualTo(FireKind.SCHEDULED);
        assertThat(context.attempt()).isEqualTo(1);
        assertThat(context.shardIndex()).isZero();
        assertThat(context.shardTotal()).isEqualTo(1);
    }

    @Test
    void readsParamsAsJsonLikeTheWorker() {
        TestJobContext context = TestJobContext.builder()
                .paramsAsJson(Map.of("day", "2026-01-31", "limit", 10))
                .build();

        assertThat(context.params(Invoices.class)).isEqualTo(new Invoices("2026-01-31", 10));
        assertThatThrownBy(() -> TestJobContext.withParams("not json").params(Invoices.class))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("params of run test-job@0#0 are not a valid Invoices: ");
    }

    @Test
    void capturesLogLinesAndProgressInOrder() {
        TestJobContext context = TestJobContext.withParams("3");

        context.log("start");
        context.progress(1, 3, "one");
        context.progress(3, 3, null);
        context.log("done");

        assertThat(context.logLines()).containsExactly("start", "done");
        assertThat(context.progressReports()).containsExactly(new Progress(1, 3, "one"), new Progress(3, 3, null));
        assertThat(context.lastProgress()).isEqualTo(new Progress(3, 3, null));
        assertThatThrownBy(() -> context.progress(-1, 3, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("progress of run test-job@0#0 must not be negative: done=-1, total=3");
    }

    @Test
    void cancelIsSeenByTheHandler() throws InterruptedException {
        TestJobContext context = TestJobContext.builder().build();
        Thread handler = new Thread(() -> {
            int items = 0;
            while (!context.isCancelled()) {
                context.progress(++items, 0, null);
            }
            context.log("stopped after " + items);
        });
        handler.start();

        context.cancel();
        handler.join();

        assertThat(context.isCancelled()).isTrue();
        assertThat(context.logLines()).singleElement().asString().startsWith("stopped after ");
    }

    @Test
    void refusesImpossibleShardsAndAttempts() {
        assertThatThrownBy(() -> TestJobContext.builder().shard(4, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("shard index must be in [0, total) with total at least 1, was 4 of 4");
        assertThatThrownBy(() -> TestJobContext.builder().attempt(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("attempt counts from 1, was 0");
    }
}
