package io.carillon.worker.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.events.BlockStrategy;
import io.carillon.topics.events.Concurrency;
import io.carillon.topics.events.EdgeCondition;
import io.carillon.topics.events.MisfireStrategy;
import io.carillon.topics.events.RetryPolicy;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WhenBusy;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowEdge;
import io.carillon.topics.events.WorkflowNode;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.worker.JobHandler;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.NestedExceptionUtils;

/** Workflows declared with {@code carillon.worker.workflows.*} and as beans, and misdeclarations failing the start. */
class DeclaredWorkflowsTest {

    private static final String P = "carillon.worker.workflows.nightly.";

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(CarillonCoreAutoConfiguration.class, CarillonWorkerAutoConfiguration.class))
            .withPropertyValues(
                    "carillon.topics.initialize=false", "carillon.worker.auto-startup=false", "carillon.worker.app=etl")
            .withBean(Handlers.class);

    static class Handlers {
        @JobHandler("extract")
        public void extract() {}

        @JobHandler("load")
        public void load() {}

        @JobHandler("notify")
        public void notifyTeam() {}
    }

    private static List<WorkflowDefinition> declared(AssertableApplicationContext context) {
        assertThat(context).hasNotFailed();
        return context.getBean(CarillonWorkerLifecycle.class).worker().declaredWorkflows();
    }

    private static String failure(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        return NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure())
                .getMessage();
    }

    @Test
    void propertiesDeclareAWorkflowWithItsScheduleNodesAndEdges() {
        runner.withPropertyValues(
                        P + "description=the nightly pipeline",
                        P + "cron=0 0 2 * * ?",
                        P + "zone=Europe/Berlin",
                        P + "misfire=DO_NOTHING",
                        P + "max-instances=2",
                        P + "block-strategy=DISCARD_LATER",
                        P + "max-duration=2h",
                        P + "nodes.extract.handler=extract",
                        P + "nodes.extract.params={\"source\":\"a\"}",
                        P + "nodes.extract.timeout=10m",
                        P + "nodes.extract.retry-attempts=3",
                        P + "nodes.extract.retry-backoff=30s",
                        P + "nodes.load.handler=load",
                        P + "nodes.load.concurrency.limit=warehouse-db",
                        P + "nodes.load.concurrency.when-busy=skip",
                        P + "nodes.report.job-id=weekly-report",
                        P + "nodes.notify.handler=notify",
                        P + "edges[0].from=extract",
                        P + "edges[0].to=load",
                        P + "edges[1].from=load",
                        P + "edges[1].to=report",
                        P + "edges[2].from=load",
                        P + "edges[2].to=notify",
                        P + "edges[2].when=ended")
                .run(context -> {
                    List<WorkflowDefinition> workflows = declared(context);
                    assertThat(workflows).hasSize(1);
                    WorkflowDefinition nightly = workflows.get(0);
                    assertThat(nightly.id()).isEqualTo("nightly");
                    assertThat(nightly.description()).isEqualTo("the nightly pipeline");
                    assertThat(nightly.schedule()).isEqualTo(Schedule.cron("0 0 2 * * ?", "Europe/Berlin"));
                    assertThat(nightly.misfire().strategy()).isEqualTo(MisfireStrategy.DO_NOTHING);
                    assertThat(nightly.maxInstances()).isEqualTo(2);
                    assertThat(nightly.blockStrategy()).isEqualTo(BlockStrategy.DISCARD_LATER);
                    assertThat(nightly.maxDurationMs()).isEqualTo(7_200_000L);
                    assertThat(nightly.enabled()).isTrue();
                    WorkflowNode extract = nightly.node("extract").orElseThrow();
                    assertThat(extract.app()).isEqualTo("etl");
                    assertThat(extract.handler()).isEqualTo("extract");
                    assertThat(extract.params()).isEqualTo("{\"source\":\"a\"}");
                    assertThat(extract.timeoutMs()).isEqualTo(600_000);
                    assertThat(extract.retry()).isEqualTo(new RetryPolicy(3, 30_000, 1, 0));
                    assertThat(nightly.node("load").orElseThrow().retry()).isNull();
                    assertThat(nightly.node("load").orElseThrow().routing()).isNull();
                    assertThat(nightly.node("load").orElseThrow().concurrency())
                            .isEqualTo(new Concurrency("warehouse-db", WhenBusy.SKIP));
                    assertThat(extract.concurrency()).isNull();
                    assertThat(nightly.node("report").orElseThrow())
                            .isEqualTo(WorkflowNode.ofJob("report", "weekly-report"));
                    assertThat(nightly.edges())
                            .containsExactly(
                                    WorkflowEdge.of("extract", "load"),
                                    WorkflowEdge.of("load", "report"),
                                    new WorkflowEdge("load", "notify", EdgeCondition.ENDED));
                });
    }

    @Test
    void aWorkflowDefinitionBeanIsDeclaredToo() {
        runner.withBean(
                        "pipeline",
                        WorkflowDefinition.class,
                        () -> WorkflowDefinition.builder("pipeline")
                                .nodes(List.of(
                                        WorkflowNode.inline("extract", "etl", "extract"),
                                        WorkflowNode.inline("load", "etl", "load")))
                                .edges(List.of(WorkflowEdge.of("extract", "load")))
                                .build())
                .run(context -> assertThat(declared(context))
                        .extracting(WorkflowDefinition::id)
                        .containsExactly("pipeline"));
    }

    @Test
    void noDeclaredWorkflowDeclaresNone() {
        runner.run(context -> assertThat(declared(context)).isEmpty());
    }

    @Test
    void aBadDeclarationFailsTheStartNamingEachProperty() {
        runner.withPropertyValues(
                        P + "fixed-rate=soon",
                        P + "max-instances=many",
                        P + "nodes.extract.handler=extrakt",
                        P + "nodes.extract.timeout=later",
                        P + "nodes.load.handler=load",
                        P + "edges[0].from=extract",
                        P + "edges[0].to=load",
                        P + "edges[0].when=sometimes")
                .run(context -> assertThat(failure(context))
                        .contains("invalid workflow declarations of app 'etl'")
                        .contains(P + "fixed-rate: 'soon' is not a duration")
                        .contains(P + "max-instances: 'many' is not a whole number")
                        .contains(P + "nodes.extract.timeout: 'later' is not a duration")
                        .contains(P + "edges[0].when: 'sometimes' is not one of")
                        .contains(P + "nodes.extract.handler: 'extrakt' is not a handler of app 'etl'"));
    }

    @Test
    void aCycleFailsTheStartNamingTheNode() {
        runner.withPropertyValues(
                        P + "nodes.extract.handler=extract",
                        P + "nodes.load.handler=load",
                        P + "nodes.notify.handler=notify",
                        P + "edges[0].from=extract",
                        P + "edges[0].to=load",
                        P + "edges[1].from=load",
                        P + "edges[1].to=notify",
                        P + "edges[2].from=notify",
                        P + "edges[2].to=load")
                .run(context ->
                        assertThat(failure(context)).contains(P + "nodes.load").contains("cycle"));
    }

    @Test
    void aBeanWithANodeOfAnotherAppOrAnIdDeclaredTwiceFailsTheStart() {
        runner.withPropertyValues(P + "nodes.load.handler=load")
                .withBean(
                        "nightlyBean",
                        WorkflowDefinition.class,
                        () -> WorkflowDefinition.builder("nightly")
                                .nodes(List.of(WorkflowNode.inline("load", "billing", "load")))
                                .build())
                .run(context -> assertThat(failure(context))
                        .contains("workflow 'nightly' is declared twice: by " + P.substring(0, P.length() - 1)
                                + " and by the WorkflowDefinition bean 'nightlyBean'"));
        runner.withBean(
                        "other",
                        WorkflowDefinition.class,
                        () -> WorkflowDefinition.builder("other")
                                .nodes(List.of(WorkflowNode.inline("load", "billing", "load")))
                                .build())
                .run(context -> assertThat(failure(context))
                        .contains("the WorkflowDefinition bean 'other': nodes[0].app: 'billing' is not the declaring"
                                + " app 'etl'"));
    }
}
