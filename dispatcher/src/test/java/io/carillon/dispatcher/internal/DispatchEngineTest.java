package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.carillon.testkit.SettableClock;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.ControlCommand;
import io.carillon.topics.events.ControlType;
import io.carillon.topics.events.DeadLetter;
import io.carillon.topics.events.FireBatch;
import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireIds;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.LimitCommand;
import io.carillon.topics.events.LimitCommandType;
import io.carillon.topics.events.MisfirePolicy;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RoutingStrategy;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import io.carillon.topics.events.TriggerBatch;
import io.carillon.topics.events.WorkerHeartbeat;
import io.carillon.topics.events.WorkflowRef;
import io.carillon.topics.metrics.DeadLetterMeter;
import io.carillon.topics.offsets.DoneOffsets;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class DispatchEngineTest {

    private static final Instant T0 = Instant.parse("2026-03-01T12:00:00Z");
    private static final TopicCatalog CATALOG = new TopicCatalog("c.", 2, (short) 1);
    private static final int TRIGGER_PARTITIONS = 4;
    private static final long HEARTBEAT_INTERVAL_MS = 60_000;
    private static final Instant LONG_AGO = T0.minus(Duration.ofHours(1));
    private static final Duration GRACE = Duration.ofSeconds(10);

    private final SettableClock clock = new SettableClock(T0);
    private final WorkerRegistry registry = new WorkerRegistry();
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    private final StatsRecorder stats = new StatsRecorder(meters);
    private DispatchEngine engine = newEngine();
    private final Map<Integer, Long> nextOffset = new java.util.HashMap<>();

    @Test
    void holdsFiresUntilTheirInstantAndDispatchesThemInDueOrder() {
        live("w1");
        DispatchPlan read = engine.plan(List.of(fire("j@3", 3000), fire("j@1", 1000), fire("j@2", 2000)), now());
        assertThat(read.records()).isEmpty();
        assertThat(engine.nextDue()).contains(T0.plusMillis(1000));

        clock.advance(Duration.ofMillis(999));
        assertThat(tick().records()).isEmpty();
        clock.advance(Duration.ofMillis(1));
        assertThat(triggers(tick())).extracting(Trigger::fireId).containsExactly("j@1");
        clock.advance(Duration.ofSeconds(5));
        assertThat(triggers(tick())).extracting(Trigger::fireId).containsExactly("j@2", "j@3");
        assertThat(engine.heldFires()).isZero();
    }

    @Test
    void aFireClaimingALimitAsksTheLimiterForASlotAndTheGrantedFireIsRoutedHoweverLongItWaited() {
        live("w1");
        JobDefinition job = JobDefinition.builder("job")
                .app("demo")
                .handler("echo")
                .misfire(new MisfirePolicy(MisfireStrategy.DO_NOTHING, 5_000, 0))
                .concurrency(Concurrency.of("warehouse-db"))
                .build();
        FireEvent claiming = FireEvent.of(job, "job@1", T0.plusSeconds(1), FireKind.SCHEDULED, 1, null, null, T0);
        engine.plan(List.of(record(0, claiming)), now());
        clock.advance(Duration.ofSeconds(1));

        DispatchPlan due = tick();
        assertThat(triggers(due)).isEmpty();
        assertThat(due.records()).singleElement().satisfies(record -> {
            assertThat(record.topic()).isEqualTo(CATALOG.limitCommands());
            assertThat(record.key()).isEqualTo("warehouse-db");
            LimitCommand command = (LimitCommand) record.value();
            assertThat(command.type()).isEqualTo(LimitCommandType.ACQUIRE);
            assertThat(command.fire()).isEqualTo(claiming);
        });
        assertThat(due.offsets()).as("the fire is done once it asked").isNotEmpty();
        assertThat(engine.heldFires()).isZero();

        clock.advance(Duration.ofMinutes(10));
        register("w1", heartbeat("w1", "demo", List.of("echo"), List.of(), now()));
        FireEvent granted = claiming.withLimit(claiming.limit().grant());
        DispatchPlan routed = engine.plan(List.of(record(0, granted)), now());
        assertThat(triggers(routed))
                .as("not skipped for the 10 minutes it waited, though its misfire threshold is 5 s")
                .extracting(Trigger::fireId)
                .containsExactly("job@1");
        assertThat(triggers(routed))
                .as("the run names the limit it holds, so its end frees that slot whatever the job says by then")
                .extracting(Trigger::limit)
                .containsExactly("warehouse-db");
    }

    @Test
    void dispatchesFiresOfTheSameInstantTogether() {
        live("w1");
        engine.plan(List.of(fire("a@1", 1000), fire("b@1", 1000), fire("c@1", 1000)), now());

        clock.advance(Duration.ofSeconds(1));

        List<Trigger> triggers = triggers(tick());
        assertThat(triggers).extracting(Trigger::fireId).containsExactly("a@1", "b@1", "c@1");
        assertThat(triggers)
                .allSatisfy(trigger -> assertThat(trigger.dispatchedAt()).isEqualTo(T0.plusSeconds(1)));
    }

    @Test
    void dispatchesALateFireAtOnceAndRecordsItsLateness() {
        live("w1");

        DispatchPlan plan = engine.plan(List.of(fire("late", -5000)), now());

        Trigger trigger = triggers(plan).get(0);
        assertThat(trigger.dispatchedAt()).isEqualTo(T0);
        assertThat(trigger.scheduledAt()).isEqualTo(T0.minusSeconds(5));
        assertThat(stats.snapshot().app("demo").dispatched()).isEqualTo(1);
        assertThat(stats.snapshot().app("demo").maxLatenessMillis()).isEqualTo(5000);
    }

    @Test
    void buildsTheTriggerFromTheFire() {
        register("w1", heartbeat("w1", "demo", List.of("echo"), List.of(2), T0));
        FireEvent event = new FireEvent(
                0,
                null,
                "job-1@42",
                "job-1",
                7,
                "demo",
                "echo",
                T0,
                FireKind.MANUAL,
                2,
                "{\"a\":1}",
                null,
                null,
                io.carillon.topics.events.BlockStrategy.SERIAL,
                1500,
                null,
                "parent#0",
                T0);

        ProducerRecord<String, Object> record =
                engine.plan(List.of(record(0, event)), now()).records().get(0);

        assertThat(record.topic()).isEqualTo(CATALOG.trigger("demo"));
        assertThat(record.key()).isEqualTo(FireIds.runId("job-1@42", 0));
        assertThat(record.partition()).isEqualTo(2);
        Trigger trigger = (Trigger) record.value();
        assertThat(trigger.runId()).isEqualTo("job-1@42#0");
        assertThat(trigger.jobId()).isEqualTo("job-1");
        assertThat(trigger.handler()).isEqualTo("echo");
        assertThat(trigger.params()).isEqualTo("{\"a\":1}");
        assertThat(trigger.kind()).isEqualTo(FireKind.MANUAL);
        assertThat(trigger.attempt()).isEqualTo(2);
        assertThat(trigger.shardIndex()).isZero();
        assertThat(trigger.shardTotal()).isEqualTo(1);
        assertThat(trigger.blockStrategy()).isEqualTo(io.carillon.topics.events.BlockStrategy.SERIAL);
        assertThat(trigger.timeoutMs()).isEqualTo(1500);
        assertThat(trigger.targetInstance()).isEqualTo("w1");
        assertThat(trigger.parentRunId()).isEqualTo("parent#0");
        assertThat(trigger.workflow()).isNull();
    }

    @Test
    void aWorkflowNodesTriggerCarriesTheFiresRef() {
        register("w1", heartbeat("w1", "demo", List.of("echo"), List.of(2), T0));
        WorkflowRef ref = new WorkflowRef("nightly", "nightly@1", "load", 2, Map.of("extract", "3 rows"));
        FireEvent event = FireEvent.of(
                        JobDefinition.builder("nightly.load")
                                .app("demo")
                                .handler("echo")
                                .build(),
                        "nightly@1/load/2",
                        T0,
                        FireKind.WORKFLOW,
                        1,
                        null,
                        null,
                        T0)
                .withWorkflow(ref);

        Trigger trigger =
                triggers(engine.plan(List.of(record(0, event)), now())).get(0);

        assertThat(trigger.workflow()).isEqualTo(ref);
    }

    @Test
    void letsTheKeyChooseThePartitionWhenTheTargetOwnsNoneThatExists() {
        register("w1", heartbeat("w1", "demo", List.of("echo"), List.of(), T0));
        register("w2", heartbeat("w2", "demo", List.of("echo"), List.of(99), T0));

        List<ProducerRecord<String, Object>> records =
                engine.plan(List.of(fire("a", 0), fire("b", 0)), now()).records();

        assertThat(records).extracting(ProducerRecord::partition).containsOnlyNulls();
    }

    @Test
    void cancelRemovesAHeldFire() {
        live("w1");
        engine.plan(List.of(fire("j@1", 1000), fire("j@2", 2000)), now());

        DispatchPlan cancelled = engine.plan(List.of(cancel("j@1")), now());
        clock.advance(Duration.ofSeconds(3));

        assertThat(cancelled.records()).isEmpty();
        assertThat(triggers(tick())).extracting(Trigger::fireId).containsExactly("j@2");
    }

    @Test
    void cancelAfterDispatchChangesNothing() {
        live("w1");
        engine.plan(List.of(fire("j@1", 1000)), now());
        clock.advance(Duration.ofSeconds(1));
        assertThat(triggers(tick())).hasSize(1);

        DispatchPlan afterCancel = engine.plan(List.of(cancel("j@1")), now());

        assertThat(afterCancel.records()).isEmpty();
        assertThat(afterCancel.offsets()).containsEntry(partition(0), new OffsetAndMetadata(2, ""));
    }

    @Test
    void commitsOnlyUpToTheLowWaterMarkOfEachPartition() {
        live("w1");
        DispatchPlan first = engine.plan(List.of(fire(0, "far", 60_000), fire(0, "now", 0), fire(1, "p1", 0)), now());

        assertThat(triggers(first)).extracting(Trigger::fireId).containsExactly("now", "p1");
        OffsetAndMetadata p0 = first.offsets().get(partition(0));
        assertThat(p0.offset()).isZero();
        assertThat(DoneOffsets.decode(0, p0.metadata()).contains(1)).isTrue();
        assertThat(first.offsets().get(partition(1))).isEqualTo(new OffsetAndMetadata(1, ""));

        assertThat(tick().isEmpty()).as("nothing changed, nothing to commit").isTrue();

        clock.advance(Duration.ofMinutes(1));
        DispatchPlan later = tick();
        assertThat(triggers(later)).extracting(Trigger::fireId).containsExactly("far");
        assertThat(later.offsets()).containsOnlyKeys(partition(0));
        assertThat(later.offsets().get(partition(0))).isEqualTo(new OffsetAndMetadata(2, ""));
    }

    @Test
    void theFiresOfABatchRecordGoEachOnTheirOwnAndTheRecordIsDoneWithItsLast() {
        live("w1");
        DispatchPlan first = engine.plan(List.of(batch(fireEvent("a", 0), fireEvent("b", 60_000))), now());

        assertThat(triggers(first)).extracting(Trigger::fireId).containsExactly("a");
        assertThat(first.offsets()).containsEntry(partition(0), new OffsetAndMetadata(0, ""));

        clock.advance(Duration.ofMinutes(1));
        DispatchPlan later = tick();
        assertThat(triggers(later)).extracting(Trigger::fireId).containsExactly("b");
        assertThat(later.offsets()).containsEntry(partition(0), new OffsetAndMetadata(1, ""));
    }

    @Test
    void aBadFireOfABatchBecomesADeadLetterAndTheOthersGo() {
        live("w1");
        FireEvent noHandler = new FireEvent(
                0,
                null,
                "bad",
                "job",
                1,
                "demo",
                null,
                T0,
                FireKind.SCHEDULED,
                1,
                null,
                null,
                null,
                null,
                0,
                null,
                null,
                T0);

        DispatchPlan plan = engine.plan(List.of(batch(fireEvent("a", 0), noHandler, fireEvent("c", 0))), now());

        assertThat(triggers(plan)).extracting(Trigger::fireId).containsExactly("a", "c");
        assertThat(plan.records())
                .filteredOn(record -> record.topic().equals(CATALOG.dlq()))
                .singleElement()
                .satisfies(letter -> assertThat(((DeadLetter) letter.value()).reason())
                        .contains("fire 1 of the batch")
                        .contains("handler"));
        assertThat(plan.offsets()).containsEntry(partition(0), new OffsetAndMetadata(1, ""));
    }

    @Test
    void theTriggersOfOneInstantBoundForOnePartitionLeaveAsOneRecord() {
        register("w1", heartbeat("w1", "demo", List.of("echo"), List.of(0), T0));
        DispatchPlan plan = engine.plan(
                List.of(fire(0, "a@1", 0), fire(0, "b@1", 0), fire(1, "c@1", 0), fire(0, "late@1", -1)), now());

        List<ProducerRecord<String, Object>> records = plan.records();
        assertThat(records).hasSize(2);
        assertThat(records.get(0).partition()).isZero();
        assertThat(records.get(0).key()).isEqualTo("a@1#0");
        assertThat(((TriggerBatch) records.get(0).value()).triggers())
                .extracting(Trigger::fireId)
                .containsExactly("a@1", "b@1", "c@1");
        assertThat(records.get(1).value()).isInstanceOf(Trigger.class);
        assertThat(((Trigger) records.get(1).value()).fireId()).isEqualTo("late@1");
    }

    @Test
    void aSuccessorSkipsFiresDispatchedAboveTheCommittedOffset() {
        live("w1");
        ConsumerRecord<String, byte[]> far = fire(0, "far", 60_000);
        ConsumerRecord<String, byte[]> now = fire(0, "now", 0);
        OffsetAndMetadata committed =
                engine.plan(List.of(far, now), now()).offsets().get(partition(0));

        engine = newEngine();
        engine.assigned(partition(0), committed);
        DispatchPlan reread = engine.plan(List.of(far, now), now());

        assertThat(reread.records()).isEmpty();
        assertThat(engine.heldFires()).isEqualTo(1);
        clock.advance(Duration.ofMinutes(1));
        assertThat(triggers(tick())).extracting(Trigger::fireId).containsExactly("far");
    }

    @Test
    void revokedPartitionsLoseTheirHeldFires() {
        live("w1");
        engine.plan(List.of(fire(0, "p0", 1000), fire(1, "p1", 1000)), now());

        engine.revoked(List.of(partition(0)));
        clock.advance(Duration.ofSeconds(1));

        DispatchPlan plan = tick();
        assertThat(triggers(plan)).extracting(Trigger::fireId).containsExactly("p1");
        assertThat(plan.offsets()).containsOnlyKeys(partition(1));
    }

    @Test
    void roundRobinTakesTheLiveInstancesInTurn() {
        live("w3");
        live("w1");
        live("w2");
        register("other-handler", heartbeat("other-handler", "demo", List.of("sleep"), List.of(), T0));
        register("other-app", heartbeat("other-app", "shop", List.of("echo"), List.of(), T0));
        register("expired", heartbeat("expired", "demo", List.of("echo"), List.of(), LONG_AGO));

        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            records.add(fire("j@" + i, 0));
        }

        assertThat(triggers(engine.plan(records, now())))
                .extracting(Trigger::targetInstance)
                .containsExactly("w1", "w2", "w3", "w1", "w2", "w3");
    }

    @Test
    void roundRobinFollowsRegistryChanges() {
        live("w1");
        live("w2");
        assertThat(triggers(engine.plan(List.of(fire("j@0", 0)), now())))
                .extracting(Trigger::targetInstance)
                .containsExactly("w1");

        registry.remove("w2");
        clock.advance(Duration.ofSeconds(1));
        assertThat(triggers(engine.plan(List.of(fire("j@1", 0), fire("j@2", 0)), now())))
                .extracting(Trigger::targetInstance)
                .containsExactly("w1", "w1");
    }

    @Test
    void pinnedInstancesLimitTheChoice() {
        live("w1");
        live("w2");
        FireEvent event = new FireEvent(
                0,
                null,
                "pinned@1",
                "pinned",
                1,
                "demo",
                "echo",
                T0,
                FireKind.SCHEDULED,
                1,
                null,
                null,
                List.of("w2"),
                null,
                0,
                null,
                null,
                T0);

        assertThat(triggers(engine.plan(List.of(record(0, event)), now())))
                .extracting(Trigger::targetInstance)
                .containsExactly("w2");
    }

    @Test
    void noLiveWorkerGivesANoWorkerResult() {
        register("dead", heartbeat("dead", "demo", List.of("echo"), List.of(), LONG_AGO));
        register("w1", heartbeat("w1", "demo", List.of("sleep"), List.of(), T0));

        List<ProducerRecord<String, Object>> records =
                engine.plan(List.of(fire("lonely@1", 0)), now()).records();

        assertThat(records).hasSize(1);
        assertThat(records.get(0).topic()).isEqualTo(CATALOG.results());
        assertThat(records.get(0).key()).isEqualTo("job");
        RunResult result = (RunResult) records.get(0).value();
        assertThat(result.status()).isEqualTo(RunStatus.NO_WORKER);
        assertThat(result.runId()).isEqualTo("lonely@1#0");
        assertThat(result.fireId()).isEqualTo("lonely@1");
        assertThat(result.finishedAt()).isEqualTo(T0);
        assertThat(result.message()).contains("'demo'").contains("'echo'");
        assertThat(stats.snapshot().app("demo").noWorker()).isEqualTo(1);
    }

    @Test
    void aFireWaitsForAWorkerThatComesWithinTheGraceAndKeepsItsOffsetUncommitted() {
        engine = newEngine(Duration.ZERO, 4096, Duration.ZERO, GRACE);

        DispatchPlan first = engine.plan(List.of(fire("waits@1", 0), fire("later@1", 60_000)), now());
        assertThat(first.records()).isEmpty();
        assertThat(first.offsets()).containsEntry(partition(0), new OffsetAndMetadata(0, ""));
        assertThat(engine.heldFires()).isEqualTo(2);

        clock.advance(GRACE.minusSeconds(1));
        assertThat(tick().records()).isEmpty();
        live("w1");
        clock.advance(DispatchEngine.NO_WORKER_RECHECK);

        assertThat(triggers(tick())).extracting(Trigger::fireId).containsExactly("waits@1");
        assertThat(stats.snapshot().app("demo").noWorker()).isZero();
    }

    @Test
    void aFireWithNoWorkerAfterTheGraceEndsNoWorkerAtTheGracesEnd() {
        engine = newEngine(Duration.ZERO, 4096, Duration.ZERO, GRACE);
        engine.plan(List.of(fire("lonely@1", -3_000)), now());

        for (int checks = 0; checks < 100 && engine.heldFires() > 0; checks++) {
            clock.advance(DispatchEngine.NO_WORKER_RECHECK);
            List<ProducerRecord<String, Object>> records = tick().records();
            if (!records.isEmpty()) {
                RunResult result = (RunResult) records.get(0).value();
                assertThat(result.status()).isEqualTo(RunStatus.NO_WORKER);
                assertThat(result.finishedAt()).isEqualTo(T0.plus(GRACE));
            }
        }
        assertThat(engine.heldFires()).isZero();
        assertThat(stats.snapshot().app("demo").noWorker()).isEqualTo(1);
    }

    @Test
    void aCancelWithdrawsAFireWaitingForAWorker() {
        engine = newEngine(Duration.ZERO, 4096, Duration.ZERO, GRACE);
        engine.plan(List.of(fire("waits@1", 0)), now());

        DispatchPlan cancelled = engine.plan(List.of(cancel("waits@1")), now());

        assertThat(cancelled.records()).isEmpty();
        assertThat(cancelled.offsets()).containsEntry(partition(0), new OffsetAndMetadata(2, ""));
        live("w1");
        clock.advance(GRACE);
        assertThat(tick().records()).isEmpty();
    }

    @Test
    void malformedRecordsBecomeDeadLettersAndTheRestGoesOn() {
        live("w1");
        ConsumerRecord<String, byte[]> garbage = raw(0, "{not json".getBytes(StandardCharsets.UTF_8));
        ConsumerRecord<String, byte[]> noApp = raw(
                0,
                ("{\"fireId\":\"x@1\",\"jobId\":\"x\",\"handler\":\"echo\","
                                + "\"scheduledAt\":\"2026-03-01T12:00:00Z\"}")
                        .getBytes(StandardCharsets.UTF_8));
        ConsumerRecord<String, byte[]> empty = raw(0, null);

        DispatchPlan plan = engine.plan(List.of(garbage, noApp, empty, fire("good", 0)), now());

        List<DeadLetter> letters = plan.records().stream()
                .filter(r -> r.topic().equals(CATALOG.dlq()))
                .map(r -> (DeadLetter) r.value())
                .toList();
        assertThat(letters).hasSize(3);
        assertThat(letters).allSatisfy(letter -> {
            assertThat(letter.component()).isEqualTo("dispatcher");
            assertThat(letter.sourceTopic()).isEqualTo(CATALOG.fires());
        });
        assertThat(letters.get(0).reason()).contains("FireEvent");
        assertThat(letters.get(0).value()).isEqualTo("{not json");
        assertThat(letters.get(1).reason()).contains("'app'");
        assertThat(letters.get(2).reason()).contains("empty");
        assertThat(triggers(plan)).extracting(Trigger::fireId).containsExactly("good");
        assertThat(plan.offsets().get(partition(0)).offset()).isEqualTo(4);
        assertThat(stats.snapshot().deadLetters()).isEqualTo(3);
    }

    @Test
    void doNothingSkipsAFireLaterThanItsMisfireThresholdWithTheReasonInTheSameCommit() {
        live("w1");
        ConsumerRecord<String, byte[]> late = record(
                0,
                fire(
                        "late@1",
                        -7200,
                        FireKind.SCHEDULED,
                        new MisfirePolicy(MisfireStrategy.DO_NOTHING, 5000, 0),
                        null));

        DispatchPlan plan = engine.plan(List.of(late), now());

        assertThat(triggers(plan)).isEmpty();
        assertThat(plan.records()).hasSize(1);
        assertThat(plan.records().get(0).topic()).isEqualTo(CATALOG.results());
        assertThat(plan.records().get(0).key()).isEqualTo("job");
        RunResult result = (RunResult) plan.records().get(0).value();
        assertThat(result.status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(result.runId()).isEqualTo("late@1#0");
        assertThat(result.scheduledAt()).isEqualTo(T0.minusMillis(7200));
        assertThat(result.finishedAt()).isEqualTo(T0);
        assertThat(result.message())
                .isEqualTo(
                        "dispatched 7.2 s after its instant, beyond the misfire threshold" + " 5 s; policy DO_NOTHING");
        assertThat(plan.offsets()).containsEntry(partition(0), new OffsetAndMetadata(1, ""));
        assertThat(stats.snapshot().app("demo").skipped()).isEqualTo(1);
        assertThat(stats.snapshot().app("demo").dispatched()).isZero();
    }

    @Test
    void doNothingStillDispatchesAFireWithinItsThreshold() {
        live("w1");
        MisfirePolicy doNothing = new MisfirePolicy(MisfireStrategy.DO_NOTHING, 5000, 0);

        DispatchPlan plan =
                engine.plan(List.of(record(0, fire("j@1", -5000, FireKind.SCHEDULED, doNothing, null))), now());

        assertThat(triggers(plan)).extracting(Trigger::fireId).containsExactly("j@1");
    }

    @Test
    void fireOnceNowCatchUpAndPlannerMisfiresAreDispatchedHoweverLate() {
        live("w1");
        DispatchPlan plan = engine.plan(
                List.of(
                        record(
                                0,
                                fire(
                                        "once@1",
                                        -60_000,
                                        FireKind.SCHEDULED,
                                        new MisfirePolicy(MisfireStrategy.FIRE_ONCE_NOW, 5000, 0),
                                        null)),
                        record(
                                0,
                                fire(
                                        "catch@1",
                                        -60_000,
                                        FireKind.SCHEDULED,
                                        new MisfirePolicy(MisfireStrategy.CATCH_UP, 5000, 0),
                                        null)),
                        record(
                                0,
                                fire(
                                        "decided@1",
                                        -60_000,
                                        FireKind.MISFIRE,
                                        new MisfirePolicy(MisfireStrategy.DO_NOTHING, 5000, 0),
                                        null))),
                now());

        assertThat(triggers(plan)).extracting(Trigger::fireId).containsExactly("once@1", "catch@1", "decided@1");
        assertThat(stats.snapshot().app("demo").maxLatenessMillis()).isEqualTo(60_000);
        assertThat(stats.snapshot().app("demo").skipped()).isZero();
    }

    @Test
    void aScheduledOrMisfireFireLaterThanItsMaxLateIsSkippedWhateverThePolicy() {
        live("w1");
        MisfirePolicy catchUpWithinTenSeconds = new MisfirePolicy(MisfireStrategy.CATCH_UP, 5000, 0, 10_000);
        DispatchPlan plan = engine.plan(
                List.of(
                        record(0, fire("late@1", -10_500, FireKind.SCHEDULED, catchUpWithinTenSeconds, null)),
                        record(0, fire("missed@1", -12_000, FireKind.MISFIRE, catchUpWithinTenSeconds, null)),
                        record(0, fire("inTime@1", -10_000, FireKind.SCHEDULED, catchUpWithinTenSeconds, null)),
                        record(0, fire("manual", -60_000, FireKind.MANUAL, catchUpWithinTenSeconds, null))),
                now());

        assertThat(triggers(plan)).extracting(Trigger::fireId).containsExactly("inTime@1", "manual");
        assertThat(plan.records())
                .filteredOn(record -> record.value() instanceof RunResult)
                .extracting(record -> (RunResult) record.value())
                .extracting(RunResult::fireId, RunResult::status, RunResult::message)
                .containsExactly(
                        tuple(
                                "late@1",
                                RunStatus.SKIPPED,
                                "dispatched 10.5 s after its instant, beyond its maxLateMs 10 s; not run"),
                        tuple(
                                "missed@1",
                                RunStatus.SKIPPED,
                                "dispatched 12 s after its instant, beyond its maxLateMs 10 s; not run"));
        assertThat(stats.snapshot().app("demo").skipped()).isEqualTo(2);
    }

    @Test
    void aHeldFireThatLeavesTooLateIsSkippedToo() {
        live("w1");
        engine.plan(
                List.of(record(
                        0,
                        fire(
                                "held@1",
                                1000,
                                FireKind.SCHEDULED,
                                new MisfirePolicy(MisfireStrategy.DO_NOTHING, 1000, 0),
                                null))),
                now());

        clock.advance(Duration.ofSeconds(10));
        DispatchPlan plan = tick();

        assertThat(triggers(plan)).isEmpty();
        RunResult result = (RunResult) plan.records().get(0).value();
        assertThat(result.status()).isEqualTo(RunStatus.SKIPPED);
        assertThat(result.message()).startsWith("dispatched 9 s after its instant");
    }

    @Test
    void shardingBroadcastSendsOneTriggerPerLiveInstanceWithItsShard() {
        register("w2", heartbeat("w2", "demo", List.of("echo"), List.of(1), T0));
        register("w1", heartbeat("w1", "demo", List.of("echo"), List.of(0), T0));
        register("w3", heartbeat("w3", "demo", List.of("echo"), List.of(3), T0));

        List<ProducerRecord<String, Object>> records = engine.plan(
                        List.of(record(
                                0, fire("bc@1", 0, FireKind.SCHEDULED, null, RoutingStrategy.SHARDING_BROADCAST))),
                        now())
                .records();

        assertThat(records).extracting(ProducerRecord::key).containsExactly("bc@1#0", "bc@1#1", "bc@1#2");
        assertThat(records).extracting(ProducerRecord::partition).containsExactly(0, 1, 3);
        List<Trigger> triggers = records.stream().map(r -> (Trigger) r.value()).toList();
        assertThat(triggers).extracting(Trigger::targetInstance).containsExactly("w1", "w2", "w3");
        assertThat(triggers).extracting(Trigger::shardIndex).containsExactly(0, 1, 2);
        assertThat(triggers).extracting(Trigger::shardTotal).containsOnly(3);
        assertThat(triggers)
                .extracting(Trigger::runId)
                .containsExactly(FireIds.runId("bc@1", 0), FireIds.runId("bc@1", 1), FireIds.runId("bc@1", 2));

        registry.remove("w2");
        List<Trigger> after = triggers(engine.plan(
                List.of(record(0, fire("bc@2", 0, FireKind.SCHEDULED, null, RoutingStrategy.SHARDING_BROADCAST))),
                now()));
        assertThat(after).extracting(Trigger::targetInstance).containsExactly("w1", "w3");
        assertThat(after).extracting(Trigger::shardTotal).containsOnly(2);
    }

    @Test
    void aOneShardFireGetsOneTriggerForThatShardEvenUnderShardingBroadcast() {
        register("w1", heartbeat("w1", "demo", List.of("echo"), List.of(0), T0));
        register("w2", heartbeat("w2", "demo", List.of("echo"), List.of(1), T0));
        register("w3", heartbeat("w3", "demo", List.of("echo"), List.of(3), T0));
        FireEvent retryOfShard1 = fire("bc@1-retry", 0, FireKind.RETRY, null, RoutingStrategy.SHARDING_BROADCAST)
                .onlyShard(1, 3);

        List<ProducerRecord<String, Object>> records =
                engine.plan(List.of(record(0, retryOfShard1)), now()).records();

        assertThat(records).hasSize(1);
        assertThat(records.get(0).key()).isEqualTo(FireIds.runId("bc@1-retry", 1));
        Trigger trigger = (Trigger) records.get(0).value();
        assertThat(trigger.shardIndex()).isEqualTo(1);
        assertThat(trigger.shardTotal()).isEqualTo(3);
        assertThat(trigger.targetInstance()).isEqualTo("w2");
        assertThat(stats.snapshot().app("demo").dispatched()).isEqualTo(1);
    }

    @Test
    void aOneShardFireOfASingleTargetStrategyKeepsItsShard() {
        live("w1");
        FireEvent retryOfShard2 = fire("j@1-retry", 0, FireKind.RETRY, null, RoutingStrategy.FIRST)
                .onlyShard(2, 4);

        List<Trigger> triggers = triggers(engine.plan(List.of(record(0, retryOfShard2)), now()));

        assertThat(triggers).singleElement().satisfies(trigger -> {
            assertThat(trigger.runId()).isEqualTo(FireIds.runId("j@1-retry", 2));
            assertThat(trigger.shardIndex()).isEqualTo(2);
            assertThat(trigger.shardTotal()).isEqualTo(4);
            assertThat(trigger.targetInstance()).isEqualTo("w1");
        });
    }

    @Test
    void withATriggerLeadAFireIsRoutedThatMuchBeforeItsDueInstantAndCarriesIt() {
        live("w1");
        engine = newEngine(Duration.ofMillis(100));
        engine.plan(List.of(fire("j@1", 1000)), now());
        assertThat(engine.nextDue()).contains(T0.plusMillis(900));

        clock.advance(Duration.ofMillis(899));
        assertThat(tick().records()).isEmpty();
        clock.advance(Duration.ofMillis(1));
        List<Trigger> triggers = triggers(tick());

        assertThat(triggers).singleElement().satisfies(trigger -> {
            assertThat(trigger.dueAt()).isEqualTo(T0.plusMillis(1000));
            assertThat(trigger.dispatchedAt()).isEqualTo(T0.plusMillis(900));
        });
        assertThat(stats.snapshot().app("demo").maxLatenessMillis()).isZero();
    }

    @Test
    void withATriggerLeadAFireArrivingWithinTheLeadGoesAtOnce() {
        live("w1");
        engine = newEngine(Duration.ofMillis(100));

        assertThat(triggers(engine.plan(List.of(fire("soon", 60)), now())))
                .extracting(Trigger::dueAt)
                .containsExactly(T0.plusMillis(60));
        assertThat(engine.heldFires()).isZero();
    }

    @Test
    void withATriggerLeadTheMisfireThresholdStillCountsFromTheDueInstant() {
        live("w1");
        engine = newEngine(Duration.ofMillis(100));
        MisfirePolicy doNothing = new MisfirePolicy(MisfireStrategy.DO_NOTHING, 1000, 0);

        DispatchPlan plan = engine.plan(
                List.of(
                        record(0, fire("within", -1000, FireKind.SCHEDULED, doNothing, null)),
                        record(0, fire("beyond", -1001, FireKind.SCHEDULED, doNothing, null))),
                now());

        assertThat(triggers(plan)).extracting(Trigger::fireId).containsExactly("within");
        assertThat(stats.snapshot().app("demo").skipped()).isEqualTo(1);
    }

    @Test
    void withATriggerLeadACancelWithinTheLeadKillsTheRunSentEarlyOnControl() {
        live("w1");
        engine = newEngine(Duration.ofMillis(100));
        engine.plan(List.of(fire("j@1", 1000)), now());
        clock.advance(Duration.ofMillis(950));
        assertThat(triggers(tick())).hasSize(1);

        DispatchPlan afterCancel = engine.plan(List.of(cancel("j@1")), now());

        assertThat(afterCancel.records()).singleElement().satisfies(record -> {
            assertThat(record.topic()).isEqualTo(CATALOG.control());
            assertThat(record.key()).isEqualTo("j@1#0");
            ControlCommand kill = (ControlCommand) record.value();
            assertThat(kill.type()).isEqualTo(ControlType.KILL);
            assertThat(kill.runId()).isEqualTo("j@1#0");
            assertThat(kill.jobId()).isEqualTo("job");
            assertThat(kill.app()).isEqualTo("demo");
            assertThat(kill.instance()).isEqualTo("w1");
            assertThat(kill.commandId()).isEqualTo("cancel-j@1#0");
            assertThat(kill.requestedBy())
                    .contains("fire j@1 was cancelled", T0.plusMillis(1000).toString());
            assertThat(kill.requestedAt()).isEqualTo(T0.plusMillis(950));
        });
        assertThat(afterCancel.offsets()).containsEntry(partition(0), new OffsetAndMetadata(2, ""));
        assertThat(engine.plan(List.of(cancel("j@1")), now()).records())
                .as("a second cancel kills nothing more")
                .isEmpty();
    }

    @Test
    void withATriggerLeadACancelAtOrAfterTheDueInstantChangesNothing() {
        live("w1");
        engine = newEngine(Duration.ofMillis(100));
        engine.plan(List.of(fire("j@1", 1000)), now());
        clock.advance(Duration.ofMillis(950));
        assertThat(triggers(tick())).hasSize(1);
        clock.advance(Duration.ofMillis(50));

        assertThat(engine.plan(List.of(cancel("j@1")), now()).records()).isEmpty();
    }

    @Test
    void withATriggerLeadACancelKillsEachShardOfABroadcastFireSentEarly() {
        live("w1");
        live("w2");
        engine = newEngine(Duration.ofSeconds(1));
        engine.plan(
                List.of(record(0, fire("b@1", 500, FireKind.SCHEDULED, null, RoutingStrategy.SHARDING_BROADCAST))),
                now());

        List<ProducerRecord<String, Object>> kills =
                engine.plan(List.of(cancel("b@1")), now()).records();

        assertThat(kills).extracting(ProducerRecord::topic).containsOnly(CATALOG.control());
        assertThat(kills).extracting(ProducerRecord::key).containsExactlyInAnyOrder("b@1#0", "b@1#1");
        assertThat(kills)
                .extracting(record -> ((ControlCommand) record.value()).instance())
                .containsExactlyInAnyOrder("w1", "w2");
    }

    @Test
    void aRevokedPartitionForgetsItsFiresSentEarly() {
        live("w1");
        engine = newEngine(Duration.ofSeconds(1));
        engine.plan(List.of(fire("j@1", 500)), now());

        engine.revoked(List.of(partition(0)));

        assertThat(engine.plan(List.of(cancel("j@1")), now()).records()).isEmpty();
    }

    @Test
    void withAReleaseWindowTheFiresReleasedWithinItAfterTheFirstLeaveTogether() {
        live("w1");
        engine = newEngine(Duration.ofSeconds(1), Duration.ofMillis(100));
        engine.plan(List.of(fire("a", 2000), fire("b", 2050), fire("c", 2100), fire("d", 2101)), now());

        clock.advance(Duration.ofMillis(999));
        assertThat(tick().records())
                .as("nothing leaves before the first release instant")
                .isEmpty();
        clock.advance(Duration.ofMillis(1));
        DispatchPlan first = tick();

        assertThat(triggers(first)).extracting(Trigger::fireId).containsExactly("a", "b", "c");
        assertThat(triggers(first)).allSatisfy(trigger -> {
            assertThat(trigger.dispatchedAt()).isEqualTo(T0.plusMillis(1000));
            assertThat(Duration.between(trigger.dispatchedAt(), trigger.dueAt()))
                    .isBetween(Duration.ofSeconds(1), Duration.ofMillis(1100));
        });
        assertThat(first.offsets()).containsEntry(partition(0), new OffsetAndMetadata(3, ""));
        assertThat(engine.nextDue()).contains(T0.plusMillis(1101));
        clock.advance(Duration.ofMillis(100));
        assertThat(tick().records())
                .as("d is not pulled along by a plan that produces nothing")
                .isEmpty();
        clock.advance(Duration.ofMillis(1));
        assertThat(triggers(tick())).extracting(Trigger::fireId).containsExactly("d");
    }

    @Test
    void withAReleaseWindowLateAndDueFiresStillGoAtOnceAndTakeTheWindowAlong() {
        live("w1");
        engine = newEngine(Duration.ofSeconds(1), Duration.ofMillis(100));
        engine.plan(List.of(fire("near", 1080), fire("far", 3000)), now());

        DispatchPlan plan = engine.plan(List.of(fire("late", -5000), fire("within-lead", 500)), now());

        assertThat(triggers(plan)).extracting(Trigger::fireId).containsExactly("late", "within-lead", "near");
        assertThat(triggers(plan))
                .allSatisfy(trigger -> assertThat(trigger.dispatchedAt()).isEqualTo(T0));
        assertThat(engine.nextDue()).contains(T0.plusMillis(2000));
    }

    @Test
    void theReleaseWindowIsCappedAtTheTriggerLead() {
        live("w1");
        engine = newEngine(Duration.ZERO, Duration.ofMillis(100));
        engine.plan(List.of(fire("soon", 50)), now());

        assertThat(triggers(engine.plan(List.of(fire("late", -1)), now())))
                .extracting(Trigger::fireId)
                .containsExactly("late");
        clock.advance(Duration.ofMillis(50));
        assertThat(triggers(tick())).extracting(Trigger::fireId).containsExactly("soon");
    }

    @Test
    void aFireReleasedEarlyByTheWindowIsKilledWhenCancelledBeforeItsDueInstant() {
        live("w1");
        engine = newEngine(Duration.ofSeconds(1), Duration.ofMillis(100));
        engine.plan(List.of(fire("a", 2000), fire("b", 2100)), now());
        clock.advance(Duration.ofSeconds(1));
        assertThat(triggers(tick())).extracting(Trigger::fireId).containsExactly("a", "b");

        DispatchPlan afterCancel = engine.plan(List.of(cancel("b")), now());

        assertThat(afterCancel.records()).singleElement().satisfies(record -> {
            assertThat(record.topic()).isEqualTo(CATALOG.control());
            assertThat(((ControlCommand) record.value()).runId()).isEqualTo("b#0");
        });
    }

    @Test
    void aNegativeReleaseWindowIsRejected() {
        assertThatThrownBy(() -> newEngine(Duration.ofSeconds(1), Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("releaseWindow");
    }

    @Test
    void whenDoneOffsetsWouldOverflowTheMetadataFiresAreHeldBackAndASuccessorNeverDispatchesOneTwice() {
        live("w1");
        int limit = 16;
        engine = newEngine(Duration.ZERO, limit);
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        records.add(fire(0, "far", 60_000));
        for (int i = 1; i <= 8; i++) {
            records.add(fire(0, "later-" + i, 30_000 + i));
            records.add(fire(0, "now-" + i, 0));
        }

        DispatchPlan first = engine.plan(records, now());

        List<String> dispatched =
                new ArrayList<>(triggers(first).stream().map(Trigger::fireId).toList());
        assertThat(dispatched)
                .as("some due fires wait for room in the metadata")
                .hasSizeBetween(1, 7);
        assertThat(engine.heldBackPartitions()).containsExactly(partition(0));
        OffsetAndMetadata committed = first.offsets().get(partition(0));
        assertThat(committed.metadata().length()).isLessThanOrEqualTo(limit);

        DispatchEngine successor = newEngine(Duration.ZERO, limit);
        successor.assigned(partition(0), committed);
        List<String> bySuccessor = new ArrayList<>();
        bySuccessor.addAll(triggers(successor.plan(records, now())).stream()
                .map(Trigger::fireId)
                .toList());
        for (int step = 0; step < 4; step++) {
            clock.advance(Duration.ofSeconds(20));
            bySuccessor.addAll(triggers(successor.plan(List.of(), now())).stream()
                    .map(Trigger::fireId)
                    .toList());
        }

        List<String> all = new ArrayList<>(dispatched);
        all.addAll(bySuccessor);
        assertThat(all).doesNotHaveDuplicates().hasSize(records.size());
    }

    @Test
    void heldBackFiresGoOnceTheMarkMoves() {
        live("w1");
        engine = newEngine(Duration.ZERO, 16);
        List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
        records.add(fire(0, "first", 1000));
        for (int i = 1; i <= 8; i++) {
            records.add(fire(0, "later-" + i, 30_000 + i));
            records.add(fire(0, "now-" + i, 0));
        }
        int early = triggers(engine.plan(records, now())).size();

        clock.advance(Duration.ofSeconds(1));
        List<Trigger> afterMark = triggers(tick());

        assertThat(afterMark).extracting(Trigger::fireId).contains("first");
        assertThat(engine.heldBackPartitions())
                .as("still interleaved with held fires")
                .isNotEmpty();
        clock.advance(Duration.ofSeconds(30));
        List<Trigger> rest = triggers(tick());

        assertThat(early + afterMark.size() + rest.size())
                .as("every fire has gone")
                .isEqualTo(records.size());
        assertThat(rest).extracting(Trigger::fireId).contains("now-8", "later-8");
        assertThat(engine.heldBackPartitions()).isEmpty();
        assertThat(engine.heldFires()).isZero();
    }

    @Test
    void metersCountWhatHappensPerApp() {
        live("w1");
        engine.plan(
                List.of(
                        fire("late", -250),
                        fire("on-time", 0),
                        record(
                                0,
                                fire(
                                        "skipped",
                                        -7200,
                                        FireKind.SCHEDULED,
                                        new MisfirePolicy(MisfireStrategy.DO_NOTHING, 5000, 0),
                                        null)),
                        record(
                                0,
                                new FireEvent(
                                        0,
                                        null,
                                        "nobody@1",
                                        "nobody",
                                        1,
                                        "shop",
                                        "echo",
                                        T0,
                                        FireKind.SCHEDULED,
                                        1,
                                        null,
                                        null,
                                        null,
                                        null,
                                        0,
                                        null,
                                        null,
                                        T0)),
                        raw(0, "{not json".getBytes(StandardCharsets.UTF_8)),
                        fire("held", 1000)),
                now());

        io.micrometer.core.instrument.Timer lateness =
                meters.get(StatsRecorder.LATENESS).tag("app", "demo").timer();
        assertThat(lateness.count()).isEqualTo(2);
        assertThat(lateness.max(java.util.concurrent.TimeUnit.MILLISECONDS)).isEqualTo(250);
        assertThat(meters.get(StatsRecorder.DISPATCHED)
                        .tag("app", "demo")
                        .counter()
                        .count())
                .isEqualTo(2);
        assertThat(meters.get(StatsRecorder.MISFIRE_SKIPPED)
                        .tag("app", "demo")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get(StatsRecorder.NO_WORKER)
                        .tag("app", "shop")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(meters.get(DeadLetterMeter.DEAD_LETTERS)
                        .tag("component", "dispatcher")
                        .counter()
                        .count())
                .isEqualTo(1);
        stats.heldFires(engine.heldFires());
        assertThat(meters.get(StatsRecorder.HELD_FIRES).gauge().value()).isEqualTo(1);
    }

    private FireEvent fire(
            String fireId, long dueInMillis, FireKind kind, MisfirePolicy misfire, RoutingStrategy routing) {
        return new FireEvent(
                0,
                null,
                fireId,
                "job",
                1,
                "demo",
                "echo",
                T0.plusMillis(dueInMillis),
                kind,
                1,
                null,
                routing,
                null,
                null,
                0,
                misfire,
                null,
                T0);
    }

    private DispatchEngine newEngine() {
        return newEngine(Duration.ZERO);
    }

    private DispatchEngine newEngine(Duration triggerLead) {
        return newEngine(triggerLead, 4096);
    }

    private DispatchEngine newEngine(Duration triggerLead, int offsetMetadataMaxChars) {
        return newEngine(triggerLead, offsetMetadataMaxChars, Duration.ZERO);
    }

    private DispatchEngine newEngine(Duration triggerLead, Duration releaseWindow) {
        return newEngine(triggerLead, 4096, releaseWindow);
    }

    private DispatchEngine newEngine(Duration triggerLead, int offsetMetadataMaxChars, Duration releaseWindow) {
        return newEngine(triggerLead, offsetMetadataMaxChars, releaseWindow, Duration.ZERO);
    }

    private DispatchEngine newEngine(
            Duration triggerLead, int offsetMetadataMaxChars, Duration releaseWindow, Duration noWorkerGrace) {
        FireRouter router =
                new FireRouter(CATALOG, registry, WorkerSelectors.standard(), app -> TRIGGER_PARTITIONS, stats);
        return new DispatchEngine(
                new HashedWheelFireTimer(),
                router,
                new MisfireRule(CATALOG),
                new DeadLetters(CATALOG),
                stats,
                offsetMetadataMaxChars,
                triggerLead,
                releaseWindow,
                new EarlyFires(CATALOG),
                noWorkerGrace);
    }

    private DispatchPlan tick() {
        return engine.plan(List.of(), now());
    }

    private Instant now() {
        return clock.instant();
    }

    private void live(String instance) {
        register(instance, heartbeat(instance, "demo", List.of("echo"), List.of(), T0));
    }

    private static WorkerHeartbeat heartbeat(
            String instance, String app, List<String> handlers, List<Integer> partitions, Instant sentAt) {
        return new WorkerHeartbeat(0, instance, app, handlers, 4, 0, partitions, HEARTBEAT_INTERVAL_MS, sentAt, sentAt);
    }

    private static List<Trigger> triggers(DispatchPlan plan) {
        return plan.records().stream()
                .map(ProducerRecord::value)
                .flatMap(value -> value instanceof TriggerBatch batch
                        ? batch.triggers().stream()
                        : Stream.of(value).filter(Trigger.class::isInstance).map(Trigger.class::cast))
                .toList();
    }

    private ConsumerRecord<String, byte[]> fire(String fireId, long dueInMillis) {
        return fire(0, fireId, dueInMillis);
    }

    private ConsumerRecord<String, byte[]> fire(int partition, String fireId, long dueInMillis) {
        return record(partition, fireEvent(fireId, dueInMillis));
    }

    private ConsumerRecord<String, byte[]> batch(FireEvent... fires) {
        return raw(0, EventSerdes.FIRE_BATCH.serialize(CATALOG.fires(), new FireBatch(List.of(fires))));
    }

    private static FireEvent fireEvent(String fireId, long dueInMillis) {
        return new FireEvent(
                0,
                null,
                fireId,
                "job",
                1,
                "demo",
                "echo",
                T0.plusMillis(dueInMillis),
                FireKind.SCHEDULED,
                1,
                null,
                null,
                null,
                null,
                0,
                null,
                null,
                T0);
    }

    private ConsumerRecord<String, byte[]> cancel(String fireId) {
        return record(0, FireEvent.cancel("job", fireId, T0, T0));
    }

    private ConsumerRecord<String, byte[]> record(int partition, FireEvent event) {
        return raw(partition, EventSerdes.FIRE.serialize(CATALOG.fires(), event));
    }

    private ConsumerRecord<String, byte[]> raw(int partition, byte[] value) {
        long offset = nextOffset.merge(partition, 1L, Long::sum) - 1;
        return new ConsumerRecord<>(CATALOG.fires(), partition, offset, "job", value);
    }

    private static TopicPartition partition(int partition) {
        return new TopicPartition(CATALOG.fires(), partition);
    }

    /** Registers {@code heartbeat} as received when it was sent. */
    private void register(String instanceId, WorkerHeartbeat heartbeat) {
        registry.update(instanceId, heartbeat, heartbeat.sentAt());
    }
}
