package io.carillon.console.internal.exchange;

import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import java.util.List;

/** Field errors named by their path in an export document ({@code workflows[0].nodes[1].jobId}). Stateless. */
final class DocumentPaths {

    private DocumentPaths() {}

    /** {@code errors} of the definition at {@code path} ({@code calendars[2]}), each field under it. */
    static List<FieldError> under(String path, List<FieldError> errors) {
        return errors.stream()
                .map(error -> new FieldError(path + "." + error.field(), error.message()))
                .toList();
    }

    /** The refusal {@code refused} of the definition at {@code path}, each field under it. */
    static InvalidInputException under(String path, InvalidInputException refused) {
        return InvalidInputException.of(under(path, refused.fieldErrors()));
    }
}
