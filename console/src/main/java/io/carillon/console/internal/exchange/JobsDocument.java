package io.carillon.console.internal.exchange;

import io.carillon.topics.events.JobDefinition;
import java.time.Instant;
import java.util.List;

/**
 * Jobs as an export document: {@code format} {@value #FORMAT}, {@code version} {@value #VERSION}, the apps it
 * covers (an import with {@code prune} deletes the jobs of these apps it does not list) and the job definitions
 * (an import ignores their {@code version}: the receiving console numbers its own).
 */
record JobsDocument(String format, int version, Instant exportedAt, List<String> apps, List<JobDefinition> jobs) {

    public static final String FORMAT = "carillon-jobs";
    public static final int VERSION = 1;
}
