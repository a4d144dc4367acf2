package io.carillon.console.internal.web;

import io.carillon.topics.Json;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds every request body to {@code carillon.console.api.max-request-bytes} ({@code max-import-bytes} for
 * {@value #IMPORT_PATH}): a declared longer body is answered 413 before anything reads it, and a body without a
 * length stops being read at the limit (also 413).
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
class RequestSizeLimitFilter extends OncePerRequestFilter {

    static final String IMPORT_PATH = "/api/v1/import";

    private final long maxBytes;
    private final long maxImportBytes;

    RequestSizeLimitFilter(RequestLimitProperties apiProperties) {
        this.maxBytes = apiProperties.getMaxRequestBytes();
        this.maxImportBytes = apiProperties.getMaxImportBytes();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long maxBytes = IMPORT_PATH.equals(request.getRequestURI()) ? maxImportBytes : this.maxBytes;
        if (request.getContentLengthLong() > maxBytes) {
            response.setStatus(HttpStatus.CONTENT_TOO_LARGE.value());
            response.setContentType(MediaType.APPLICATION_JSON_VALUE);
            response.setCharacterEncoding("UTF-8");
            response.getWriter()
                    .write(Json.mapper()
                            .writeValueAsString(ApiError.of(new RequestTooLargeException(maxBytes).getMessage())));
            return;
        }
        chain.doFilter(request.getContentLengthLong() >= 0 ? request : new Bounded(request, maxBytes), response);
    }

    /** A request whose body reads fail once more than the limit was read. */
    private static final class Bounded extends HttpServletRequestWrapper {

        private final long maxBytes;

        Bounded(HttpServletRequest request, long maxBytes) {
            super(request);
            this.maxBytes = maxBytes;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            ServletInputStream body = super.getInputStream();
            return new ServletInputStream() {
                private long read;

                @Override
                public int read() throws IOException {
                    int next = body.read();
                    count(next < 0 ? 0 : 1);
                    return next;
                }

                @Override
                public int read(byte[] buffer, int offset, int length) throws IOException {
                    int count = body.read(buffer, offset, length);
                    count(Math.max(count, 0));
                    return count;
                }

                private void count(int bytes) throws RequestTooLargeException {
                    read += bytes;
                    if (read > maxBytes) {
                        throw new RequestTooLargeException(maxBytes);
                    }
                }

                @Override
                public boolean isFinished() {
                    return body.isFinished();
                }

                @Override
                public boolean isReady() {
                    return body.isReady();
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    body.setReadListener(listener);
                }
            };
        }
    }
}
