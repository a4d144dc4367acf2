package io.carillon.worker.spring;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.TreeMap;

import org.springframework.aop.framework.autoproxy.AutoProxyUtils;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;

import io.carillon.worker.JobHandler;

/** Finds the {@link JobHandler} methods of the singleton beans of a bean factory, by handler name. */
final class JobHandlerMethods {

    private JobHandlerMethods() {
    }

    /**
     * Every {@code @JobHandler} method of the singletons, by name.
     *
     * @throws IllegalStateException when two methods share a name, a name is blank, or a method's parameters are not
     *         supported, saying how to fix it
     */
    static Map<String, BeanMethodHandler> find(ConfigurableListableBeanFactory beanFactory) {
        Map<String, BeanMethodHandler> handlers = new TreeMap<>();
        for (String beanName : beanFactory.getBeanNamesForType(Object.class, false, false)) {
            if (ScopedProxyUtils.isScopedTarget(beanName)) {
                continue;
            }
            Class<?> type = AutoProxyUtils.determineTargetClass(beanFactory, beanName);
            if (type == null || !AnnotationUtils.isCandidateClass(type, JobHandler.class)) {
                continue;
            }
            Map<Method, JobHandler> methods = MethodIntrospector.selectMethods(type,
                    (MethodIntrospector.MetadataLookup<JobHandler>) method ->
                            AnnotatedElementUtils.findMergedAnnotation(method, JobHandler.class));
            if (methods.isEmpty()) {
                continue;
            }
            Object bean = beanFactory.getBean(beanName);
            methods.forEach((method, annotation) -> add(handlers, annotation.value(), new BeanMethodHandler(beanName,
                    bean, method, AopUtils.selectInvocableMethod(method, bean.getClass()))));
        }
        return handlers;
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
