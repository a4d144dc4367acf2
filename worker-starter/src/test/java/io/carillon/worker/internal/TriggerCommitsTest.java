package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.offsets.DoneOffsets;
import java.util.stream.LongStream;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.junit.jupiter.api.Test;

class TriggerCommitsTest {

    @Test
    void commitsAtTheFirstHeldRunAndListsEveryOtherOffsetPolledAboveIt() {
        OffsetAndMetadata commit = TriggerCommits.below(LongStream.of(5, 6, 9), 12);

        DoneOffsets done = DoneOffsets.decode(commit.offset(), commit.metadata());
        assertThat(commit.offset()).isEqualTo(5);
        assertThat(LongStream.range(0, 20).filter(done::contains).boxed().toList())
                .containsExactly(7L, 8L, 10L, 11L);
    }

    @Test
    void nothingClaimedAboveTheFirstHeldRunMeansNoMetadata() {
        assertThat(TriggerCommits.below(LongStream.of(3, 4), 5)).isEqualTo(new OffsetAndMetadata(3, ""));
    }

    @Test
    void whatDoesNotFitTheBrokersMetadataLimitIsLeftOutNeverListedWrongly() {
        long[] held = LongStream.iterate(0, offset -> offset + 2).limit(5_000).toArray();
        long next = held[held.length - 1] + 1;

        OffsetAndMetadata commit = TriggerCommits.below(LongStream.of(held), next);

        DoneOffsets done = DoneOffsets.decode(commit.offset(), commit.metadata());
        assertThat(commit.metadata().length()).isLessThanOrEqualTo(TriggerCommits.MAX_METADATA_CHARS);
        assertThat(LongStream.of(held).noneMatch(done::contains)).isTrue();
        assertThat(done.contains(1)).isTrue();
        assertThat(done.last()).isLessThan(next - 1);
    }
}
