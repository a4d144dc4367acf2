package io.carillon.console.internal.limits;

import io.carillon.console.internal.web.ConflictException;
import java.util.List;

/** A concurrency limit that jobs take cannot be deleted (409 naming the jobs). */
class LimitInUseException extends ConflictException {

    LimitInUseException(String id, List<String> jobIds) {
        super("concurrency limit '" + id + "' is taken by jobs " + String.join(", ", jobIds)
                + (jobIds.size() >= LimitRepository.MAX_JOBS_NAMED ? " and more" : "")
                + ": remove it from their concurrency first");
    }
}
