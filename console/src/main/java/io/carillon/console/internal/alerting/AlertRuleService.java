package io.carillon.console.internal.alerting;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.JobValidator;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.events.Alerting;
import io.carillon.topics.spring.CarillonTopics;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The alerting defaults, global ({@value TopicCatalog#GLOBAL_ALERT_RULES}, changed by ADMINs) and per app (changed
 * by the app's OPERATORs): read by anyone signed in (global) or who may read the app. A change is stored, audited and
 * published to the compacted {@code alert-rules} topic (key: the scope; a tombstone when no field is set) in one
 * database transaction that commits only once Kafka has acknowledged the record, so the analytics app's table and
 * the console's row agree; changes of one scope are serialized by a lock. Thread-safe.
 */
@Service
class AlertRuleService {

    static final String TARGET_TYPE = "ALERT_RULES";
    private static final String BLOCK_PREFIX = "alerting.";

    private final AlertRuleRepository rules;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final Clock clock;

    AlertRuleService(
            AlertRuleRepository rules,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            ConsoleProducer producer,
            CarillonTopics topics,
            Clock clock) {
        this.rules = rules;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.producer = producer;
        this.topics = topics;
        this.clock = clock;
    }

    /** The global defaults. */
    public AlertRulesView global() {
        return view(TopicCatalog.GLOBAL_ALERT_RULES, rules.find(TopicCatalog.GLOBAL_ALERT_RULES));
    }

    /** The defaults of app {@code app}, for a caller who may read it. */
    public AlertRulesView ofApp(String app) {
        requireAppName(app);
        authorizer.requireRead(app);
        return view(app, rules.find(app));
    }

    /**
     * Replaces the global defaults with {@code change} (every field optional; none set removes them).
     *
     * @throws InvalidInputException naming each field out of bounds
     * @throws PublishException when Kafka did not take the record (nothing is changed)
     */
    public AlertRulesView replaceGlobal(Alerting change) {
        authorizer.requireAdmin();
        return replace(TopicCatalog.GLOBAL_ALERT_RULES, null, change);
    }

    /** Replaces the defaults of app {@code app}, for a caller who may operate it; as {@link #replaceGlobal}. */
    public AlertRulesView replaceOfApp(String app, Alerting change) {
        requireAppName(app);
        authorizer.requireOperate(app);
        return replace(app, app, change);
    }

    private AlertRulesView replace(String scope, String app, Alerting change) {
        List<FieldError> errors = JobValidator.validate(change).stream()
                .map(error -> new FieldError(error.field().substring(BLOCK_PREFIX.length()), error.message()))
                .toList();
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
        return transactions.execute(status -> {
            Optional<AlertRuleRepository.Row> before = rules.lock(scope);
            Optional<AlertRuleRepository.Row> after = change.setsNothing()
                    ? Optional.empty()
                    : Optional.of(new AlertRuleRepository.Row(
                            scope, change, clock.instant(), authorizer.caller().actor()));
            if (after.isPresent()) {
                rules.save(after.get());
            } else {
                rules.delete(scope);
            }
            audit.record(
                    AuditAction.ALERT_RULES_UPDATE,
                    TARGET_TYPE,
                    scope,
                    app,
                    json(before),
                    json(after),
                    AuditOutcome.OK);
            producer.sendAndWait(
                    topics.catalog().alertRules(),
                    scope,
                    after.map(row -> EventSerdes.ALERT_RULES.serialize(null, row.rules()))
                            .orElse(null));
            return view(scope, after);
        });
    }

    private AlertRulesView view(String scope, Optional<AlertRuleRepository.Row> row) {
        Alerting own = row.map(AlertRuleRepository.Row::rules).orElse(Alerting.unset());
        Alerting below = TopicCatalog.GLOBAL_ALERT_RULES.equals(scope)
                ? Alerting.builtIn()
                : rules.find(TopicCatalog.GLOBAL_ALERT_RULES)
                        .map(AlertRuleRepository.Row::rules)
                        .orElse(Alerting.unset())
                        .orElse(Alerting.builtIn());
        return new AlertRulesView(
                scope,
                own,
                own.orElse(below),
                row.map(AlertRuleRepository.Row::updatedAt).orElse(null),
                row.map(AlertRuleRepository.Row::updatedBy).orElse(null));
    }

    private static void requireAppName(String app) {
        if (!TopicCatalog.isValidAppName(app)) {
            throw InvalidInputException.of(
                    "app",
                    "'" + app + "' is not a valid app name: use 1 to 100 characters"
                            + " of a-z, 0-9, '.', '_' or '-', starting with a letter or digit");
        }
    }

    private static String json(Optional<AlertRuleRepository.Row> row) {
        return row.map(each -> EventSerdes.ALERT_RULES.toJson(each.rules())).orElse(null);
    }
}
