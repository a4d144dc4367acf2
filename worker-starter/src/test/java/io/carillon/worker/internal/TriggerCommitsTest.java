package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.LongStream;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.junit.jupiter.api.Test;

import io.carillon.topics.offsets.DoneOffsets;

class TriggerCommitsTest {

    @Test
    void commitsAtTheFirstUnstartedRunAndListsEveryOtherTakenOffsetAboveIt() {
        OffsetAndMetadata commit = TriggerCommits.below(LongStream.of(5, 6, 9), 12);

        DoneOffsets started = DoneOffsets.decode(commit.offset(), commit.metadata());
        assertThat(commit.offset()).isEqualTo(5);
        assertThat(LongStream.range(0, 20).filter(started::contains).boxed().toList())
                .containsExactly(7L, 8L, 10L, 11L);
    }

    @Test
    void nothingStartedAboveTheFirstUnstartedRunMeansNoMetadata() {
        assertThat(TriggerCommits.below(LongStream.of(3, 4), 5)).isEqualTo(new OffsetAndMetadata(3, ""));
    }

    @Test
    void whatDoesNotFitTheBrokersMetadataLimitIsLeftOutNeverListedWrongly() {
        long[] unstarted = LongStream.iterate(0, offset -> offset + 2).limit(5_000).toArray();
        long next = unstarted[unstarted.length - 1] + 1;

        OffsetAndMetadata commit = TriggerCommits.below(LongStream.of(unstarted), next);

        DoneOffsets started = DoneOffsets.decode(commit.offset(), commit.metadata());
        assertThat(commit.metadata().length()).isLessThanOrEqualTo(TriggerCommits.MAX_METADATA_CHARS);
        assertThat(LongStream.of(unstarted).noneMatch(started::contains)).isTrue();
        assertThat(started.contains(1)).isTrue();
        assertThat(started.last()).isLessThan(next - 1);
    }
}
