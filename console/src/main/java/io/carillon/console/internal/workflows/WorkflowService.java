package io.carillon.console.internal.workflows;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.access.ReadScope;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.WorkflowValidator;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowIds;
import io.carillon.topics.spring.CarillonTopics;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Workflows: read by whoever may read every app their nodes run on, changed and deleted by whoever may operate all
 * of them. A change is checked ({@link WorkflowValidator}, then the jobs its nodes name and the handlers the apps'
 * workers have: {@link NodeChecks}), stored with the next version, audited and published to the compacted
 * {@code workflows} topic (key: the id; a tombstone on delete) in one database transaction that commits only once
 * Kafka has acknowledged the record; the changes of one workflow are serialized by a lock. Thread-safe.
 */
@Service
public class WorkflowService {

    static final String TARGET_TYPE = "WORKFLOW";

    private final WorkflowRepository workflows;
    private final WorkflowInstanceRepository instances;
    private final NodeChecks nodeChecks;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final Clock clock;

    WorkflowService(
            WorkflowRepository workflows,
            WorkflowInstanceRepository instances,
            NodeChecks nodeChecks,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            ConsoleProducer producer,
            CarillonTopics topics,
            Clock clock) {
        this.workflows = workflows;
        this.instances = instances;
        this.nodeChecks = nodeChecks;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.producer = producer;
        this.topics = topics;
        this.clock = clock;
    }

    /** The workflows the caller may read, each with its newest instance. */
    List<WorkflowView> list() {
        ReadScope scope = authorizer.readScope();
        return workflows.list().stream()
                .filter(row -> row.apps().stream().allMatch(scope::allows))
                .map(row -> WorkflowView.of(
                        row, instances.latest(row.workflow().id()).orElse(null)))
                .toList();
    }

    /** The definitions of the workflows the caller may read, each with the apps of its nodes in {@code apps}. */
    public List<WorkflowDefinition> readableDefinitions() {
        ReadScope scope = authorizer.readScope();
        return workflows.list().stream()
                .filter(row -> row.apps().stream().allMatch(scope::allows))
                .map(WorkflowService::withApps)
                .toList();
    }

    /** The definition of every workflow, each with the apps of its nodes in {@code apps}; not authorized. */
    public List<WorkflowDefinition> allDefinitions() {
        return workflows.list().stream().map(WorkflowService::withApps).toList();
    }

    /** The stored definition of workflow {@code id}, with the apps of its nodes in {@code apps}; not authorized. */
    public Optional<WorkflowDefinition> storedDefinition(String id) {
        return workflows.find(id).map(WorkflowService::withApps);
    }

    /** Creates or replaces workflow {@code id} as {@link #save} does, for another feature (import, declarations). */
    public void saveDefinition(String id, WorkflowDefinition workflow) {
        save(id, workflow);
    }

    /**
     * Creates or replaces {@code workflow} as declared by version {@code appVersion} of app {@code app}, in the
     * caller's transaction, unless it is the stored one already (then only its declaring version is noted); returns
     * whether the definition changed.
     *
     * @throws InvalidInputException naming each field that is not valid, and the node
     */
    public boolean saveDeclared(WorkflowDefinition workflow, String app, String appVersion) {
        Optional<WorkflowDefinition> stored = storedDefinition(workflow.id());
        boolean changed = stored.isEmpty()
                || !filledIn(workflow, stored.get()).toBuilder()
                        .version(stored.get().version())
                        .build()
                        .equals(stored.get());
        if (changed) {
            save(workflow.id(), workflow);
        }
        workflows.markDeclared(workflow.id(), app, appVersion);
        return changed;
    }

    /** The app that declares workflow {@code id}, if it is stored and declared. */
    public Optional<String> declaringApp(String id) {
        return workflows.find(id).map(WorkflowRepository.Row::declaredBy).map(WorkflowRepository.DeclaredBy::app);
    }

    /** The ids of the workflows app {@code app} declares. */
    public List<String> declaredIds(String app) {
        return workflows.declaredIds(app);
    }

    /** {@code workflow} with what the console sets when it stores one taken from {@code stored} where it is unset. */
    public static WorkflowDefinition filledIn(WorkflowDefinition workflow, WorkflowDefinition stored) {
        return workflow.toBuilder()
                .apps(workflow.apps().isEmpty() ? stored.apps() : workflow.apps())
                .owner(workflow.owner() == null ? stored.owner() : workflow.owner())
                .build();
    }

    private static WorkflowDefinition withApps(WorkflowRepository.Row row) {
        return row.workflow().toBuilder().apps(row.apps()).build();
    }

    WorkflowView get(String id) {
        WorkflowRepository.Row row = readable(id);
        return WorkflowView.of(row, instances.latest(id).orElse(null));
    }

    /** The row of workflow {@code id}, refused (403) unless the caller may read every app of it. */
    WorkflowRepository.Row readable(String id) {
        WorkflowRepository.Row row = workflows.find(id).orElseThrow(() -> WorkflowNotFoundException.workflow(id));
        row.apps().forEach(authorizer::requireRead);
        return row;
    }

    /** The row of workflow {@code id}, refused (403) unless the caller may operate every app of it. */
    WorkflowRepository.Row operable(String id) {
        WorkflowRepository.Row row = workflows.find(id).orElseThrow(() -> WorkflowNotFoundException.workflow(id));
        row.apps().forEach(authorizer::requireOperate);
        return row;
    }

    /**
     * Creates or replaces workflow {@code id} with {@code workflow} (its {@code id} absent or {@code id}); the stored
     * version is one more than the one before (1 for a new workflow).
     *
     * @throws InvalidInputException naming each field that is not valid, and the node
     * @throws PublishException when Kafka did not take the record (nothing is changed)
     */
    WorkflowView save(String id, WorkflowDefinition workflow) {
        WorkflowDefinition named =
                workflow.id() == null ? workflow.toBuilder(id).build() : workflow;
        if (!id.equals(named.id())) {
            throw InvalidInputException.of("id", "'" + named.id() + "' is not the workflow of the path, '" + id + "'");
        }
        workflows.find(id).ifPresent(row -> row.apps().forEach(authorizer::requireOperate));
        List<FieldError> errors = new ArrayList<>(WorkflowValidator.validate(named));
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
        Map<String, String> jobApps = workflows.appsOfJobs(NodeChecks.referencedJobs(named));
        errors.addAll(nodeChecks.check(named, jobApps));
        errors.addAll(inlineJobsTaken(named));
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
        List<String> apps = appsOf(named, jobApps);
        apps.forEach(authorizer::requireOperate);
        WorkflowDefinition candidate = named;
        return transactions.execute(status -> {
            Optional<WorkflowRepository.Row> before = workflows.lock(id);
            before.ifPresent(row -> row.apps().forEach(authorizer::requireOperate));
            long version = before.map(row -> row.workflow().version() + 1).orElse(1L);
            String owner = candidate.owner() != null
                    ? candidate.owner()
                    : authorizer.caller().actor();
            WorkflowDefinition stored = candidate.toBuilder()
                    .owner(owner)
                    .apps(apps)
                    .version(version)
                    .build();
            WorkflowRepository.Row after = new WorkflowRepository.Row(
                    stored, apps, clock.instant(), authorizer.caller().actor());
            workflows.save(after);
            audit.record(
                    AuditAction.WORKFLOW_SAVE,
                    TARGET_TYPE,
                    id,
                    auditApp(apps),
                    json(before),
                    json(Optional.of(after)),
                    AuditOutcome.OK);
            producer.sendAndWait(topics.catalog().workflows(), id, EventSerdes.WORKFLOW.serialize(null, stored));
            return WorkflowView.of(after, instances.latest(id).orElse(null));
        });
    }

    /**
     * Deletes workflow {@code id}: its tombstone stops the engine starting instances and removes the jobs of its
     * inline nodes; the instances stay listed.
     *
     * @throws WorkflowNotFoundException when there is none
     */
    public void delete(String id) {
        transactions.executeWithoutResult(status -> {
            WorkflowRepository.Row before =
                    workflows.lock(id).orElseThrow(() -> WorkflowNotFoundException.workflow(id));
            before.apps().forEach(authorizer::requireOperate);
            workflows.delete(id);
            audit.record(
                    AuditAction.WORKFLOW_DELETE,
                    TARGET_TYPE,
                    id,
                    auditApp(before.apps()),
                    json(Optional.of(before)),
                    null,
                    AuditOutcome.OK);
            producer.sendAndWait(topics.catalog().workflows(), id, null);
        });
    }

    /**
     * An inline node whose job ({@code <workflow>.<node>}) would be an existing job, named by {@code nodes[i].id}:
     * the engine would publish over that job.
     */
    private List<FieldError> inlineJobsTaken(WorkflowDefinition workflow) {
        Map<String, Integer> nodes = new LinkedHashMap<>();
        for (int i = 0; i < workflow.nodes().size(); i++) {
            if (workflow.nodes().get(i).isInline()) {
                nodes.put(
                        WorkflowIds.nodeJobId(
                                workflow.id(), workflow.nodes().get(i).id()),
                        i);
            }
        }
        Map<String, String> taken = workflows.appsOfJobs(nodes.keySet());
        return taken.entrySet().stream()
                .map(job -> new FieldError(
                        "nodes[" + nodes.get(job.getKey()) + "].id",
                        "inline node '"
                                + workflow.nodes().get(nodes.get(job.getKey())).id() + "' runs as job '"
                                + job.getKey() + "', which is an existing job of app '" + job.getValue()
                                + "': choose another node id, or name that job with jobId"))
                .toList();
    }

    private static List<String> appsOf(WorkflowDefinition workflow, Map<String, String> jobApps) {
        TreeSet<String> apps = new TreeSet<>(workflow.apps());
        workflow.nodes().forEach(node -> {
            if (node.isInline()) {
                apps.add(node.app());
            } else if (jobApps.containsKey(node.jobId())) {
                apps.add(jobApps.get(node.jobId()));
            }
        });
        return List.copyOf(apps);
    }

    /** The app an audit entry names: the workflow's one app, or none (ADMINs read it) when it spans several. */
    static String auditApp(List<String> apps) {
        return apps.size() == 1 ? apps.get(0) : null;
    }

    private static String json(Optional<WorkflowRepository.Row> row) {
        return row.map(each -> EventSerdes.WORKFLOW.toJson(each.workflow())).orElse(null);
    }
}
