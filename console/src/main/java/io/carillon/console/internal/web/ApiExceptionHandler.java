package io.carillon.console.internal.web;

import io.carillon.topics.FieldError;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.ExceptionHandlerMethodResolver;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/** Maps the console's exceptions to {@link ApiError} answers; applies to the console's controllers only. */
@RestControllerAdvice(basePackages = "io.carillon.console")
public class ApiExceptionHandler {

    private static final ExceptionHandlerMethodResolver REFUSALS =
            new ExceptionHandlerMethodResolver(ApiExceptionHandler.class);

    @ExceptionHandler
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ApiError invalidInput(InvalidInputException e) {
        return new ApiError(e.getMessage(), e.fieldErrors());
    }

    @ExceptionHandler
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    ApiError wrongParameterType(MethodArgumentTypeMismatchException e) {
        String problem = "'" + e.getValue() + "' is not a valid "
                + (e.getRequiredType() == null ? "value" : e.getRequiredType().getSimpleName());
        return new ApiError(
                "invalid parameter " + e.getName() + ": " + problem, List.of(new FieldError(e.getName(), problem)));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> unreadableBody(HttpMessageNotReadableException e) {
        if (e.getCause() instanceof RequestTooLargeException tooLarge) {
            return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(ApiError.of(tooLarge.getMessage()));
        }
        return ResponseEntity.badRequest().body(ApiError.of("the request body could not be read: send a JSON object"));
    }

    @ExceptionHandler
    @ResponseStatus(HttpStatus.NOT_FOUND)
    ApiError notFound(NotFoundException e) {
        return ApiError.of(e.getMessage());
    }

    @ExceptionHandler
    @ResponseStatus(HttpStatus.CONFLICT)
    ApiError conflict(ConflictException e) {
        return ApiError.of(e.getMessage());
    }

    @ExceptionHandler
    @ResponseStatus(HttpStatus.FORBIDDEN)
    ApiError forbidden(AccessDeniedException e) {
        return ApiError.of(e.getMessage());
    }

    @ExceptionHandler
    @ResponseStatus(HttpStatus.SERVICE_UNAVAILABLE)
    ApiError unavailable(UnavailableException e) {
        return ApiError.of(e.answer());
    }

    @ExceptionHandler({DataAccessResourceFailureException.class, CannotCreateTransactionException.class})
    @ResponseStatus(HttpStatus.SERVICE_UNAVAILABLE)
    ApiError databaseUnavailable(RuntimeException e) {
        return ApiError.of("the console database is unavailable, try again: " + e.getMessage());
    }

    /**
     * This handler's answer to {@code e} as a JSON entity, for a controller whose own content type (an event
     * stream) would fail content negotiation of the error body; rethrows {@code e} when no handler applies.
     */
    public ResponseEntity<?> asJson(Exception e) throws Exception {
        Method handler = REFUSALS.resolveMethod(e);
        if (handler == null) {
            throw e;
        }
        Object answer;
        try {
            answer = handler.invoke(this, e);
        } catch (InvocationTargetException failed) {
            throw e;
        }
        if (answer instanceof ResponseEntity<?> entity) {
            return ResponseEntity.status(entity.getStatusCode())
                    .contentType(MediaType.APPLICATION_JSON)
                    .body(entity.getBody());
        }
        ResponseStatus status = AnnotatedElementUtils.findMergedAnnotation(handler, ResponseStatus.class);
        return ResponseEntity.status(status == null ? HttpStatus.INTERNAL_SERVER_ERROR : status.code())
                .contentType(MediaType.APPLICATION_JSON)
                .body(answer);
    }
}
