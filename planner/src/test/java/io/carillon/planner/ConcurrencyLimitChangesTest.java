package io.carillon.planner;

import static io.carillon.planner.LimitSteps.single;
import static io.carillon.planner.TestJobs.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.LimitCommandType;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WhenBusy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Concurrency limits while the jobs that take them change: a run frees the slot it took even when its job changed
 * its limit or was deleted meanwhile, and a fire that waits for a slot when its job is disabled, paused or deleted
 * leaves the queue (ending SKIPPED with the reason) instead of running once granted.
 */
class ConcurrencyLimitChangesTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-12-02T10:00:00Z");
    private static final String LIMIT = "warehouse-db";

    private LimitSteps steps;

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        steps = new LimitSteps(planner);
        planner.limit(ConcurrencyLimit.of(LIMIT, 1));
    }

    @Test
    void aRunWhoseJobMovedToAnotherLimitFreesTheSlotItTookAndTheNextWaiterStarts() {
        FireEvent holder = holdsTheSlot("import-orders");
        FireEvent waiter = waits("import-stock");

        planner.put(LimitSteps.limitedJob("import-orders", "other-db", WhenBusy.WAIT).toBuilder()
                .version(2)
                .build());
        steps.run(holder, "worker-1", RunStatus.SUCCEEDED);

        assertThat(planner.writtenLimitCommands())
                .filteredOn(command -> command.type() == LimitCommandType.RELEASE)
                .extracting(LimitCommand::limit)
                .containsExactly(LIMIT);
        assertThat(single(steps.granted()).fireId()).isEqualTo(waiter.fireId());
    }

    @Test
    void aRunWhoseJobWasDeletedWhileItHeldTheSlotFreesItAndTheNextWaiterStarts() {
        FireEvent holder = holdsTheSlot("import-orders");
        FireEvent waiter = waits("import-stock");

        planner.delete("import-orders");
        steps.run(holder, "worker-1", RunStatus.FAILED);

        assertThat(single(steps.granted()).fireId()).isEqualTo(waiter.fireId());
    }

    @Test
    void aWaitingFireOfADeletedJobLeavesTheQueueSkippedAndTheNextWaiterGetsTheSlot() {
        FireEvent holder = holdsTheSlot("import-orders");
        FireEvent gone = waits("import-stock");
        FireEvent next = waits("import-prices");

        planner.delete("import-stock");
        RunResult skipped = single(planner.writtenResults());
        assertThat(skipped.fireId()).isEqualTo(gone.fireId());
        assertThat(skipped.status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(skipped.message()).contains(LIMIT, "job 'import-stock' was deleted");

        steps.run(holder, "worker-1", RunStatus.SUCCEEDED);
        assertThat(single(steps.granted()).fireId())
                .as("the withdrawn fire is not granted; the one behind it is")
                .isEqualTo(next.fireId());
    }

    @Test
    void aWaitingScheduledFireOfADisabledJobIsSkippedAndNeverGranted() {
        FireEvent holder = holdsTheSlot("import-orders");
        JobDefinition hourly = hourlyJob("nightly-sync");
        FireEvent scheduled = waitingScheduledFire(hourly);

        planner.put(hourly.toBuilder().enabled(false).version(2).build());

        assertWithdrawn(scheduled, "job 'nightly-sync' was disabled");
        steps.run(holder, "worker-1", RunStatus.SUCCEEDED);
        assertThat(steps.granted()).as("nothing waits any more").isEmpty();
    }

    @Test
    void aWaitingScheduledFireOfAPausedJobIsSkippedButAManualRunOfItStillWaits() {
        FireEvent holder = holdsTheSlot("import-orders");
        JobDefinition hourly = hourlyJob("nightly-sync");
        FireEvent scheduled = waitingScheduledFire(hourly);
        FireEvent manual = waits(steps.runNow("nightly-sync"));

        planner.request(request("pause-1", "nightly-sync", RequestType.PAUSE, null, null));

        assertWithdrawn(scheduled, "job 'nightly-sync' was paused");
        steps.run(holder, "worker-1", RunStatus.SUCCEEDED);
        assertThat(single(steps.granted()).fireId())
                .as("a manual run works for a paused job, as it does without a limit")
                .isEqualTo(manual.fireId());
    }

    private FireEvent holdsTheSlot(String jobId) {
        FireEvent fire = steps.dueFire(jobId, LIMIT, WhenBusy.WAIT);
        steps.acquire(fire);
        assertThat(single(steps.granted()).fireId()).isEqualTo(fire.fireId());
        return fire;
    }

    private FireEvent waits(String jobId) {
        return waits(steps.dueFire(jobId, LIMIT, WhenBusy.WAIT));
    }

    private FireEvent waits(FireEvent fire) {
        steps.acquire(fire);
        assertThat(single(planner.writtenResults()).status()).isEqualTo(RunStatus.WAITING);
        assertThat(steps.granted()).isEmpty();
        return fire;
    }

    private static JobDefinition hourlyJob(String jobId) {
        return TestJobs.job(jobId, Schedule.cron("0 0 * * * ?", "UTC")).toBuilder()
                .concurrency(Concurrency.of(LIMIT))
                .build();
    }

    /** Puts {@code job}, lets its first scheduled fire come due and asks for its slot, as the dispatcher does. */
    private FireEvent waitingScheduledFire(JobDefinition job) {
        planner.put(job);
        planner.advanceCoarsely(Duration.ofMinutes(61));
        List<FireEvent> fires = planner.fires();
        FireEvent first = fires.stream()
                .filter(fire -> fire.jobId().equals(job.id()) && fire.kind() == FireKind.SCHEDULED)
                .findFirst()
                .orElseThrow();
        return waits(first);
    }

    private void assertWithdrawn(FireEvent fire, String reason) {
        Consumer<RunResult> skipped = result -> {
            assertThat(result.fireId()).isEqualTo(fire.fireId());
            assertThat(result.status()).isEqualTo(RunStatus.SKIPPED);
            assertThat(result.message()).contains(LIMIT, reason);
        };
        assertThat(planner.writtenResults()).singleElement().satisfies(skipped);
    }
}
