package io.carillon.console.internal.audit;

import io.carillon.console.internal.web.Limits;
import java.time.Instant;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/audit}: the audit log, newest first, filtered by actor, action, target and time
 * ({@code from} inclusive, {@code to} exclusive). An ADMIN reads every entry; an OPERATOR the entries of the jobs and
 * runs of the apps they operate (of every app with {@code OPERATOR:*}); others nothing. {@code page} is the
 * {@code nextPage} of the previous answer.
 */
@RestController
class AuditController {

    private final AuditLog audit;
    private final ActorSource actors;
    private final AuditApiProperties limits;

    AuditController(AuditLog audit, ActorSource actors, AuditApiProperties limits) {
        this.audit = audit;
        this.actors = actors;
        this.limits = limits;
    }

    @GetMapping("/api/v1/audit")
    AuditPage audit(
            @RequestParam(required = false) String actor,
            @RequestParam(required = false) AuditAction action,
            @RequestParam(required = false) String target,
            @RequestParam(required = false) Instant from,
            @RequestParam(required = false) Instant to,
            @RequestParam(required = false) Long page,
            @RequestParam(required = false) Integer size) {
        int rows = Limits.within("size", size, limits.getDefaultAuditPageSize(), limits.getMaxAuditPageSize());
        List<AuditEntry> entries =
                audit.find(new AuditQuery(actor, action, target, from, to, actors.readableApps(), page), rows);
        Long next =
                entries.size() < rows ? null : entries.get(entries.size() - 1).id();
        return new AuditPage(entries, next);
    }

    /** One page of the audit log; {@code nextPage} null on the last. */
    record AuditPage(List<AuditEntry> entries, Long nextPage) {}
}
