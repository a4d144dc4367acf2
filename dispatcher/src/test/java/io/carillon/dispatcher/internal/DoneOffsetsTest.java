package io.carillon.dispatcher.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.TreeSet;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

class DoneOffsetsTest {

    @Test
    void roundTripsDoneOffsets() {
        TreeSet<Long> done = set(12, 13, 14, 20, 1000);
        TreeSet<Long> waiting = set(10, 15, 500);

        DoneOffsets.Encoded encoded = DoneOffsets.encode(10, done, waiting, 4096);
        DoneOffsets decoded = DoneOffsets.decode(10, encoded.metadata());

        assertThat(encoded.rangesLeftOut()).isZero();
        assertThat(LongStream.rangeClosed(0, 1100).filter(decoded::contains).boxed().toList())
                .containsExactly(12L, 13L, 14L, 20L, 1000L);
    }

    @Test
    void mergesAcrossInvisibleOffsetsButNeverOverAWaitingOne() {
        TreeSet<Long> done = set(11, 13, 17);
        TreeSet<Long> waiting = set(10, 15);

        DoneOffsets decoded = DoneOffsets.decode(10, DoneOffsets.encode(10, done, waiting, 4096).metadata());

        assertThat(decoded.contains(12)).as("marker between two done offsets").isTrue();
        assertThat(decoded.contains(15)).as("waiting offset").isFalse();
        assertThat(decoded.contains(10)).isFalse();
        assertThat(decoded.contains(17)).isTrue();
    }

    @Test
    void nothingDoneEncodesAsEmptyMetadata() {
        assertThat(DoneOffsets.encode(5, set(), set(5, 6), 4096).metadata()).isEmpty();
        assertThat(DoneOffsets.encode(5, set(1, 2), set(5), 4096).metadata()).as("below the base").isEmpty();
    }

    @Test
    void leavesOutRangesThatDoNotFit() {
        TreeSet<Long> done = new TreeSet<>();
        TreeSet<Long> waiting = new TreeSet<>();
        for (long offset = 1; offset < 200; offset += 2) {
            done.add(offset);
            waiting.add(offset + 1);
        }
        waiting.add(0L);

        DoneOffsets.Encoded encoded = DoneOffsets.encode(0, done, waiting, 40);

        assertThat(encoded.metadata().length()).isLessThanOrEqualTo(40);
        assertThat(encoded.rangesLeftOut()).isPositive();
        DoneOffsets decoded = DoneOffsets.decode(0, encoded.metadata());
        assertThat(decoded.contains(1)).isTrue();
        assertThat(decoded.contains(2)).isFalse();
        assertThat(decoded.contains(199)).isFalse();
    }

    @Test
    void unknownMetadataMeansNothingDone() {
        assertThat(DoneOffsets.decode(0, null).isEmpty()).isTrue();
        assertThat(DoneOffsets.decode(0, "").isEmpty()).isTrue();
        assertThat(DoneOffsets.decode(0, "something else").isEmpty()).isTrue();
        assertThat(DoneOffsets.decode(0, "d1:zz").isEmpty()).isTrue();
        assertThat(DoneOffsets.decode(0, "d1:1.-5").isEmpty()).isTrue();
    }

    private static TreeSet<Long> set(long... offsets) {
        TreeSet<Long> set = new TreeSet<>();
        for (long offset : offsets) {
            set.add(offset);
        }
        return set;
    }
}
