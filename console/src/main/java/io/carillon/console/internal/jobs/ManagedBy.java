package io.carillon.console.internal.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * The worker app whose code declares a job, and the app version that last set it; {@code orphaned} (since
 * {@code orphanedAt}) when the app's newest version no longer declares it. Null fields are left out of JSON.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ManagedBy(String app, String version, boolean orphaned, Instant orphanedAt) {

    public static ManagedBy of(String app, String version, Instant orphanedAt) {
        return app == null ? null : new ManagedBy(app, version, orphanedAt != null, orphanedAt);
    }
}
