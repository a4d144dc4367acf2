package io.carillon.planner;

import static io.carillon.planner.TestJobs.everySecond;
import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.result;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.planner.internal.StartGate;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Duration;
import java.time.Instant;
import org.apache.kafka.streams.KafkaStreams.State;
import org.junit.jupiter.api.Test;

/**
 * The planner's punctuators wait until its Kafka Streams client has been RUNNING once ({@link StartGate}); records
 * are processed before.
 */
class StartGateTest extends PlannerTestSupport {

    /** How long the open-run check waits for quiet after it last saw results being read (ResultsProgress.QUIET). */
    private static final Duration RESULTS_QUIET = Duration.ofSeconds(3);

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final Instant AT = START.plusSeconds(20);
    private static final Duration CLOSED_FOR = Duration.ofSeconds(12);

    @Test
    void theGateOpensOnTheFirstRunningAndStaysOpen() {
        StartGate gate = new StartGate();
        gate.onStateChange(State.REBALANCING, State.CREATED);
        assertThat(gate.getAsBoolean()).isFalse();

        gate.onStateChange(State.RUNNING, State.REBALANCING);
        assertThat(gate.getAsBoolean()).isTrue();
        gate.onStateChange(State.REBALANCING, State.RUNNING);
        assertThat(gate.getAsBoolean()).isTrue();
        assertThat(StartGate.alwaysOpen().getAsBoolean()).isTrue();
    }

    @Test
    void timersWaitForTheGateWhileRecordsAreProcessed() {
        StartGate gate = new StartGate();
        planner = new PlannerHarness(stateDir, START, PlannerSettings.defaults(), gate);
        planner.put(job("later", Schedule.once(AT)));
        planner.put(everySecond("tick"));

        assertThat(planner.fires())
                .as("a new job writes its horizon as its record is processed")
                .extracting(FireEvent::jobId)
                .containsOnly("tick")
                .hasSize(10);
        planner.advance(CLOSED_FOR);
        assertThat(planner.fires())
                .as("no timer is handled while the gate is closed")
                .isEmpty();

        gate.onStateChange(State.RUNNING, State.REBALANCING);
        planner.advance(PlannerHarness.INTERVAL);

        assertThat(planner.fires())
                .extracting(FireEvent::fireId)
                .contains(FireIds.scheduled("later", AT))
                .contains(FireIds.scheduled("tick", START.plusSeconds(11)))
                .doesNotHaveDuplicates()
                .allSatisfy(id -> assertThat(id)
                        .doesNotContain("tick@" + START.plusSeconds(10).toEpochMilli()));
    }

    @Test
    void openRunsAreCheckedOnlyOnceTheGateIsOpen() {
        StartGate gate = new StartGate();
        planner = new PlannerHarness(stateDir, START, PlannerSettings.defaults(), gate);
        planner.put(job("once", Schedule.once(START.plusSeconds(1))));
        String fireId = planner.fires().get(0).fireId();
        planner.result(result("once", fireId, RunStatus.STARTED, 1, null));

        planner.advanceCoarsely(PlannerSettings.DEFAULT_RUN_TIMEOUT_GRACE.multipliedBy(2));
        assertThat(planner.writtenResults())
                .as("no verdict while the gate is closed")
                .isEmpty();

        gate.onStateChange(State.RUNNING, State.REBALANCING);
        planner.advance(PlannerSettings.DEFAULT_OPEN_RUN_CHECK_INTERVAL);
        assertThat(planner.writtenResults())
                .as("the first check sees a result read since the last look")
                .isEmpty();
        planner.advance(RESULTS_QUIET);

        assertThat(planner.writtenResults()).singleElement().satisfies(lost -> {
            assertThat(lost.status()).isEqualTo(RunStatus.LOST);
            assertThat(lost.kind()).isEqualTo(FireKind.SCHEDULED);
        });
    }
}
