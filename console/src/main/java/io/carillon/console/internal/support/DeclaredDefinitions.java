package io.carillon.console.internal.support;

import java.util.List;
import java.util.Optional;

/**
 * Definitions that worker apps may declare besides jobs and workflows and that any app may use (calendars,
 * concurrency limits), as the declarations reconciler changes them: each call runs in the caller's transaction, as
 * the caller, with no admin check, since an app manages only what it declares. Implementations are thread-safe.
 *
 * @param <T> the definition's event type
 */
public interface DeclaredDefinitions<T> {

    /** What a definition is called in logs: "calendar", "limit". */
    String kind();

    /** The id of {@code definition}. */
    String id(T definition);

    /** The stored definition {@code id}, if any. */
    Optional<T> stored(String id);

    /**
     * Stores {@code definition}, audited and published as a change made in the console is.
     *
     * @throws io.carillon.console.internal.web.InvalidInputException naming each field that is not valid
     */
    void store(T definition);

    /** The ids of the jobs that use definition {@code id} (a bounded number); a definition in use is not deleted. */
    List<String> users(String id);

    /**
     * Deletes definition {@code id}, audited and published.
     *
     * @throws io.carillon.console.internal.web.ConflictException when jobs still use it
     */
    void deleteDeclared(String id);

    /** The apps that manage the definitions. */
    ManagingApps managingApps();

    /** Who manages definition {@code id}: empty when it is not stored. */
    default Optional<Manager> manager(String id) {
        return managingApps().of(id);
    }

    /**
     * Stores {@code definition} as declared by app {@code app}, unless it is the stored one already; returns whether
     * it changed.
     *
     * @throws io.carillon.console.internal.web.InvalidInputException naming each field that is not valid
     */
    default boolean saveDeclared(T definition, String app) {
        String id = id(definition);
        boolean changed = stored(id).map(before -> !before.equals(definition)).orElse(true);
        if (changed) {
            store(definition);
        }
        managingApps().mark(id, app);
        return changed;
    }

    /** The ids of the definitions app {@code app} declares. */
    default List<String> declaredIds(String app) {
        return managingApps().declaredBy(app);
    }

    /** The app that declares a stored definition, or none when it is managed in the console. */
    record Manager(Optional<String> app) {

        public static Manager console() {
            return new Manager(Optional.empty());
        }

        public static Manager app(String app) {
            return new Manager(Optional.of(app));
        }

        @Override
        public String toString() {
            return app.map(name -> "by app " + name).orElse("in the console");
        }
    }
}
