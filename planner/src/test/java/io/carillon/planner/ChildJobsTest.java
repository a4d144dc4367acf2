package io.carillon.planner;

import static io.carillon.planner.TestJobs.job;
import static io.carillon.planner.TestJobs.result;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.carillon.topics.events.FireEvent;
import io.carillon.topics.events.FireKind;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.RunStatus;
import io.carillon.topics.events.Schedule;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A SUCCEEDED run fires each child job once, with the parent's run id, through a CHILD request. */
class ChildJobsTest extends PlannerTestSupport {

    private static final Instant START = Instant.parse("2026-03-02T10:00:00Z");
    private static final String PARENT_FIRE = "parent@1772445600000";
    private static final String PARENT_RUN = PARENT_FIRE + "#0";

    @BeforeEach
    void start() {
        planner = new PlannerHarness(stateDir, START);
        planner.put(job("parent", Schedule.none()).toBuilder()
                .children(List.of("report", "mail"))
                .retry(new RetryPolicy(3, 1_000, 1, 0))
                .build());
        planner.put(job("report", Schedule.none()).toBuilder()
                .params("{\"report\":true}")
                .build());
        planner.put(job("mail", Schedule.none()).toBuilder().enabled(false).build());
    }

    @Test
    void aSucceededRunFiresEachChildWithTheParentsRunId() {
        planner.result(result("parent", PARENT_FIRE, RunStatus.SUCCEEDED, 1, START));

        assertThat(planner.writtenRequests())
                .extracting(JobRequest::type, JobRequest::jobId, JobRequest::requestId)
                .containsExactly(
                        tuple(RequestType.CHILD, "report", PARENT_RUN + ">report"),
                        tuple(RequestType.CHILD, "mail", PARENT_RUN + ">mail"));
        assertThat(planner.fires())
                .extracting(
                        FireEvent::jobId,
                        FireEvent::fireId,
                        FireEvent::kind,
                        FireEvent::parentRunId,
                        FireEvent::params,
                        FireEvent::scheduledAt)
                .containsExactly(
                        tuple("report", PARENT_RUN + ">report", FireKind.CHILD, PARENT_RUN, "{\"report\":true}", START),
                        tuple("mail", PARENT_RUN + ">mail", FireKind.CHILD, PARENT_RUN, "{\"job\":true}", START));
    }

    @Test
    void aReplayedSuccessFiresNoChildTwice() {
        planner.result(result("parent", PARENT_FIRE, RunStatus.SUCCEEDED, 1, START));
        planner.result(result("parent", PARENT_FIRE, RunStatus.SUCCEEDED, 1, START));

        assertThat(planner.fires())
                .extracting(FireEvent::fireId)
                .containsExactly(PARENT_RUN + ">report", PARENT_RUN + ">mail");
        assertThat(planner.deadLetters()).isEmpty();
    }

    @Test
    void aFailedRunFiresNoChildButItsSucceededRetryDoes() {
        planner.result(result("parent", PARENT_FIRE, RunStatus.FAILED, 1, START));
        assertThat(planner.fires()).extracting(FireEvent::kind).containsExactly(FireKind.RETRY);

        planner.result(result("parent", PARENT_FIRE + "~2", RunStatus.SUCCEEDED, 2, START));
        assertThat(planner.fires())
                .extracting(FireEvent::jobId, FireEvent::parentRunId)
                .containsExactly(tuple("report", PARENT_FIRE + "~2#0"), tuple("mail", PARENT_FIRE + "~2#0"));
    }

    @Test
    void anUnknownChildGoesToTheDlqAndTheOthersFire() {
        planner.put(job("parent", Schedule.none()).toBuilder()
                .children(List.of("ghost", "report"))
                .version(2)
                .build());
        planner.result(result("parent", PARENT_FIRE, RunStatus.SUCCEEDED, 1, START));
        planner.advanceCoarsely(PlannerSettings.DEFAULT_UNKNOWN_JOB_GRACE);

        assertThat(planner.deadLetters()).singleElement().satisfies(letter -> {
            assertThat(letter.sourceTopic()).isEqualTo(planner.catalog.requests());
            assertThat(letter.reason()).startsWith("jobId: unknown job 'ghost': no definition arrived");
        });
        assertThat(planner.fires()).extracting(FireEvent::jobId).containsExactly("report");
    }
}
