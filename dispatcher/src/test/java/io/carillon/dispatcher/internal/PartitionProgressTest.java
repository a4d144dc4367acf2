package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.offsets.DoneOffsets;
import java.util.Random;
import java.util.TreeSet;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class PartitionProgressTest {

    private static final TopicPartition P0 = new TopicPartition("fires", 0);

    @Test
    void commitsUpToTheSmallestHeldOffsetAndListsWhatIsDoneAboveIt() {
        PartitionProgress progress = new PartitionProgress(P0, null, 4096);
        progress.finish(3);
        progress.hold(4);
        progress.finish(5);
        progress.hold(6);
        progress.finish(7);

        OffsetAndMetadata commit = progress.commitPoint();

        assertThat(commit.offset()).isEqualTo(4);
        DoneOffsets done = DoneOffsets.decode(commit.offset(), commit.metadata());
        assertThat(done.contains(5)).isTrue();
        assertThat(done.contains(6)).isFalse();
        assertThat(done.contains(7)).isTrue();
        assertThat(progress.commitPoint()).as("nothing new").isNull();
    }

    @Test
    void holdingMoreFiresBehindAHeldOneCommitsNothingNew() {
        PartitionProgress progress = new PartitionProgress(P0, new OffsetAndMetadata(4, ""), 4096);
        progress.hold(4);
        assertThat(progress.commitPoint()).as("same as committed").isNull();

        progress.hold(5);
        progress.hold(6);
        assertThat(progress.commitPoint()).isNull();

        progress.finish(5);
        assertThat(progress.commitPoint().offset()).isEqualTo(4);
    }

    @Test
    void movesToThePositionWhenNothingIsHeld() {
        PartitionProgress progress = new PartitionProgress(P0, null, 4096);
        progress.hold(0);
        progress.finish(1);
        assertThat(progress.commitPoint().offset()).isZero();

        progress.finish(0);

        OffsetAndMetadata commit = progress.commitPoint();
        assertThat(commit.offset()).isEqualTo(2);
        assertThat(commit.metadata()).isEmpty();
    }

    @Test
    void knowsWhatAnEarlierOwnerHandled() {
        PartitionProgress first = new PartitionProgress(P0, null, 4096);
        first.hold(10);
        first.finish(11);
        first.finish(12);
        OffsetAndMetadata committed = first.commitPoint();

        PartitionProgress successor = new PartitionProgress(P0, committed, 4096);

        assertThat(successor.handledBefore(10)).isFalse();
        assertThat(successor.handledBefore(11)).isTrue();
        assertThat(successor.handledBefore(12)).isTrue();
        assertThat(successor.handledBefore(13)).isFalse();
    }

    @Test
    void theMetadataNeverOverflowsAndListsExactlyTheDoneOffsetsAboveTheMark() {
        int limit = 24;
        PartitionProgress progress = new PartitionProgress(P0, null, limit);
        Random random = new Random(42);
        TreeSet<Long> held = new TreeSet<>();
        TreeSet<Long> done = new TreeSet<>();
        int refused = 0;
        for (long offset = 0; offset < 2000; offset++) {
            if (random.nextInt(3) == 0) {
                progress.hold(offset);
                held.add(offset);
            } else if (progress.canFinish(offset)) {
                progress.finish(offset);
                done.add(offset);
            } else {
                progress.hold(offset);
                held.add(offset);
                refused++;
            }
            if (!held.isEmpty() && random.nextInt(2) == 0) {
                long candidate = pick(held, random);
                if (progress.canFinish(candidate)) {
                    progress.finish(candidate);
                    held.remove(candidate);
                    done.add(candidate);
                } else {
                    refused++;
                }
            }
            assertThat(held.isEmpty() || progress.canFinish(held.first()))
                    .as("the mark can always finish")
                    .isTrue();
            OffsetAndMetadata commit = progress.commitPoint();
            if (commit != null) {
                assertThat(commit.metadata().length()).isLessThanOrEqualTo(limit);
                long mark = commit.offset();
                assertThat(mark).isEqualTo(held.isEmpty() ? offset + 1 : held.first());
                DoneOffsets listed = DoneOffsets.decode(mark, commit.metadata());
                for (long o = mark; o <= offset; o++) {
                    assertThat(listed.contains(o))
                            .as("offset %d listed as done", o)
                            .isEqualTo(done.contains(o));
                }
            }
        }
        assertThat(refused)
                .as("the limit was reached, so the bound was exercised")
                .isPositive();
    }

    @Test
    void finishingTheMarkAlwaysFitsEvenWhenNothingElseDoes() {
        PartitionProgress progress = new PartitionProgress(P0, null, 12);
        progress.hold(0);
        for (long offset = 1; offset <= 7; offset += 2) {
            progress.hold(offset);
            if (progress.canFinish(offset + 1)) {
                progress.finish(offset + 1);
            } else {
                progress.hold(offset + 1);
            }
        }
        assertThat(progress.canFinish(7)).isFalse();

        assertThat(progress.canFinish(0)).isTrue();
        progress.finish(0);
        assertThat(progress.commitPoint().metadata().length()).isLessThanOrEqualTo(12);
    }

    @Test
    void theMetadataLengthKeptAsRangesChangeIsAlwaysThatOfTheEncoding() {
        Random random = new Random(20261122);
        for (int round = 0; round < 200; round++) {
            PartitionProgress progress = new PartitionProgress(P0, null, Integer.MAX_VALUE);
            TreeSet<Long> held = new TreeSet<>();
            String committed = "";
            long next = random.nextInt(3);
            for (int step = 0; step < 300; step++) {
                long offset;
                if (held.isEmpty() || random.nextInt(3) > 0) {
                    next += 1 + (random.nextInt(4) == 0 ? random.nextInt(2000) : 0);
                    if (random.nextBoolean()) {
                        progress.hold(next);
                        held.add(next);
                        continue;
                    }
                    offset = next;
                } else {
                    offset = pick(held, random);
                    held.remove(offset);
                }
                int predicted = progress.metadataLengthAfter(offset);
                progress.finish(offset);
                OffsetAndMetadata point = progress.commitPoint();
                committed = point == null ? committed : point.metadata();
                assertThat(progress.metadataLength())
                        .as("round %d step %d", round, step)
                        .isEqualTo(predicted)
                        .isEqualTo(committed.length());
            }
        }
    }

    private static long pick(TreeSet<Long> held, Random random) {
        int index = random.nextInt(held.size());
        return held.stream().skip(index).findFirst().orElseThrow();
    }
}
