package io.carillon.console.internal.audit;

import java.time.Instant;
import java.util.Set;

/**
 * Filters of an audit search; null means no filter. {@code apps} non-null limits the entries to those whose target
 * belongs to one of these apps, or to any app when it holds {@link #EVERY_APP} (what an OPERATOR may read);
 * {@code beforeId} continues a previous page.
 */
record AuditQuery(
        String actor, AuditAction action, String target, Instant from, Instant to, Set<String> apps, Long beforeId) {

    public static final String EVERY_APP = "*";
}
