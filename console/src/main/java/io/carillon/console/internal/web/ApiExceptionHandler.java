package io.carillon.console.internal.web;

import java.util.List;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

import io.carillon.console.internal.InvalidInputException;
import io.carillon.console.internal.access.TokenNotFoundException;
import io.carillon.console.internal.access.UserConflictException;
import io.carillon.console.internal.access.UserNotFoundException;
import io.carillon.console.internal.incidents.ChannelConflictException;
import io.carillon.console.internal.incidents.ChannelNotFoundException;
import io.carillon.console.internal.incidents.IncidentNotFoundException;
import io.carillon.console.internal.jobs.JobAlreadyExistsException;
import io.carillon.console.internal.jobs.JobNotFoundException;
import io.carillon.console.internal.jobs.ManagedJobException;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.logs.TooManyStreamsException;
import io.carillon.console.internal.runs.RunNotFoundException;
import io.carillon.console.internal.runs.RunStateConflictException;
import io.carillon.topics.FieldError;

/** Maps the console's exceptions to {@link ApiError} answers; applies to the console's controllers only. */
@RestControllerAdvice(basePackageClasses = ApiExceptionHandler.class)
class ApiExceptionHandler {

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
        return new ApiError("invalid parameter " + e.getName() + ": " + problem,
                List.of(new FieldError(e.getName(), problem)));
    }

    @ExceptionHandler
    ResponseEntity<ApiError> unreadableBody(HttpMessageNotReadableException e) {
        if (e.getCause() instanceof RequestTooLargeException tooLarge) {
            return ResponseEntity.status(HttpStatus.CONTENT_TOO_LARGE).body(ApiError.of(tooLarge.getMessage()));
        }
        return ResponseEntity.badRequest().body(ApiError.of("the request body could not be read: send a JSON object"));
    }

    @ExceptionHandler({JobNotFoundException.class, RunNotFoundException.class, UserNotFoundException.class,
        TokenNotFoundException.class, IncidentNotFoundException.class, ChannelNotFoundException.class})
    @ResponseStatus(HttpStatus.NOT_FOUND)
    ApiError notFound(RuntimeException e) {
        return ApiError.of(e.getMessage());
    }

    @ExceptionHandler({JobAlreadyExistsException.class, ManagedJobException.class, RunStateConflictException.class,
        UserConflictException.class, ChannelConflictException.class})
    @ResponseStatus(HttpStatus.CONFLICT)
    ApiError conflict(RuntimeException e) {
        return ApiError.of(e.getMessage());
    }

    @ExceptionHandler
    @ResponseStatus(HttpStatus.FORBIDDEN)
    ApiError forbidden(AccessDeniedException e) {
        return ApiError.of(e.getMessage());
    }

    @ExceptionHandler
    @ResponseStatus(HttpStatus.SERVICE_UNAVAILABLE)
    ApiError kafkaUnavailable(PublishException e) {
        return ApiError.of("could not publish to Kafka, try again: " + e.getMessage());
    }

    @ExceptionHandler
    @ResponseStatus(HttpStatus.SERVICE_UNAVAILABLE)
    ApiError tooManyStreams(TooManyStreamsException e) {
        return ApiError.of(e.getMessage());
    }

    @ExceptionHandler({DataAccessResourceFailureException.class, CannotCreateTransactionException.class})
    @ResponseStatus(HttpStatus.SERVICE_UNAVAILABLE)
    ApiError databaseUnavailable(RuntimeException e) {
        return ApiError.of("the console database is unavailable, try again: " + e.getMessage());
    }
}
