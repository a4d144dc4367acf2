package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeStartTallyTest {

    private final HandlerStarts starts = new HandlerStarts(new SettableClock(Instant.parse("2026-01-01T00:00:00Z")));

    @Test
    void countsNodesNeverStartedStartedTwiceAndStartsOfOtherJobs() {
        start("wf.a", 1);
        start("wf.b", 1);
        start("wf.b", 2);
        start("other", 1);

        NodeStartTally tally = NodeStartTally.of(List.of("wf.a", "wf.b", "wf.c"), starts);

        assertThat(tally).isEqualTo(new NodeStartTally(3, 2, 1, 1, 4, 1));
    }

    @Test
    void theFivePipelineNodesOfEachWorkflowAreItsInlineJobs() {
        Instant at = Instant.parse("2026-01-01T00:01:00Z");

        List<String> ids = BenchWorkflows.nodeJobIds(BenchWorkflows.of(2, at));

        assertThat(ids).hasSize(2 * BenchWorkflows.NODES_PER_WORKFLOW).contains("bench-wf-000002.transform");
    }

    private void start(String jobId, int attempt) {
        starts.add(new HandlerStarts.StartKey(jobId, 0, 0, attempt), 1);
    }
}
