package io.carillon.console.internal.incidents;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.access.Caller;
import io.carillon.console.internal.access.Grant;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.incidents.IncidentQuery.Position;
import io.carillon.topics.Json;
import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Incidents as the caller may see them: pages of the apps they may read, one incident with its history and the
 * state of its notifications, and the acknowledgement by an OPERATOR of the incident's app, audited in its own
 * transaction. Thread-safe.
 */
@Service
class IncidentService {

    static final String TARGET_TYPE = "INCIDENT";

    private final IncidentRepository incidents;
    private final DeliveryRepository deliveries;
    private final ChannelService channels;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final IncidentProperties limits;
    private final Clock clock;

    IncidentService(
            IncidentRepository incidents,
            DeliveryRepository deliveries,
            ChannelService channels,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            IncidentProperties limits,
            Clock clock) {
        this.incidents = incidents;
        this.deliveries = deliveries;
        this.channels = channels;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.limits = limits;
        this.clock = clock;
    }

    /**
     * A page of at most {@code size} incidents of the apps the caller may read, newest opened first.
     *
     * @param filters as the caller wrote them; an app filter is refused when the caller may not read it
     * @param cursor the {@code nextCursor} of the previous page, or null for the first
     */
    public IncidentPage page(IncidentFilters filters, String cursor, int size) {
        IncidentQuery query = filters.toQuery(cursor == null || cursor.isBlank() ? null : Position.parse(cursor));
        if (query.app() != null) {
            authorizer.requireRead(query.app());
        }
        List<IncidentView> page = incidents.page(query, readableApps(), size);
        IncidentView last = page.size() < size ? null : page.get(page.size() - 1);
        return new IncidentPage(page, last == null ? null : new Position(last.openedAt(), last.id()).cursor());
    }

    /** Incident {@code id} with its history and deliveries, when the caller may read its app. */
    public IncidentDetail get(String id) {
        IncidentView incident = incidents.find(id).orElseThrow(() -> new IncidentNotFoundException(id));
        authorizer.requireRead(incident.app());
        return new IncidentDetail(
                incident,
                incidents.history(id, limits.getMaxHistory()),
                deliveries.ofIncident(id, limits.getMaxHistory()));
    }

    /**
     * Marks incident {@code id} acknowledged by the caller, an OPERATOR of its app. Acknowledging it again changes
     * nothing and records nothing.
     */
    public IncidentView acknowledge(String id) {
        return transactions.execute(status -> {
            IncidentView before = incidents.lock(id).orElseThrow(() -> new IncidentNotFoundException(id));
            authorizer.requireOperate(before.app());
            if (before.acknowledgedBy() != null) {
                return before;
            }
            incidents.acknowledge(id, authorizer.caller().actor(), clock.instant());
            IncidentView after = incidents.find(id).orElseThrow();
            audit.record(
                    AuditAction.INCIDENT_ACK, TARGET_TYPE, id, after.app(), json(before), json(after), AuditOutcome.OK);
            return after;
        });
    }

    /** The deliveries to channel {@code name}, newest first, before delivery {@code beforeId} when set (ADMIN). */
    public List<DeliveryView> deliveriesOf(String name, Long beforeId, int size) {
        channels.requireReadable(name);
        return deliveries.ofChannel(name, beforeId, size);
    }

    /** Null when the caller reads every app, else the apps they may read. */
    private Set<String> readableApps() {
        Caller caller = authorizer.caller();
        if (caller.grants().canRead(Grant.EVERY_APP)) {
            return null;
        }
        return caller.grants().all().stream()
                .map(Grant::app)
                .filter(caller.grants()::canRead)
                .collect(Collectors.toSet());
    }

    private static String json(IncidentView incident) {
        return Json.mapper().writeValueAsString(incident);
    }
}
