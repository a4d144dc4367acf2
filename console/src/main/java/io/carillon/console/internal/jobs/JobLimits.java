package io.carillon.console.internal.jobs;

import io.carillon.topics.FieldError;
import io.carillon.topics.events.JobDefinition;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The console's size limits on a job's free text ({@code carillon.console.api.max-params-bytes} and others). */
final class JobLimits {

    private final int maxParamsBytes;
    private final int maxDescriptionLength;

    JobLimits(JobApiProperties api) {
        this.maxParamsBytes = api.getMaxParamsBytes();
        this.maxDescriptionLength = api.getMaxDescriptionLength();
    }

    List<FieldError> problems(JobDefinition job) {
        List<FieldError> problems = new ArrayList<>();
        FieldError params = paramsProblem(job.params());
        if (params != null) {
            problems.add(params);
        }
        if (job.description() != null && job.description().length() > maxDescriptionLength) {
            problems.add(new FieldError(
                    "description",
                    "is " + job.description().length() + " characters; at most " + maxDescriptionLength
                            + " are allowed"));
        }
        return problems;
    }

    /** The problem of run-time {@code params} (run now, retry), or null. */
    FieldError paramsProblem(String params) {
        if (params == null) {
            return null;
        }
        int bytes = params.getBytes(StandardCharsets.UTF_8).length;
        return bytes <= maxParamsBytes
                ? null
                : new FieldError("params", "is " + bytes + " bytes; at most " + maxParamsBytes + " are allowed");
    }
}
