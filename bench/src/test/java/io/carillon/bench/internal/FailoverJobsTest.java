package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.ScheduleType;
import java.util.List;
import org.junit.jupiter.api.Test;

class FailoverJobsTest {

    @Test
    void everyJobCatchesUpTheInstantsAPlannerOutageMissedAndRetriesOnce() {
        List<JobDefinition> jobs = FailoverJobs.of(3, 1000);

        assertThat(jobs).hasSize(3).allSatisfy(job -> {
            assertThat(job.schedule().type()).isEqualTo(ScheduleType.FIXED_RATE);
            assertThat(job.misfire().strategy()).isEqualTo(MisfireStrategy.CATCH_UP);
            assertThat(job.retry().maxAttempts()).isEqualTo(FailoverJobs.RETRY_ATTEMPTS);
            assertThat(job.retry().backoffMs()).isEqualTo(FailoverJobs.RETRY_BACKOFF_MS);
        });
    }
}
