package io.carillon.planner;

import java.time.Instant;

import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.JobRequest;
import io.carillon.topics.events.RequestType;
import io.carillon.topics.events.Schedule;

/** Job definitions and requests for the planner tests. */
final class TestJobs {

    private TestJobs() {
    }

    static JobDefinition job(String id, Schedule schedule) {
        return JobDefinition.builder(id).app("demo").handler("echo").schedule(schedule).params("{\"job\":true}")
                .build();
    }

    static JobDefinition everySecond(String id) {
        return job(id, Schedule.fixedRate(1000));
    }

    static JobRequest request(String requestId, String jobId, RequestType type, Instant at, String params) {
        return new JobRequest(JobRequest.SCHEMA_VERSION, requestId, jobId, type, at, null, null, params, null,
                "test", null);
    }
}
