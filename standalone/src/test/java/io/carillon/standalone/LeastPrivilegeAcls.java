package io.carillon.standalone;

import static org.apache.kafka.common.acl.AclOperation.ALL;
import static org.apache.kafka.common.acl.AclOperation.CREATE;
import static org.apache.kafka.common.acl.AclOperation.DESCRIBE;
import static org.apache.kafka.common.acl.AclOperation.READ;
import static org.apache.kafka.common.acl.AclOperation.WRITE;
import static org.apache.kafka.common.resource.PatternType.LITERAL;
import static org.apache.kafka.common.resource.PatternType.PREFIXED;
import static org.apache.kafka.common.resource.ResourceType.GROUP;
import static org.apache.kafka.common.resource.ResourceType.TOPIC;
import static org.apache.kafka.common.resource.ResourceType.TRANSACTIONAL_ID;

import io.carillon.dispatcher.Dispatcher;
import io.carillon.topics.TopicCatalog;
import io.carillon.topics.TopicSpec;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;

/** The ACL recipe of docs/security.md ("## Kafka"), role by role, for the default application ids and groups. */
final class LeastPrivilegeAcls {

    private final TopicCatalog catalog;

    LeastPrivilegeAcls(TopicCatalog catalog) {
        this.catalog = catalog;
    }

    /**
     * Writes job definitions, requests, kills, dead letters, alerting defaults, calendars, workflows and workflow
     * commands; materializes results, logs, incidents, stats and workflow instances; reconciles declared jobs; reads
     * heartbeats without a group; creates the core topics.
     */
    List<AclBinding> console(String user) {
        Acls acls = new Acls(user).everyCarillonTopicDescribed();
        for (TopicSpec topic : catalog.coreTopics()) {
            acls.allow(TOPIC, topic.name(), LITERAL, CREATE);
        }
        acls.topics(
                WRITE,
                catalog.jobs(),
                catalog.requests(),
                catalog.control(),
                catalog.dlq(),
                catalog.alertRules(),
                catalog.calendars(),
                catalog.limits(),
                catalog.workflows(),
                catalog.workflowCommands());
        acls.topics(
                READ,
                catalog.results(),
                catalog.claims(),
                catalog.logs(),
                catalog.workers(),
                catalog.alerts(),
                catalog.stats(),
                catalog.declarations(),
                catalog.workflowEvents());
        acls.allow(GROUP, catalog.prefix() + "console", LITERAL, READ);
        acls.allow(GROUP, catalog.prefix() + "console-declarations", LITERAL, READ);
        acls.allow(GROUP, catalog.prefix() + "console-logs", LITERAL, READ);
        acls.allow(GROUP, catalog.prefix() + "console-incidents", LITERAL, READ);
        acls.allow(GROUP, catalog.prefix() + "console-stats", LITERAL, READ);
        acls.allow(GROUP, catalog.prefix() + "console-workflows", LITERAL, READ);
        return acls.list;
    }

    /**
     * Kafka Streams with exactly-once: its inputs and outputs (the workflow engine's too: the kills of a cancelled
     * instance, its commands and events; not {@code jobs}, which only the console writes), its group, internal
     * topics and transactional ids.
     */
    List<AclBinding> planner(String user) {
        String applicationId = catalog.prefix() + "planner";
        Acls acls = new Acls(user).everyCarillonTopicDescribed();
        acls.topics(
                READ,
                catalog.jobs(),
                catalog.requests(),
                catalog.results(),
                catalog.claims(),
                catalog.workers(),
                catalog.calendars(),
                catalog.limits(),
                catalog.workflows(),
                catalog.workflowCommands(),
                catalog.limitCommands());
        acls.topics(
                WRITE,
                catalog.fires(),
                catalog.results(),
                catalog.requests(),
                catalog.alerts(),
                catalog.dlq(),
                catalog.control(),
                catalog.workflowCommands(),
                catalog.workflowEvents(),
                catalog.limitCommands());
        acls.allow(TOPIC, applicationId + "-", PREFIXED, ALL);
        acls.allow(GROUP, applicationId, LITERAL, READ);
        acls.allow(TRANSACTIONAL_ID, applicationId + "-", PREFIXED, WRITE);
        return acls.list;
    }

    /**
     * Kafka Streams with exactly-once: reads jobs, results, heartbeats and workflow events in its group and the
     * alerting defaults, calendars and workflows without one (global stores); writes stats, incidents and dead letters, its internal topics, transactionally.
     */
    List<AclBinding> analytics(String user) {
        String applicationId = catalog.prefix() + "analytics";
        Acls acls = new Acls(user).everyCarillonTopicDescribed();
        acls.topics(
                READ,
                catalog.jobs(),
                catalog.results(),
                catalog.workers(),
                catalog.alertRules(),
                catalog.calendars(),
                catalog.workflows(),
                catalog.workflowEvents());
        acls.topics(WRITE, catalog.stats(), catalog.alerts(), catalog.dlq());
        acls.allow(TOPIC, applicationId + "-", PREFIXED, ALL);
        acls.allow(GROUP, applicationId, LITERAL, READ);
        acls.allow(TRANSACTIONAL_ID, applicationId + "-", PREFIXED, WRITE);
        return acls.list;
    }

    /** Reads fires in its group, the registry and results; writes triggers (creating app topics) in transactions. */
    List<AclBinding> dispatcher(String user) {
        Acls acls = new Acls(user).everyCarillonTopicDescribed();
        acls.topics(READ, catalog.fires(), catalog.workers(), catalog.results());
        acls.allow(TOPIC, catalog.prefix() + "trigger.", PREFIXED, WRITE);
        acls.allow(TOPIC, catalog.prefix() + "trigger.", PREFIXED, CREATE);
        acls.topics(WRITE, catalog.results(), catalog.control(), catalog.dlq(), catalog.limitCommands());
        acls.allow(GROUP, catalog.prefix() + Dispatcher.DEFAULT_GROUP_SUFFIX, LITERAL, READ);
        acls.allow(TRANSACTIONAL_ID, Dispatcher.DEFAULT_TRANSACTIONAL_ID_PREFIX, PREFIXED, WRITE);
        return acls.list;
    }

    /**
     * Reads its own app's trigger topic in its group and the kill requests; writes claims, results, logs, heartbeats
     * and its app's declared jobs.
     */
    List<AclBinding> worker(String user, String app) {
        Acls acls = new Acls(user).everyCarillonTopicDescribed();
        acls.allow(TOPIC, catalog.trigger(app), LITERAL, READ);
        acls.allow(TOPIC, catalog.trigger(app), LITERAL, CREATE);
        acls.allow(GROUP, catalog.trigger(app), LITERAL, READ);
        acls.topics(READ, catalog.control());
        acls.topics(
                WRITE,
                catalog.results(),
                catalog.claims(),
                catalog.logs(),
                catalog.workers(),
                catalog.dlq(),
                catalog.declarations());
        acls.allow(TOPIC, catalog.declarations(), LITERAL, CREATE);
        acls.allow(TOPIC, catalog.claims(), LITERAL, CREATE);
        return acls.list;
    }

    private final class Acls {
        private final String principal;
        private final List<AclBinding> list = new ArrayList<>();

        Acls(String user) {
            this.principal = "User:" + user;
        }

        /** Names and partition counts only (the start-up topic check), no records. */
        Acls everyCarillonTopicDescribed() {
            allow(TOPIC, catalog.prefix(), PREFIXED, DESCRIBE);
            return this;
        }

        void topics(AclOperation operation, String... topics) {
            for (String topic : topics) {
                allow(TOPIC, topic, LITERAL, operation);
            }
        }

        void allow(ResourceType type, String name, PatternType pattern, AclOperation operation) {
            list.add(new AclBinding(
                    new ResourcePattern(type, name, pattern),
                    new AccessControlEntry(principal, "*", operation, AclPermissionType.ALLOW)));
        }
    }
}
