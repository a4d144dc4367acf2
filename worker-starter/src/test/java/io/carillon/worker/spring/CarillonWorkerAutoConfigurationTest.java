package io.carillon.worker.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.TopicCatalog;
import io.carillon.topics.spring.CarillonCoreAutoConfiguration;
import io.carillon.worker.CarillonWorker;
import io.carillon.worker.JobContext;
import io.carillon.worker.JobHandler;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;

/** The auto-configuration without Kafka: topics are not initialized and the worker is not started. */
class CarillonWorkerAutoConfigurationTest {

    private final ApplicationContextRunner runner = new ApplicationContextRunner()
            .withConfiguration(
                    AutoConfigurations.of(CarillonCoreAutoConfiguration.class, CarillonWorkerAutoConfiguration.class))
            .withPropertyValues("carillon.topics.initialize=false", "carillon.worker.auto-startup=false");

    static class Billing {
        @JobHandler("send-invoices")
        public String sendInvoices(JobContext context) {
            return context.params();
        }

        @JobHandler("close-month")
        public void closeMonth() {}
    }

    static class OtherBilling {
        @JobHandler("send-invoices")
        public void sendAgain() {}
    }

    static class BadSignature {
        @JobHandler("bad")
        public void bad(String params) {}
    }

    @Configuration(proxyBeanMethods = false)
    static class OwnClock {
        static final Clock CLOCK = Clock.fixed(Instant.parse("2030-01-01T00:00:00Z"), ZoneOffset.UTC);

        @Bean
        Clock myClock() {
            return CLOCK;
        }
    }

    /** The message a user sees last: the innermost cause of the start-up failure. */
    private static Throwable failure(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        return NestedExceptionUtils.getMostSpecificCause(context.getStartupFailure());
    }

    @Test
    void noWorkerWithoutAppOrEnabled() {
        runner.withBean(Billing.class)
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(CarillonWorkerLifecycle.class));
    }

    @Test
    void enabledFalseTurnsTheWorkerOffEvenWithAnApp() {
        runner.withBean(Billing.class)
                .withPropertyValues("carillon.worker.app=billing", "carillon.worker.enabled=false")
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(CarillonWorkerLifecycle.class));
    }

    @Test
    void blankBootstrapServersFailNamingTheProperty() {
        runner.withPropertyValues("carillon.worker.app=billing", "carillon.kafka.bootstrap-servers=")
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("carillon.kafka.bootstrap-servers")
                        .hasMessageContaining("for example localhost:9092"));
    }

    @Test
    void appNameAloneTurnsTheWorkerOnWithTheHandlerBeansMethods() {
        runner.withBean(Billing.class)
                .withPropertyValues("carillon.worker.app=billing")
                .run(context -> {
                    assertThat(context)
                            .hasNotFailed()
                            .hasSingleBean(CarillonWorkerLifecycle.class)
                            .hasSingleBean(CarillonWorkerProperties.class);
                    CarillonWorker worker =
                            context.getBean(CarillonWorkerLifecycle.class).worker();
                    assertThat(worker.app()).isEqualTo("billing");
                    assertThat(worker.handlerNames()).containsExactly("close-month", "send-invoices");
                    assertThat(worker.capacity()).isEqualTo(CarillonWorker.DEFAULT_CAPACITY);
                    assertThat(worker.instanceId())
                            .endsWith("-" + ProcessHandle.current().pid());
                    assertThat(context.getBean(CarillonWorkerLifecycle.class).isRunning())
                            .isFalse();
                    assertThat(context.getBean(CarillonWorkerLifecycle.class).keepAlive())
                            .as("no keep-alive thread while the worker does not run")
                            .isNull();
                });
    }

    @Test
    void propertiesConfigureTheWorker() {
        runner.withPropertyValues(
                        "carillon.worker.enabled=true",
                        "carillon.worker.app=billing",
                        "carillon.worker.instance-id=billing-7",
                        "carillon.worker.capacity=3",
                        "carillon.worker.heartbeat-interval=250ms",
                        "carillon.worker.shutdown-grace=2s")
                .run(context -> {
                    CarillonWorkerProperties properties = context.getBean(CarillonWorkerProperties.class);
                    assertThat(properties.getHeartbeatInterval()).hasMillis(250);
                    assertThat(properties.getShutdownGrace()).hasSeconds(2);
                    CarillonWorker worker =
                            context.getBean(CarillonWorkerLifecycle.class).worker();
                    assertThat(worker.instanceId()).isEqualTo("billing-7");
                    assertThat(worker.capacity()).isEqualTo(3);
                });
    }

    @Test
    void enabledWithoutAnAppFailsNamingTheProperty() {
        runner.withPropertyValues("carillon.worker.enabled=true")
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("carillon.worker.app is not set")
                        .hasMessageContaining("set carillon.worker.app to the name of this service's worker app"));
    }

    @Test
    void anAppNameThatIsNoValidTopicNameFailsWithASuggestion() {
        runner.withPropertyValues("carillon.worker.app=Billing Service")
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("carillon.worker.app")
                        .hasMessageContaining("'Billing Service' cannot be part of a topic name")
                        .hasMessageContaining("for example 'billing-service'"));
    }

    @Test
    void twoHandlersWithOneNameFailNamingBoth() {
        runner.withBean("billing", Billing.class)
                .withBean("otherBilling", OtherBilling.class)
                .withPropertyValues("carillon.worker.app=billing")
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("two @JobHandler methods are named 'send-invoices'")
                        .hasMessageContaining("Billing.sendInvoices(JobContext) (bean 'billing')")
                        .hasMessageContaining("OtherBilling.sendAgain() (bean 'otherBilling')")
                        .hasMessageContaining("Give each its own name"));
    }

    @Test
    void aHandlerMethodWithOtherParametersFails() {
        runner.withBean("bad", BadSignature.class)
                .withPropertyValues("carillon.worker.app=billing")
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("BadSignature.bad(String) of bean 'bad'")
                        .hasMessageContaining("must take no parameters or a single JobContext"));
    }

    @Test
    void anInvalidCapacityFailsNamingTheSetting() {
        runner.withPropertyValues("carillon.worker.app=billing", "carillon.worker.capacity=0")
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("invalid carillon.worker settings: capacity must be at least 1"));
    }

    @Test
    void anInvalidMaxEarlyRunsFailsNamingTheSetting() {
        runner.withPropertyValues("carillon.worker.app=billing", "carillon.worker.max-early-runs=0")
                .run(context -> assertThat(failure(context))
                        .hasMessageContaining("invalid carillon.worker settings: maxEarlyRuns must be at least 1"));
    }

    @Test
    void customizersAreAppliedAfterTheProperties() {
        runner.withBean(Billing.class)
                .withBean(
                        CarillonWorkerCustomizer.class,
                        () -> builder -> builder.capacity(5).handler("from-code", context -> "done"))
                .withPropertyValues("carillon.worker.app=billing", "carillon.worker.capacity=3")
                .run(context -> {
                    CarillonWorker worker =
                            context.getBean(CarillonWorkerLifecycle.class).worker();
                    assertThat(worker.capacity()).isEqualTo(5);
                    assertThat(worker.handlerNames()).containsExactly("close-month", "from-code", "send-invoices");
                });
    }

    @Test
    void theUsersClockWins() {
        runner.withUserConfiguration(OwnClock.class)
                .withPropertyValues("carillon.worker.app=billing")
                .run(context -> {
                    assertThat(context)
                            .hasNotFailed()
                            .hasSingleBean(Clock.class)
                            .hasSingleBean(CarillonWorkerLifecycle.class);
                    assertThat(context.getBean(Clock.class)).isSameAs(OwnClock.CLOCK);
                });
    }

    @Test
    void theUsersOwnLifecycleBeanWins() {
        CarillonWorkerLifecycle own = new CarillonWorkerLifecycle(
                CarillonWorker.builder()
                        .bootstrapServers("localhost:9092")
                        .catalog(TopicCatalog.defaults())
                        .app("own"),
                List.of(),
                false);
        runner.withBean(CarillonWorkerLifecycle.class, () -> own)
                .withPropertyValues("carillon.worker.app=billing")
                .run(context -> assertThat(context.getBean(CarillonWorkerLifecycle.class))
                        .isSameAs(own));
    }
}
