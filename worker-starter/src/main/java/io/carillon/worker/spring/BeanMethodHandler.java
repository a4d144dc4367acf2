package io.carillon.worker.spring;

import io.carillon.worker.JobContext;
import io.carillon.worker.JobHandlerFunction;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/** A {@code @JobHandler} method of a bean, as a handler: exceptions of the method reach the worker unwrapped. */
final class BeanMethodHandler implements JobHandlerFunction {

    private final String beanName;
    private final Object bean;
    private final Method method;
    private final Method invocable;
    private final boolean takesContext;

    /** {@code method} as declared, {@code invocable} the same method as callable on {@code bean} (a proxy, maybe). */
    BeanMethodHandler(String beanName, Object bean, Method method, Method invocable) {
        Class<?>[] parameters = method.getParameterTypes();
        boolean noParameters = parameters.length == 0;
        boolean onlyContext = parameters.length == 1 && parameters[0] == JobContext.class;
        if (!noParameters && !onlyContext) {
            throw new IllegalStateException("@JobHandler method " + describe(method) + " of bean '" + beanName
                    + "' must take no parameters or a single JobContext");
        }
        ReflectionUtils.makeAccessible(invocable);
        this.beanName = beanName;
        this.bean = bean;
        this.method = method;
        this.invocable = invocable;
        this.takesContext = onlyContext;
    }

    @Override
    public Object handle(JobContext context) throws Exception {
        try {
            return takesContext ? invocable.invoke(bean, context) : invocable.invoke(bean);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception exception) {
                throw exception;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    /** Where the handler is declared, for messages: {@code com.example.Billing.send(JobContext) (bean 'billing')}. */
    String location() {
        return describe(method) + " (bean '" + beanName + "')";
    }

    static String describe(Method method) {
        return ClassUtils.getQualifiedMethodName(method) + "("
                + (method.getParameterCount() == 0 ? "" : method.getParameterTypes()[0].getSimpleName()) + ")";
    }
}
