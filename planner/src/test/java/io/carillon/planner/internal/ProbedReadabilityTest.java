package io.carillon.planner.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.testkit.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class ProbedReadabilityTest {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final TopicPartition RESULTS = new TopicPartition("carillon.results", 3);
    private static final TopicPartition WORKERS = new TopicPartition("carillon.workers", 7);
    private static final Duration CHECK = Duration.ofSeconds(1);

    private final SettableClock clock = new SettableClock(START);
    private final Leaders leaders = new Leaders();
    private final ProbedReadability readability = new ProbedReadability(leaders, clock);

    @Test
    void aPartitionIsSettledOnceItsFirstProbeHasAnswered() {
        assertThat(settled(RESULTS)).as("not probed yet: the probe starts now").isFalse();
        assertThat(leaders.probes).containsExactly(Set.of(RESULTS));

        leaders.answerAll();
        assertThat(settled(RESULTS)).isTrue();
    }

    @Test
    void aPartitionWhoseLeaderDoesNotAnswerIsNotSettledOnceItsProbeIsSlow() {
        settled(RESULTS);
        leaders.answerAll();
        clock.advance(CHECK);
        assertThat(settled(RESULTS))
                .as("a new probe begins; the last answer is fresh")
                .isTrue();

        clock.advance(ProbedReadability.SLOW.plusMillis(1));
        assertThat(settled(RESULTS))
                .as("the probe waits longer than a leader takes")
                .isFalse();
    }

    @Test
    void aPartitionFoundUnreadableWaitsTheSettleTimeAfterItAnswersAgain() {
        settled(RESULTS, WORKERS);
        leaders.answer(RESULTS);
        leaders.fail(WORKERS);
        assertThat(settled(RESULTS)).as("its own probe answered").isTrue();
        assertThat(settled(RESULTS, WORKERS))
                .as("one of the two did not answer")
                .isFalse();

        clock.advance(CHECK);
        settled(RESULTS, WORKERS);
        leaders.answerAll();
        Instant answeredAgain = clock.instant();
        while (clock.instant().isBefore(answeredAgain.plus(ProbedReadability.SETTLE))) {
            assertThat(settled(RESULTS, WORKERS))
                    .as("answering again for %s", Duration.between(answeredAgain, clock.instant()))
                    .isFalse();
            leaders.answerAll();
            clock.advance(CHECK);
        }
        assertThat(settled(RESULTS, WORKERS)).isTrue();
    }

    @Test
    void anAnswerGoesStaleSoAPartitionNotAskedAboutForAWhileIsProbedAgainFirst() {
        settled(RESULTS);
        leaders.answerAll();

        clock.advance(ProbedReadability.STALE_AFTER.plusMillis(1));
        assertThat(settled(RESULTS)).isFalse();
        assertThat(leaders.probes).hasSize(2);
        leaders.answerAll();
        assertThat(settled(RESULTS)).isTrue();
    }

    @Test
    void oneProbeAtATimeAndAtMostOneAnIntervalWhileVerdictsAsk() {
        settled(RESULTS);
        settled(WORKERS);
        assertThat(leaders.probes).as("the second waits for the first").hasSize(1);
        leaders.answerAll();

        settled(WORKERS);
        assertThat(leaders.probes)
                .as("WORKERS was never probed: due at once")
                .last()
                .isEqualTo(Set.of(RESULTS, WORKERS));
        leaders.answerAll();
        clock.advance(CHECK.dividedBy(2));
        settled(RESULTS, WORKERS);
        assertThat(leaders.probes).hasSize(2);
    }

    @Test
    void aProbeThatCannotBeSentCountsAsNoAnswer() {
        ProbedReadability broken = new ProbedReadability(
                (partitions, timeout) -> {
                    throw new IllegalStateException("closed");
                },
                clock);

        assertThat(broken.settled(List.of(RESULTS), clock.instant())).isFalse();
        clock.advance(CHECK);
        assertThat(broken.settled(List.of(RESULTS), clock.instant())).isFalse();
    }

    private boolean settled(TopicPartition... partitions) {
        return readability.settled(List.of(partitions), clock.instant());
    }

    /** Partition leaders the test answers for, or not. */
    private static final class Leaders implements EndOffsets {

        final List<Set<TopicPartition>> probes = new ArrayList<>();
        private final Map<TopicPartition, CompletableFuture<Long>> waiting = new HashMap<>();

        @Override
        public Map<TopicPartition, CompletionStage<?>> list(Set<TopicPartition> partitions, Duration timeout) {
            probes.add(partitions);
            Map<TopicPartition, CompletionStage<?>> answers = new HashMap<>();
            partitions.forEach(partition -> {
                CompletableFuture<Long> answer = new CompletableFuture<>();
                waiting.put(partition, answer);
                answers.put(partition, answer);
            });
            return answers;
        }

        void answer(TopicPartition partition) {
            waiting.remove(partition).complete(0L);
        }

        void fail(TopicPartition partition) {
            waiting.remove(partition).completeExceptionally(new TimeoutException("no answer"));
        }

        void answerAll() {
            List.copyOf(waiting.keySet()).forEach(this::answer);
        }
    }
}
