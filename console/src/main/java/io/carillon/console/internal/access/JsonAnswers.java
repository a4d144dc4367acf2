package io.carillon.console.internal.access;

import io.carillon.console.internal.web.ApiError;
import io.carillon.topics.Json;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.http.MediaType;

/** Writes the API's JSON error answers from the security filters, where no controller advice applies. */
final class JsonAnswers {

    private JsonAnswers() {}

    static void error(HttpServletResponse response, int status, String message) throws IOException {
        response.setStatus(status);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(Json.mapper().writeValueAsString(ApiError.of(message)));
    }

    static void json(HttpServletResponse response, Object body) throws IOException {
        response.setStatus(HttpServletResponse.SC_OK);
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        response.setCharacterEncoding("UTF-8");
        response.getWriter().write(Json.mapper().writeValueAsString(body));
    }
}
