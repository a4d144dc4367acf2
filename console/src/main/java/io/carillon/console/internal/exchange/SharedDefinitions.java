package io.carillon.console.internal.exchange;

import io.carillon.console.internal.exchange.ImportResult.Changed;
import io.carillon.console.internal.exchange.ImportResult.FieldChange;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One kind of definition that jobs of any app share (calendars, concurrency limits) as an import sees it, under its
 * name in the document ({@code calendars}): the problems of the document's list, each named by its path
 * ({@code calendars[2].zone}), and the {@link Plan} that compares the list with the stored definitions and saves the
 * new and changed ones through the feature's service. An import never deletes one, since jobs of other apps may use
 * it. Immutable; thread-safe when its functions are.
 *
 * @param <T> the definition's record
 */
final class SharedDefinitions<T> {

    private final String name;
    private final Function<T, String> id;
    private final Function<T, List<FieldError>> rules;
    private final Function<String, Optional<T>> stored;
    private final BiFunction<T, T, List<FieldChange>> difference;
    private final BiConsumer<String, T> save;

    /**
     * @param name the definitions' field in the document, which names their paths
     * @param id the id of a definition
     * @param rules the problems of a definition by the contract's rules, by field
     * @param stored the stored definition of an id
     * @param difference the fields in which a stored definition and the document's differ
     * @param save creates or replaces a definition (validated, audited and published by the feature's service)
     */
    SharedDefinitions(
            String name,
            Function<T, String> id,
            Function<T, List<FieldError>> rules,
            Function<String, Optional<T>> stored,
            BiFunction<T, T, List<FieldChange>> difference,
            BiConsumer<String, T> save) {
        this.name = name;
        this.id = id;
        this.rules = rules;
        this.stored = stored;
        this.difference = difference;
        this.save = save;
    }

    /**
     * The problems of {@code wanted} (null: none): each definition's by the rules, and an id listed twice. Null
     * definitions (ones that could not be read) are skipped.
     */
    List<FieldError> problems(List<T> wanted) {
        List<FieldError> errors = new ArrayList<>();
        if (wanted == null) {
            return errors;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < wanted.size(); i++) {
            T definition = wanted.get(i);
            if (definition == null) {
                continue;
            }
            String path = name + "[" + i + "]";
            errors.addAll(DocumentPaths.under(path, rules.apply(definition)));
            String key = id.apply(definition);
            if (key != null && !seen.add(key)) {
                errors.add(new FieldError(path + ".id", "'" + key + "' appears more than once"));
            }
        }
        return errors;
    }

    /** The ids of {@code wanted} (null: none), in document order. */
    Set<String> ids(List<T> wanted) {
        Set<String> ids = new LinkedHashSet<>();
        if (wanted != null) {
            wanted.stream().filter(Objects::nonNull).map(id).forEach(ids::add);
        }
        return ids;
    }

    /** What importing {@code wanted} (null: the document says nothing of them, nothing changes) does. */
    Plan plan(List<T> wanted) {
        if (wanted == null) {
            return new Plan(ImportResult.Definitions.NONE, List.of(), List.of());
        }
        List<String> created = new ArrayList<>();
        List<Changed> changed = new ArrayList<>();
        List<String> unchanged = new ArrayList<>();
        List<T> saves = new ArrayList<>();
        for (T definition : wanted) {
            String key = id.apply(definition);
            Optional<T> before = stored.apply(key);
            if (before.isEmpty()) {
                created.add(key);
                saves.add(definition);
                continue;
            }
            List<FieldChange> fields = difference.apply(before.get(), definition);
            if (fields.isEmpty()) {
                unchanged.add(key);
            } else {
                changed.add(new Changed(key, fields));
                saves.add(definition);
            }
        }
        return new Plan(new ImportResult.Definitions(created, changed, unchanged), saves, wanted);
    }

    /** What an import does to one kind of definitions, and {@link #apply} to do it. */
    final class Plan {

        private final ImportResult.Definitions result;
        private final List<T> saves;
        private final List<T> wanted;

        private Plan(ImportResult.Definitions result, List<T> saves, List<T> wanted) {
            this.result = result;
            this.saves = saves;
            this.wanted = wanted;
        }

        ImportResult.Definitions result() {
            return result;
        }

        /** How many definitions {@link #apply} saves. */
        int changes() {
            return saves.size();
        }

        /**
         * Saves the new and changed definitions; a refusal names the definition's path in the document.
         *
         * @throws InvalidInputException when one is refused (the caller's transaction rolls back)
         */
        void apply() {
            for (T definition : saves) {
                try {
                    save.accept(id.apply(definition), definition);
                } catch (InvalidInputException e) {
                    throw DocumentPaths.under(name + "[" + wanted.indexOf(definition) + "]", e);
                }
            }
        }
    }
}
