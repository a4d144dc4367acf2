package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class PartitionProgressTest {

    private static final TopicPartition P0 = new TopicPartition("fires", 0);

    @Test
    void commitsUpToTheSmallestHeldOffsetAndListsWhatIsDoneAboveIt() {
        PartitionProgress progress = new PartitionProgress(P0, null);
        progress.finish(3);
        progress.hold(4);
        progress.finish(5);
        progress.hold(6);
        progress.finish(7);

        OffsetAndMetadata commit = progress.commitPoint(4096);

        assertThat(commit.offset()).isEqualTo(4);
        DoneOffsets done = DoneOffsets.decode(commit.offset(), commit.metadata());
        assertThat(done.contains(5)).isTrue();
        assertThat(done.contains(6)).isFalse();
        assertThat(done.contains(7)).isTrue();
        assertThat(progress.commitPoint(4096)).as("nothing new").isNull();
    }

    @Test
    void holdingMoreFiresBehindAHeldOneCommitsNothingNew() {
        PartitionProgress progress = new PartitionProgress(P0, new OffsetAndMetadata(4, ""));
        progress.hold(4);
        assertThat(progress.commitPoint(4096)).as("same as committed").isNull();

        progress.hold(5);
        progress.hold(6);
        assertThat(progress.commitPoint(4096)).isNull();

        progress.finish(5);
        assertThat(progress.commitPoint(4096).offset()).isEqualTo(4);
    }

    @Test
    void movesToThePositionWhenNothingIsHeld() {
        PartitionProgress progress = new PartitionProgress(P0, null);
        progress.hold(0);
        progress.finish(1);
        assertThat(progress.commitPoint(4096).offset()).isZero();

        progress.finish(0);

        OffsetAndMetadata commit = progress.commitPoint(4096);
        assertThat(commit.offset()).isEqualTo(2);
        assertThat(commit.metadata()).isEmpty();
    }

    @Test
    void knowsWhatAnEarlierOwnerHandled() {
        PartitionProgress first = new PartitionProgress(P0, null);
        first.hold(10);
        first.finish(11);
        first.finish(12);
        OffsetAndMetadata committed = first.commitPoint(4096);

        PartitionProgress successor = new PartitionProgress(P0, committed);

        assertThat(successor.handledBefore(10)).isFalse();
        assertThat(successor.handledBefore(11)).isTrue();
        assertThat(successor.handledBefore(12)).isTrue();
        assertThat(successor.handledBefore(13)).isFalse();
    }
}
