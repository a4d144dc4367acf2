package io.carillon.console.internal.audit;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.carillon.console.internal.web.IdCursors;
import io.carillon.console.internal.web.Limits;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import java.time.Instant;
import java.util.List;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/audit}: the audit log, newest first, filtered by actor, action, target and time
 * ({@code from} inclusive, {@code to} exclusive). An ADMIN reads every entry; an OPERATOR the entries of the jobs and
 * runs of the apps they operate (of every app with {@code OPERATOR:*}); others nothing. {@code cursor} is the
 * {@code nextCursor} of the previous answer ({@code page}, the earlier name, takes its {@code nextPage}).
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
            @RequestParam(required = false) String cursor,
            @Parameter(deprecated = true, description = "the earlier name of cursor") @RequestParam(required = false)
                    Long page,
            @RequestParam(required = false) Integer size) {
        Long before = IdCursors.parseOr(cursor, page);
        int rows = Limits.within("size", size, limits.getDefaultAuditPageSize(), limits.getMaxAuditPageSize());
        List<AuditEntry> entries =
                audit.find(new AuditQuery(actor, action, target, from, to, actors.readableApps(), before), rows);
        return new AuditPage(entries, IdCursors.next(entries, rows, AuditEntry::id));
    }

    /**
     * One page of the audit log in the list envelope: {@code items} and {@code nextCursor}, null on the last page.
     * {@code entries} and {@code nextPage} repeat them for clients of the earlier answer and go in the next release.
     */
    record AuditPage(List<AuditEntry> items, @JsonIgnore Long next) {

        @JsonProperty("nextCursor")
        String nextCursor() {
            return IdCursors.format(next);
        }

        @Deprecated(forRemoval = true)
        @Schema(deprecated = true, description = "the earlier name of items")
        @JsonProperty("entries")
        List<AuditEntry> entries() {
            return items;
        }

        @Deprecated(forRemoval = true)
        @Schema(deprecated = true, description = "the earlier name of nextCursor, as a number")
        @JsonProperty("nextPage")
        Long nextPage() {
            return next;
        }
    }
}
