package io.carillon.topics.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.ValueInstantiator;
import tools.jackson.databind.deser.ValueInstantiators;
import tools.jackson.databind.deser.std.StdValueInstantiator;
import tools.jackson.databind.introspect.AnnotatedConstructor;
import tools.jackson.databind.module.SimpleModule;

/**
 * Calls a record's canonical constructor through one spreading method handle, made when the record's deserializer is
 * built. Jackson 3 calls a creator with {@link MethodHandle#invokeWithArguments}, which adapts the handle anew at
 * every call; on a planner taking jobs on, that adaptation cost more than the rest of building the job. Which creator
 * Jackson chose, how it gathers the arguments and how it reports a constructor's exception stay Jackson's: only the
 * call itself changes. A record whose constructor cannot be reached this way keeps Jackson's own instantiator.
 */
public final class RecordCreatorModule extends SimpleModule {

    public RecordCreatorModule() {
        super("carillon-record-creators");
    }

    @Override
    public void setupModule(SetupContext context) {
        super.setupModule(context);
        context.addValueInstantiators(new RecordInstantiators());
    }

    private static final class RecordInstantiators implements ValueInstantiators {

        @Override
        public ValueInstantiator findValueInstantiator(
                DeserializationConfig config, BeanDescription.Supplier beanDescRef) {
            return null;
        }

        @Override
        public ValueInstantiator modifyValueInstantiator(
                DeserializationConfig config,
                BeanDescription.Supplier beanDescRef,
                ValueInstantiator defaultInstantiator) {
            if (defaultInstantiator.getClass() != StdValueInstantiator.class) {
                return defaultInstantiator;
            }
            StdValueInstantiator standard = (StdValueInstantiator) defaultInstantiator;
            if (!(standard.getWithArgsCreator() instanceof AnnotatedConstructor creator)
                    || !creator.getDeclaringClass().isRecord()) {
                return defaultInstantiator;
            }
            MethodHandle spreader = spreader(creator.getAnnotated());
            return spreader == null ? defaultInstantiator : new RecordInstantiator(standard, spreader);
        }
    }

    /** {@code constructor} as a handle of type {@code (Object[])Object}; null when it cannot be reached. */
    private static MethodHandle spreader(Constructor<?> constructor) {
        if (!constructor.trySetAccessible()) {
            return null;
        }
        try {
            MethodHandle handle = MethodHandles.lookup().unreflectConstructor(constructor);
            return handle.asType(handle.type().generic()).asSpreader(Object[].class, constructor.getParameterCount());
        } catch (IllegalAccessException e) {
            return null;
        }
    }

    private static final class RecordInstantiator extends StdValueInstantiator {

        private final MethodHandle creator;

        RecordInstantiator(StdValueInstantiator standard, MethodHandle creator) {
            super(standard);
            this.creator = creator;
        }

        @Override
        public Object createFromObjectWith(DeserializationContext context, Object[] args) throws JacksonException {
            try {
                return (Object) creator.invokeExact(args);
            } catch (Error e) {
                throw e;
            } catch (Throwable e) {
                throw rewrapCtorProblem(context, e);
            }
        }
    }
}
