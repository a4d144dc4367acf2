package io.carillon.console.internal.limits;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.support.DeclaredDefinitions;
import io.carillon.console.internal.support.ManagingApps;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.LimitValidator;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.spring.CarillonTopics;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The concurrency limits jobs take: read by anyone signed in, changed and deleted by ADMINs. A change is stored,
 * audited and published to the compacted {@code limits} topic (key: the id; a tombstone on delete) in one database
 * transaction that commits only once Kafka has acknowledged the record, so the planner's limiter and the console's
 * row agree; the changes of one limit are serialized by a lock. A limit that jobs take is not deleted (409 naming the
 * jobs). Thread-safe.
 */
@Service
public class LimitService implements DeclaredDefinitions<ConcurrencyLimit> {

    static final String TARGET_TYPE = "LIMIT";

    private final LimitRepository limits;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final Clock clock;

    LimitService(
            LimitRepository limits,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            ConsoleProducer producer,
            CarillonTopics topics,
            Clock clock) {
        this.limits = limits;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.producer = producer;
        this.topics = topics;
        this.clock = clock;
    }

    List<LimitView> list() {
        return limits.list().stream().map(LimitView::of).toList();
    }

    /** Every stored limit, by id, for the console's own features (anyone signed in may read them). */
    public List<ConcurrencyLimit> definitions() {
        return limits.list().stream().map(LimitRepository.Row::limit).toList();
    }

    LimitView get(String id) {
        return limits.find(id).map(LimitView::of).orElseThrow(() -> new LimitNotFoundException(id));
    }

    /**
     * Creates or replaces limit {@code id} with {@code limit} (its {@code id} absent or {@code id}).
     *
     * @throws InvalidInputException naming each field that is not valid
     * @throws PublishException when Kafka did not take the record (nothing is changed)
     */
    public LimitView save(String id, ConcurrencyLimit limit) {
        authorizer.requireAdmin();
        return store(id, limit);
    }

    private LimitView store(String id, ConcurrencyLimit limit) {
        ConcurrencyLimit named = limit.id() == null
                ? new ConcurrencyLimit(limit.schemaVersion(), id, limit.max(), limit.description())
                : limit;
        if (!id.equals(named.id())) {
            throw InvalidInputException.of("id", "'" + named.id() + "' is not the limit of the path, '" + id + "'");
        }
        List<FieldError> errors = LimitValidator.validate(named);
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
        return transactions.execute(status -> {
            Optional<LimitRepository.Row> before = limits.lock(id);
            LimitRepository.Row after = new LimitRepository.Row(
                    named,
                    clock.instant(),
                    authorizer.caller().actor(),
                    before.map(LimitRepository.Row::declaredBy).orElse(null));
            limits.save(after);
            audit.record(
                    AuditAction.LIMIT_SAVE,
                    TARGET_TYPE,
                    id,
                    null,
                    json(before),
                    json(Optional.of(after)),
                    AuditOutcome.OK);
            producer.sendAndWait(topics.catalog().limits(), id, EventSerdes.LIMIT.serialize(null, named));
            return LimitView.of(after);
        });
    }

    /**
     * Deletes limit {@code id}.
     *
     * @throws LimitNotFoundException when there is none
     * @throws LimitInUseException naming the jobs that take it
     */
    void delete(String id) {
        authorizer.requireAdmin();
        remove(id);
    }

    @Override
    public String kind() {
        return "limit";
    }

    @Override
    public String id(ConcurrencyLimit limit) {
        return limit.id();
    }

    @Override
    public Optional<ConcurrencyLimit> stored(String id) {
        return limits.find(id).map(LimitRepository.Row::limit);
    }

    @Override
    public void store(ConcurrencyLimit definition) {
        store(definition.id(), definition);
    }

    @Override
    public ManagingApps managingApps() {
        return limits.managers();
    }

    @Override
    public List<String> users(String id) {
        return limits.jobsTaking(id);
    }

    @Override
    public void deleteDeclared(String id) {
        remove(id);
    }

    private void remove(String id) {
        transactions.executeWithoutResult(status -> {
            Optional<LimitRepository.Row> before = limits.lock(id);
            if (before.isEmpty()) {
                throw new LimitNotFoundException(id);
            }
            List<String> takers = limits.jobsTaking(id);
            if (!takers.isEmpty()) {
                throw new LimitInUseException(id, takers);
            }
            limits.delete(id);
            audit.record(AuditAction.LIMIT_DELETE, TARGET_TYPE, id, null, json(before), null, AuditOutcome.OK);
            producer.sendAndWait(topics.catalog().limits(), id, null);
        });
    }

    private static String json(Optional<LimitRepository.Row> row) {
        return row.map(each -> EventSerdes.LIMIT.toJson(each.limit())).orElse(null);
    }
}
