package io.carillon.worker.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.carillon.topics.EventSerdes;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.ClaimBatch;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.RunResult;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Trigger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.internals.BuiltInPartitioner;
import org.junit.jupiter.api.Test;

class ClaimRecordsTest {

    private static final String TOPIC = "carillon.claims";
    private static final int PARTITIONS = 12;
    private static final Instant AT = Instant.parse("2030-01-01T00:00:00Z");
    private static final String INSTANCE = "w-1";

    @Test
    void aRoundsClaimsTravelAsOneRecordPerPartitionOnThePartitionOfTheirJobIds() {
        List<RunResult> claims = IntStream.range(0, 40)
                .mapToObj(i -> claim("job-" + i, "run-" + i, null))
                .toList();

        List<ProducerRecord<String, byte[]>> records = ClaimRecords.pack(TOPIC, PARTITIONS, claims, INSTANCE, AT);

        long partitionsUsed = claims.stream()
                .map(claim -> TopicCatalog.partitionOf(claim.jobId(), PARTITIONS))
                .distinct()
                .count();
        assertThat(records).hasSize((int) partitionsUsed);
        List<RunResult> read = new ArrayList<>();
        for (ProducerRecord<String, byte[]> record : records) {
            ClaimBatch batch = EventSerdes.CLAIM_BATCH.deserialize(TOPIC, record.value());
            assertThat(record.topic()).isEqualTo(TOPIC);
            assertThat(record.key()).isEqualTo(batch.claims().get(0).jobId());
            assertThat(batch.instance()).isEqualTo(INSTANCE);
            assertThat(batch.claimedAt()).isEqualTo(AT);
            assertThat(batch.claims())
                    .allSatisfy(claim -> assertThat(BuiltInPartitioner.partitionForKey(
                                    claim.jobId().getBytes(StandardCharsets.UTF_8), PARTITIONS))
                            .as("the partition Kafka's partitioner gives a record keyed by the job id")
                            .isEqualTo(record.partition()));
            read.addAll(batch.claims());
        }
        assertThat(read).containsExactlyInAnyOrderElementsOf(claims);
    }

    @Test
    void claimsOfOnePartitionKeepTheirOrder() {
        List<RunResult> claims = List.of(claim("same", "a", null), claim("same", "b", null), claim("same", "c", null));

        List<ProducerRecord<String, byte[]>> records = ClaimRecords.pack(TOPIC, PARTITIONS, claims, INSTANCE, AT);

        assertThat(records)
                .singleElement()
                .satisfies(record -> assertThat(EventSerdes.CLAIM_BATCH
                                .deserialize(TOPIC, record.value())
                                .claims())
                        .containsExactlyElementsOf(claims));
    }

    @Test
    void aPartitionsClaimsAreSplitAtTheMostClaimsARecordCarries() {
        List<RunResult> claims = IntStream.range(0, ClaimBatch.MAX_CLAIMS * 2 + 1)
                .mapToObj(i -> claim("same", "run-" + i, null))
                .toList();

        List<ProducerRecord<String, byte[]>> records = ClaimRecords.pack(TOPIC, PARTITIONS, claims, INSTANCE, AT);

        assertThat(records)
                .extracting(record -> EventSerdes.CLAIM_BATCH
                        .deserialize(TOPIC, record.value())
                        .claims()
                        .size())
                .containsExactly(ClaimBatch.MAX_CLAIMS, ClaimBatch.MAX_CLAIMS, 1);
    }

    @Test
    void aPartitionsClaimsAreSplitAtTheMostCharactersARecordCarriesAndALargeClaimTravelsAlone() {
        String quarter = "x".repeat((int) (ClaimBatch.MAX_CHARS / 4));
        String overLimit = "y".repeat((int) ClaimBatch.MAX_CHARS + 1);
        List<RunResult> claims = List.of(
                claim("same", "a", quarter),
                claim("same", "b", quarter),
                claim("same", "c", quarter),
                claim("same", "d", quarter),
                claim("same", "huge", overLimit),
                claim("same", "e", null));

        List<List<RunResult>> chunks = ClaimRecords.chunks(claims);

        assertThat(chunks)
                .extracting(chunk -> chunk.stream().map(RunResult::runId).toList())
                .containsExactly(List.of("a", "b", "c"), List.of("d"), List.of("huge"), List.of("e"));
        assertThat(chunks)
                .filteredOn(chunk -> chunk.size() > 1)
                .allSatisfy(chunk -> assertThat(chunk.stream()
                                .mapToLong(ClaimBatch::estimatedChars)
                                .sum())
                        .isLessThanOrEqualTo(ClaimBatch.MAX_CHARS));
    }

    @Test
    void noClaimsMakeNoRecordAndATopicWithoutPartitionsIsRefused() {
        assertThat(ClaimRecords.pack(TOPIC, PARTITIONS, List.of(), INSTANCE, AT))
                .isEmpty();
        assertThatThrownBy(() -> ClaimRecords.pack(TOPIC, 0, List.of(claim("j", "r", null)), INSTANCE, AT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(TOPIC);
    }

    private static RunResult claim(String jobId, String runId, String params) {
        Trigger trigger = new Trigger(
                1,
                runId,
                runId,
                jobId,
                "app",
                "handler",
                params,
                FireKind.SCHEDULED,
                1,
                AT,
                AT,
                0,
                1,
                null,
                0,
                INSTANCE,
                null);
        return RunResult.of(trigger, INSTANCE, RunStatus.STARTED, null, null, "claimed", null, AT);
    }
}
