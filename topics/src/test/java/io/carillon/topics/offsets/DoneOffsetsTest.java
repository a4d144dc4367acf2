package io.carillon.topics.offsets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class DoneOffsetsTest {

    @Test
    void roundTripsDoneRanges() {
        TreeMap<Long, Long> ranges = ranges(12, 14, 20, 20, 1000, 1000);

        String metadata = DoneOffsets.encode(10, ranges);
        DoneOffsets decoded = DoneOffsets.decode(10, metadata);

        assertThat(metadata).isEqualTo("d1:2.2,6.0,r8.0");
        assertThat(LongStream.rangeClosed(0, 1100)
                        .filter(decoded::contains)
                        .boxed()
                        .toList())
                .containsExactly(12L, 13L, 14L, 20L, 1000L);
    }

    @Test
    void aLongRunOfDoneOffsetsCostsOneRange() {
        assertThat(DoneOffsets.encode(0, ranges(1, 1_000_000))).isEqualTo("d1:1.lflr");
    }

    @Test
    void encodedLengthIsTheLengthOfTheEncoding() {
        Random random = new Random(7);
        for (int sample = 0; sample < 200; sample++) {
            TreeMap<Long, Long> ranges = new TreeMap<>();
            long base = random.nextInt(1000);
            long next = base;
            for (int i = random.nextInt(20); i > 0; i--) {
                long start = next + random.nextInt(5000);
                long end = start + random.nextInt(100_000);
                ranges.put(start, end);
                next = end + 1;
            }
            assertThat(DoneOffsets.encodedLength(base, ranges.entrySet()))
                    .isEqualTo(DoneOffsets.encode(base, ranges).length());
        }
    }

    @Test
    void encodeWithinKeepsTheLeadingRangesThatFitAndDecodesToExactlyThose() {
        TreeMap<Long, Long> ranges = new TreeMap<>();
        for (long start = 2; start < 20_000; start += 3) {
            ranges.put(start, start + 1);
        }

        String metadata = DoneOffsets.encodeWithin(1, ranges.entrySet(), DoneOffsets.BROKER_DEFAULT_MAX_CHARS);
        DoneOffsets decoded = DoneOffsets.decode(1, metadata);

        assertThat(metadata.length())
                .isLessThanOrEqualTo(DoneOffsets.BROKER_DEFAULT_MAX_CHARS)
                .isGreaterThan(DoneOffsets.BROKER_DEFAULT_MAX_CHARS - "1.1,".length() * 2);
        long kept = ranges.keySet().stream().filter(decoded::contains).count();
        assertThat(kept).isPositive().isLessThan(ranges.size());
        assertThat(ranges.headMap(ranges.ceilingKey(decoded.last() + 1), false).keySet())
                .allMatch(decoded::contains)
                .hasSize((int) kept);
        assertThat(decoded.contains(decoded.last() + 1)).isFalse();
        assertThat(DoneOffsets.encodeWithin(1, ranges.entrySet(), "d1:".length()))
                .isEmpty();
    }

    @Test
    void nothingDoneEncodesAsEmptyMetadata() {
        assertThat(DoneOffsets.encode(5, new TreeMap<>())).isEmpty();
        assertThat(DoneOffsets.encodedLength(5, new TreeMap<Long, Long>().entrySet()))
                .isZero();
    }

    @Test
    void unknownMetadataMeansNothingDone() {
        assertThat(DoneOffsets.decode(0, null).isEmpty()).isTrue();
        assertThat(DoneOffsets.decode(0, "").isEmpty()).isTrue();
        assertThat(DoneOffsets.decode(0, "something else").isEmpty()).isTrue();
        assertThat(DoneOffsets.decode(0, "d1:zz").isEmpty()).isTrue();
        assertThat(DoneOffsets.decode(0, "d1:1.-5").isEmpty()).isTrue();
    }

    private static TreeMap<Long, Long> ranges(long... bounds) {
        TreeMap<Long, Long> ranges = new TreeMap<>();
        for (int i = 0; i < bounds.length; i += 2) {
            ranges.put(bounds[i], bounds[i + 1]);
        }
        return ranges;
    }
}
