package io.carillon.console.internal.declarations;

import io.carillon.console.internal.support.DeclaredDefinitions;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.events.AppDeclarations;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Makes the console's calendars and concurrency limits follow those of one {@link AppDeclarations}, in the caller's
 * transaction and as the app. {@link #declare} runs before the set's jobs are applied, so a job may use a calendar
 * or limit its app declares: one that does not exist is created and marked as declared by the app, one the app
 * declares is replaced when it changed, one managed in the console or declared by another app is left alone and
 * logged. {@link #removeUndeclared} runs after the jobs: a calendar or limit the app declared and the set no longer
 * holds is deleted, unless jobs still use it (then it is kept, still the app's, and logged). A definition the console
 * refuses is logged and skipped. Thread-safe.
 */
@Component
class SharedDefinitionReconciler {

    private static final Logger log = LoggerFactory.getLogger(SharedDefinitionReconciler.class);

    private final DeclaredDefinitions<Calendar> calendars;
    private final DeclaredDefinitions<ConcurrencyLimit> limits;

    SharedDefinitionReconciler(DeclaredDefinitions<Calendar> calendars, DeclaredDefinitions<ConcurrencyLimit> limits) {
        this.calendars = calendars;
        this.limits = limits;
    }

    /** Creates or replaces the calendars and limits {@code declared} holds; the caller holds the app's lock. */
    void declare(AppDeclarations declared) {
        declareAll(declared, declared.calendars(), calendars);
        declareAll(declared, declared.limits(), limits);
    }

    /** Deletes the calendars and limits the app declared and {@code declared} no longer holds. */
    void removeUndeclared(AppDeclarations declared) {
        removeAll(declared.app(), declared.calendars(), calendars);
        removeAll(declared.app(), declared.limits(), limits);
    }

    private static <T> void declareAll(AppDeclarations declared, List<T> definitions, DeclaredDefinitions<T> store) {
        for (T definition : definitions) {
            String id = store.id(definition);
            Optional<DeclaredDefinitions.Manager> manager = store.manager(id);
            if (manager.isPresent() && !manager.get().app().equals(Optional.of(declared.app()))) {
                log.warn(
                        "{} {} declared by app {} left alone: it is managed {}; delete it there to let the app"
                                + " manage it",
                        store.kind(),
                        id,
                        declared.app(),
                        manager.get());
                continue;
            }
            try {
                store.saveDeclared(definition, declared.app());
            } catch (InvalidInputException e) {
                log.warn(
                        "{} {} declared by app {} version {} skipped: {}",
                        store.kind(),
                        id,
                        declared.app(),
                        declared.appVersion(),
                        e.getMessage());
            }
        }
    }

    private static <T> void removeAll(String app, List<T> definitions, DeclaredDefinitions<T> store) {
        Set<String> ids = new HashSet<>();
        definitions.forEach(definition -> ids.add(store.id(definition)));
        for (String id : store.declaredIds(app)) {
            if (ids.contains(id)) {
                continue;
            }
            List<String> users = store.users(id);
            if (users.isEmpty()) {
                store.deleteDeclared(id);
                log.info("{} {} is no longer declared by app {}: deleted", store.kind(), id, app);
            } else {
                log.warn(
                        "{} {} is no longer declared by app {} but kept: jobs {} use it", store.kind(), id, app, users);
            }
        }
    }
}
