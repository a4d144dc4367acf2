package io.carillon.worker.spring;

import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.worker.CarillonWorker;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.SmartLifecycle;
import org.springframework.core.env.PropertyResolver;

/**
 * Runs a {@link CarillonWorker} with the application context. Once every singleton exists, the {@code @JobHandler}
 * methods of the beans are registered on the builder and the customizers applied; the worker then starts with the
 * context (last, as SmartLifecycle's default phase) and closes gracefully when the context stops (first).
 *
 * <p>While the worker runs, a non-daemon thread {@code carillon-<app>-keep-alive} keeps the JVM up, so a service
 * without a web server does not end when its {@code main} returns. On SIGTERM Spring Boot's shutdown hook closes the
 * context: the worker stops taking triggers, lets running runs finish within {@code carillon.worker.shutdown-grace},
 * kills the rest, and the thread ends.
 *
 * <p>Thread-safe.
 */
public final class CarillonWorkerLifecycle implements SmartLifecycle, SmartInitializingSingleton, BeanFactoryAware {

    private final CarillonWorker.Builder builder;
    private final List<CarillonWorkerCustomizer> customizers;
    private final boolean autoStartup;
    private final Declarations declarations;
    private ConfigurableListableBeanFactory beanFactory;
    private boolean configured;
    private CarillonWorker worker;
    private KeepAlive keepAlive;

    /**
     * @param builder the builder with the settings from the properties; handlers and customizers are applied later
     */
    public CarillonWorkerLifecycle(
            CarillonWorker.Builder builder, List<CarillonWorkerCustomizer> customizers, boolean autoStartup) {
        this(builder, customizers, autoStartup, null);
    }

    /** As the public constructor; the worker publishes the jobs the app declares, read by {@code declarations}. */
    CarillonWorkerLifecycle(
            CarillonWorker.Builder builder,
            List<CarillonWorkerCustomizer> customizers,
            boolean autoStartup,
            Declarations declarations) {
        this.builder = builder;
        this.customizers = List.copyOf(customizers);
        this.autoStartup = autoStartup;
        this.declarations = declarations;
    }

    /**
     * Where the app's declarations come from besides its {@code @DeclaredJob} methods and its
     * {@link WorkflowDefinition}, {@link Calendar} and {@link ConcurrencyLimit} beans: the app, its version, the jobs
     * of {@code carillon.worker.jobs.*}, the resolver of the annotations' placeholders, the workflows of
     * {@code carillon.worker.workflows.*}, the calendars of {@code carillon.worker.calendars.*} and the limits of
     * {@code carillon.worker.limits.*}.
     */
    record Declarations(
            String app,
            String appVersion,
            Map<String, DeclaredJobProperties> configured,
            PropertyResolver resolver,
            Map<String, DeclaredWorkflowProperties> workflows,
            Map<String, DeclaredCalendarProperties> calendars,
            Map<String, DeclaredLimitProperties> limits) {}

    @Override
    public void setBeanFactory(BeanFactory beanFactory) {
        this.beanFactory = (ConfigurableListableBeanFactory) beanFactory;
    }

    /**
     * Registers the {@code @JobHandler} methods and reads the declared jobs and workflows, so a misconfiguration or a misdeclaration
     * fails the start of the context.
     */
    @Override
    public void afterSingletonsInstantiated() {
        worker();
    }

    /** The worker, built on first use; after {@link #stop()} a fresh one that has not started yet. */
    public synchronized CarillonWorker worker() {
        if (!configured) {
            JobHandlerMethods.Found found = JobHandlerMethods.find(beanFactory);
            found.handlers().forEach(builder::handler);
            customizers.forEach(customizer -> customizer.customize(builder));
            if (declarations != null) {
                builder.declarations(
                        declarations.appVersion(),
                        JobDeclarations.read(
                                found.declarations(),
                                declarations.configured(),
                                declarations.app(),
                                builder.handlerNames(),
                                declarations.resolver()),
                        WorkflowDeclarations.read(
                                declarations.workflows(),
                                beanFactory.getBeansOfType(WorkflowDefinition.class),
                                declarations.app(),
                                builder.handlerNames()));
                builder.declaredCalendars(SharedDeclarations.calendars(
                        declarations.calendars(), beanFactory.getBeansOfType(Calendar.class), declarations.app()));
                builder.declaredLimits(SharedDeclarations.limits(
                        declarations.limits(), beanFactory.getBeansOfType(ConcurrencyLimit.class), declarations.app()));
            }
            configured = true;
        }
        if (worker == null) {
            worker = builder.build();
        }
        return worker;
    }

    @Override
    public synchronized void start() {
        CarillonWorker started = worker();
        started.start();
        keepAlive = KeepAlive.start("carillon-" + started.app() + "-keep-alive");
    }

    @Override
    public synchronized void stop() {
        if (worker != null && worker.isRunning()) {
            worker.close();
            worker = null;
        }
        if (keepAlive != null) {
            keepAlive.release();
            keepAlive = null;
        }
    }

    /** The thread that keeps the JVM up while the worker runs, or null when the worker is not running. */
    synchronized KeepAlive keepAlive() {
        return keepAlive;
    }

    @Override
    public synchronized boolean isRunning() {
        return worker != null && worker.isRunning();
    }

    @Override
    public boolean isAutoStartup() {
        return autoStartup;
    }
}
