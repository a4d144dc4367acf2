package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.WorkerHeartbeat;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** Each routing strategy on its own, over a registry that changes between fires, on a settable clock. */
class WorkerSelectorsTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final long INTERVAL_MS = 1000;
    private static final Duration TRIGGER_LEAD = Duration.ofMillis(1500);

    private final SettableClock clock = new SettableClock(T0);
    private final WorkerRegistry registry = new WorkerRegistry();
    private final RunTracker tracker = new RunTracker();
    private final WorkerSelectors selectors = WorkerSelectors.standard(new Random(42), tracker);
    private int fires;

    @Test
    void firstAndLastFollowTheInstanceIdOrder() {
        live("w2", "w10", "w1");

        assertThat(pick(RoutingStrategy.FIRST, "job")).isEqualTo("w1");
        assertThat(pick(RoutingStrategy.LAST, "job")).isEqualTo("w2");

        live("w0");
        registry.remove("w2");
        assertThat(pick(RoutingStrategy.FIRST, "job")).isEqualTo("w0");
        assertThat(pick(RoutingStrategy.LAST, "job")).isEqualTo("w10");
    }

    @Test
    void roundRobinTakesEachJobsInstancesInTurnAndFollowsTheRegistry() {
        live("a", "b", "c");

        assertThat(picks(RoutingStrategy.ROUND_ROBIN, "job", 4)).containsExactly("a", "b", "c", "a");
        assertThat(picks(RoutingStrategy.ROUND_ROBIN, "other", 2)).containsExactly("a", "b");

        registry.remove("c");
        assertThat(picks(RoutingStrategy.ROUND_ROBIN, "job", 4)).containsExactly("a", "b", "a", "b");
    }

    @Test
    void randomDrawsFromTheInjectedGeneratorAndOnlyAmongLiveInstances() {
        live("a", "b", "c");
        Random expected = new Random(42);

        List<String> drawn = picks(RoutingStrategy.RANDOM, "job", 30);

        assertThat(drawn)
                .containsExactlyElementsOf(IntStream.range(0, 30)
                        .mapToObj(i -> List.of("a", "b", "c").get(expected.nextInt(3)))
                        .toList());
        assertThat(drawn).contains("a", "b", "c");
        registry.remove("b");
        assertThat(picks(RoutingStrategy.RANDOM, "job", 30)).doesNotContain("b");
    }

    @Test
    void consistentHashKeepsEachJobOnItsInstanceAndMovesFewWhenTheRegistryChanges() {
        live("w1", "w2", "w3", "w4");
        List<String> jobs = IntStream.range(0, 1000).mapToObj(i -> "job-" + i).toList();
        Map<String, String> before = assignment(jobs);

        assertThat(assignment(jobs)).as("stable while nothing changes").isEqualTo(before);
        assertThat(before.values().stream().collect(Collectors.groupingBy(v -> v, Collectors.counting())))
                .as("spread over all instances")
                .allSatisfy((instance, count) -> assertThat(count).isBetween(150L, 350L));

        registry.remove("w3");
        Map<String, String> withoutW3 = assignment(jobs);
        assertThat(jobs.stream()
                        .filter(job -> !before.get(job).equals("w3"))
                        .filter(job -> !withoutW3.get(job).equals(before.get(job))))
                .as("jobs of the instances that stay do not move")
                .isEmpty();
        assertThat(withoutW3).doesNotContainValue("w3");

        live("w5");
        Map<String, String> withW5 = assignment(jobs);
        List<String> movedJobs = jobs.stream()
                .filter(job -> !withW5.get(job).equals(withoutW3.get(job)))
                .toList();
        long moved = movedJobs.size();
        assertThat(movedJobs)
                .as("jobs only move to the newcomer")
                .allMatch(job -> withW5.get(job).equals("w5"));
        assertThat(moved).as("about a quarter moves to the newcomer").isBetween(120L, 380L);
    }

    @Test
    void leastFrequentlyUsedBalancesCountsPerJobAndANewcomerJoinsAtTheLowestCount() {
        live("a", "b");
        assertThat(picks(RoutingStrategy.LEAST_FREQUENTLY_USED, "job", 4)).containsExactly("a", "b", "a", "b");

        live("c");
        List<String> next = picks(RoutingStrategy.LEAST_FREQUENTLY_USED, "job", 6);
        assertThat(next).containsExactly("a", "b", "c", "a", "b", "c");

        registry.remove("a");
        assertThat(picks(RoutingStrategy.LEAST_FREQUENTLY_USED, "job", 4)).containsExactly("b", "c", "b", "c");
        assertThat(picks(RoutingStrategy.LEAST_FREQUENTLY_USED, "other", 1)).containsExactly("b");
    }

    @Test
    void leastRecentlyUsedTakesTheInstanceIdleTheLongestAndANewcomerFirst() {
        live("a", "b", "c");
        assertThat(picks(RoutingStrategy.LEAST_RECENTLY_USED, "job", 4)).containsExactly("a", "b", "c", "a");

        live("d");
        assertThat(picks(RoutingStrategy.LEAST_RECENTLY_USED, "job", 3)).containsExactly("d", "b", "c");

        registry.remove("a");
        assertThat(picks(RoutingStrategy.LEAST_RECENTLY_USED, "job", 2)).containsExactly("d", "b");
    }

    @Test
    void failoverStaysOnTheFirstFreshInstanceAndMovesWhenItGoesQuiet() {
        live("a", "b");
        assertThat(picks(RoutingStrategy.FAILOVER, "job", 3)).containsOnly("a");

        clock.advance(Duration.ofMillis(1500));
        beat("b");
        assertThat(pick(RoutingStrategy.FAILOVER, "job"))
                .as("a missed no beat yet")
                .isEqualTo("a");

        clock.advance(Duration.ofMillis(600));
        beat("b");
        assertThat(pick(RoutingStrategy.FAILOVER, "job"))
                .as("a missed a beat: not fresh")
                .isEqualTo("b");

        beat("a");
        assertThat(pick(RoutingStrategy.FAILOVER, "job")).as("a is back").isEqualTo("a");

        registry.remove("a");
        assertThat(pick(RoutingStrategy.FAILOVER, "job")).isEqualTo("b");
    }

    @Test
    void failoverTakesTheLastHeardWhenNoneIsFresh() {
        live("a");
        clock.advance(Duration.ofMillis(500));
        live("b");
        clock.advance(Duration.ofMillis(2000));

        assertThat(pick(RoutingStrategy.FAILOVER, "job")).isEqualTo("b");
    }

    @Test
    void busyoverTakesTheFirstInstanceNotRunningTheJobUntilItsRunEnds() {
        live("a", "b", "c");
        String first = fireId();
        assertThat(pick(RoutingStrategy.BUSYOVER, "job", first, 0)).isEqualTo("a");
        assertThat(pick(RoutingStrategy.BUSYOVER, "job")).isEqualTo("b");
        assertThat(pick(RoutingStrategy.BUSYOVER, "other"))
                .as("busy with another job only")
                .isEqualTo("a");

        tracker.observe(List.of(result(first, RunStatus.STARTED)));
        assertThat(pick(RoutingStrategy.BUSYOVER, "job")).isEqualTo("c");

        tracker.observe(List.of(result(first, RunStatus.SUCCEEDED)));
        assertThat(pick(RoutingStrategy.BUSYOVER, "job"))
                .as("a finished its run")
                .isEqualTo("a");
    }

    @Test
    void busyoverTakesTheLeastBusyWhenAllRunTheJobAndForgetsRunsPastTheirTimeout() {
        live("a", "b");
        register("a", heartbeat("a", clock.instant(), 5));
        assertThat(pick(RoutingStrategy.BUSYOVER, "job", fireId(), 1000)).isEqualTo("a");
        assertThat(pick(RoutingStrategy.BUSYOVER, "job", fireId(), 60_000)).isEqualTo("b");

        assertThat(pick(RoutingStrategy.BUSYOVER, "job", fireId(), 60_000))
                .as("both run it once; b reports fewer running runs")
                .isEqualTo("b");

        clock.advance(Duration.ofSeconds(1));
        assertThat(pick(RoutingStrategy.BUSYOVER, "job"))
                .as("a's run timed out")
                .isEqualTo("a");
        assertThat(tracker.size()).isEqualTo(3);
    }

    @Test
    void busyoverUsesTheBusyJobsOfHeartbeatsSoAFreshDispatcherSeesRunsItDidNotSend() {
        register("a", busyHeartbeat("a", clock.instant(), List.of("job")));
        register("b", busyHeartbeat("b", clock.instant(), List.of()));

        assertThat(pick(RoutingStrategy.BUSYOVER, "job")).isEqualTo("b");
        assertThat(pick(RoutingStrategy.BUSYOVER, "other")).isEqualTo("a");
    }

    @Test
    void busyoverCountsRunsSentSinceTheLastHeartbeatUntilANewerOneSays() {
        register("a", busyHeartbeat("a", clock.instant(), List.of()));
        register("b", busyHeartbeat("b", clock.instant(), List.of()));
        assertThat(pick(RoutingStrategy.BUSYOVER, "job")).isEqualTo("a");
        assertThat(pick(RoutingStrategy.BUSYOVER, "job"))
                .as("a's run is newer than a's heartbeat")
                .isEqualTo("b");

        clock.advance(Duration.ofMillis(500));
        register("a", busyHeartbeat("a", clock.instant(), List.of()));

        assertThat(pick(RoutingStrategy.BUSYOVER, "job"))
                .as("a's newer heartbeat says the run is over")
                .isEqualTo("a");
    }

    @Test
    void busyoverCountsARunSentAheadOfItsDueInstantUntilAHeartbeatSentAfterItWasDue() {
        register("a", busyHeartbeat("a", clock.instant(), List.of()));
        register("b", busyHeartbeat("b", clock.instant(), List.of()));
        Instant due = clock.instant().plus(TRIGGER_LEAD);
        assertThat(pickDueAt(due)).isEqualTo("a");

        clock.advance(Duration.ofMillis(500));
        register("a", busyHeartbeat("a", clock.instant(), List.of()));
        assertThat(pickDueAt(due))
                .as("a holds the trigger until it is due, so its heartbeat before then cannot list the run")
                .isEqualTo("b");

        clock.advance(TRIGGER_LEAD);
        register("a", busyHeartbeat("a", clock.instant(), List.of()));
        assertThat(pickDueAt(clock.instant()))
                .as("a heartbeat sent after the run was due says it is over")
                .isEqualTo("a");
    }

    @Test
    void busyoverTakesTheInstanceWithTheFewestRunsRunningAndWaitingWhenAllAreBusyWithTheJob() {
        register(
                "a",
                new WorkerHeartbeat(
                        0,
                        "a",
                        "demo",
                        List.of("echo"),
                        4,
                        2,
                        List.of(),
                        INTERVAL_MS,
                        T0,
                        clock.instant(),
                        1,
                        0,
                        List.of("job")));
        register(
                "b",
                new WorkerHeartbeat(
                        0,
                        "b",
                        "demo",
                        List.of("echo"),
                        4,
                        1,
                        List.of(),
                        INTERVAL_MS,
                        T0,
                        clock.instant(),
                        1,
                        0,
                        List.of("job")));

        assertThat(pick(RoutingStrategy.BUSYOVER, "job")).isEqualTo("b");
    }

    @Test
    void shardingBroadcastSendsToEveryLiveInstance() {
        live("c", "a", "b");
        assertThat(selectors
                        .forStrategy(RoutingStrategy.SHARDING_BROADCAST)
                        .select(fire("job", fireId(), 0), live(), clock.instant()))
                .extracting(WorkerHeartbeat::instanceId)
                .containsExactly("a", "b", "c");

        registry.remove("b");
        assertThat(selectors
                        .forStrategy(RoutingStrategy.SHARDING_BROADCAST)
                        .select(fire("job", fireId(), 0), live(), clock.instant()))
                .extracting(WorkerHeartbeat::instanceId)
                .containsExactly("a", "c");
    }

    @Test
    void noStrategyMeansRoundRobin() {
        assertThat(selectors.forStrategy(null)).isSameAs(selectors.forStrategy(RoutingStrategy.ROUND_ROBIN));
        for (RoutingStrategy strategy : RoutingStrategy.values()) {
            assertThat(selectors.forStrategy(strategy)).as(strategy.name()).isNotNull();
        }
    }

    private Map<String, String> assignment(List<String> jobs) {
        Map<String, String> assignment = new HashMap<>();
        jobs.forEach(job -> assignment.put(job, pick(RoutingStrategy.CONSISTENT_HASH, job)));
        return assignment;
    }

    private List<String> picks(RoutingStrategy strategy, String job, int count) {
        List<String> picked = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            picked.add(pick(strategy, job));
        }
        return picked;
    }

    private String pick(RoutingStrategy strategy, String job) {
        return pick(strategy, job, fireId(), 0);
    }

    private String pick(RoutingStrategy strategy, String job, String fireId, long timeoutMs) {
        List<WorkerHeartbeat> chosen =
                selectors.forStrategy(strategy).select(fire(job, fireId, timeoutMs), live(), clock.instant());
        assertThat(chosen).hasSize(1);
        return chosen.get(0).instanceId();
    }

    private List<WorkerHeartbeat> live() {
        return registry.live("demo", "echo", List.of(), clock.instant());
    }

    private void live(String... instances) {
        for (String instance : instances) {
            beat(instance);
        }
    }

    private void beat(String instance) {
        register(instance, heartbeat(instance, clock.instant(), 0));
    }

    private String fireId() {
        return "f@" + fires++;
    }

    private static WorkerHeartbeat heartbeat(String instance, Instant sentAt, int running) {
        return new WorkerHeartbeat(
                0, instance, "demo", List.of("echo"), 4, running, List.of(), INTERVAL_MS, T0, sentAt);
    }

    private static WorkerHeartbeat busyHeartbeat(String instance, Instant sentAt, List<String> busyJobs) {
        return new WorkerHeartbeat(
                0,
                instance,
                "demo",
                List.of("echo"),
                4,
                busyJobs.size(),
                List.of(),
                INTERVAL_MS,
                T0,
                sentAt,
                0,
                0,
                busyJobs);
    }

    private String pickDueAt(Instant due) {
        return selectors
                .forStrategy(RoutingStrategy.BUSYOVER)
                .select(fire("job", fireId(), 0, due), live(), clock.instant())
                .get(0)
                .instanceId();
    }

    private FireEvent fire(String job, String fireId, long timeoutMs) {
        return fire(job, fireId, timeoutMs, clock.instant());
    }

    private FireEvent fire(String job, String fireId, long timeoutMs, Instant scheduledAt) {
        return new FireEvent(
                0,
                null,
                fireId,
                job,
                1,
                "demo",
                "echo",
                scheduledAt,
                FireKind.SCHEDULED,
                1,
                null,
                null,
                null,
                null,
                timeoutMs,
                null,
                null,
                clock.instant());
    }

    private ConsumerRecord<String, byte[]> result(String fireId, RunStatus status) {
        RunResult result = new RunResult(
                0,
                FireIds.runId(fireId, 0),
                fireId,
                "job",
                "demo",
                "echo",
                "a",
                status,
                FireKind.SCHEDULED,
                1,
                0,
                1,
                T0,
                T0,
                null,
                null,
                null,
                null,
                clock.instant());
        return new ConsumerRecord<>("results", 0, 0, "job", EventSerdes.RESULT.serialize("results", result));
    }

    /** Registers {@code heartbeat} as received when it was sent. */
    private void register(String instanceId, WorkerHeartbeat heartbeat) {
        registry.update(instanceId, heartbeat, heartbeat.sentAt());
    }
}
