package io.carillon.worker.spring;

import io.carillon.worker.DeclaredJob;
import io.carillon.worker.JobHandler;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;

/**
 * Finds the {@link JobHandler} methods of the singleton beans of a bean factory, by handler name, and the
 * {@link DeclaredJob} annotations on them.
 */
final class JobHandlerMethods {

    private JobHandlerMethods() {}

    /** The handlers found, by name, and the jobs declared on them. */
    record Found(Map<String, BeanMethodHandler> handlers, List<AnnotatedDeclaration> declarations) {}

    /** One {@code @DeclaredJob} on the method of handler {@code handler}, declared at {@code location}. */
    record AnnotatedDeclaration(String handler, String location, DeclaredJob annotation) {}

    /**
     * Every {@code @JobHandler} method of the singletons, by name, with the jobs declared on them.
     *
     * @throws IllegalStateException when two methods share a name, a name is blank, a method's parameters are not
     *         supported, or a method declares a job without being a {@code @JobHandler}, saying how to fix it
     */
    static Found find(ConfigurableListableBeanFactory beanFactory) {
        Map<String, BeanMethodHandler> handlers = new TreeMap<>();
        List<AnnotatedDeclaration> declarations = new ArrayList<>();
        for (String beanName : beanFactory.getBeanNamesForType(Object.class, false, false)) {
            if (ScopedProxyUtils.isScopedTarget(beanName)) {
                continue;
            }
            Class<?> type = AutoProxyUtils.determineTargetClass(beanFactory, beanName);
            if (type == null
                    || !AnnotationUtils.isCandidateClass(
                            type, Set.of(JobHandler.class, DeclaredJob.class, DeclaredJob.List.class))) {
                continue;
            }
            requireHandlersForDeclarations(type, beanName);
            Map<Method, JobHandler> methods =
                    MethodIntrospector.selectMethods(type, (MethodIntrospector.MetadataLookup<JobHandler>)
                            method -> AnnotatedElementUtils.findMergedAnnotation(method, JobHandler.class));
            if (methods.isEmpty()) {
                continue;
            }
            Object bean = beanFactory.getBean(beanName);
            methods.forEach((method, annotation) -> {
                BeanMethodHandler handler = new BeanMethodHandler(
                        beanName, bean, method, AopUtils.selectInvocableMethod(method, bean.getClass()));
                add(handlers, annotation.value(), handler);
                AnnotatedElementUtils.findMergedRepeatableAnnotations(method, DeclaredJob.class)
                        .forEach(declared -> declarations.add(
                                new AnnotatedDeclaration(annotation.value(), handler.location(), declared)));
            });
        }
        return new Found(handlers, declarations);
    }

    private static void requireHandlersForDeclarations(Class<?> type, String beanName) {
        MethodIntrospector.selectMethods(type, (MethodIntrospector.MetadataLookup<Boolean>)
                        method -> AnnotatedElementUtils.findMergedAnnotation(method, JobHandler.class) == null
                                        && !AnnotatedElementUtils.findMergedRepeatableAnnotations(
                                                        method, DeclaredJob.class)
                                                .isEmpty()
                                ? Boolean.TRUE
                                : null)
                .keySet()
                .stream()
                .findFirst()
                .ifPresent(method -> {
                    throw new IllegalStateException("@DeclaredJob on " + BeanMethodHandler.describe(method)
                            + " (bean '" + beanName + "') declares a job, but the method is no @JobHandler: add"
                            + " @JobHandler(\"<name>\") to it, so the job has a handler of this app to run");
                });
    }

    private static void add(Map<String, BeanMethodHandler> handlers, String name, BeanMethodHandler handler) {
        if (name == null || name.isBlank()) {
            throw new IllegalStateException("@JobHandler on " + handler.location()
                    + " has a blank name: give it the name jobs use, e.g. @JobHandler(\"send-invoices\")");
        }
        BeanMethodHandler other = handlers.putIfAbsent(name, handler);
        if (other != null) {
            throw new IllegalStateException("two @JobHandler methods are named '" + name + "': " + other.location()
                    + " and " + handler.location() + ". Give each its own name in @JobHandler(\"...\").");
        }
    }
}
