package io.carillon.console.internal.incidents;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.servlet.HandlerInterceptor;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Tells {@link ConsoleAddress} where the console was reached each time a signed-in browser asks who it is
 * ({@code GET /api/v1/me}, which every console page asks first; the security filters have let only signed-in
 * callers through by then).
 */
@Configuration(proxyBeanMethods = false)
class ConsoleAddressRecorder implements WebMvcConfigurer {

    private static final String WHO_AM_I = "/api/v1/me";

    private final ConsoleAddress address;

    ConsoleAddressRecorder(ConsoleAddress address) {
        this.address = address;
    }

    @Override
    public void addInterceptors(InterceptorRegistry registry) {
        registry.addInterceptor(new HandlerInterceptor() {
                    @Override
                    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler) {
                        address.reachedBy(request);
                        return true;
                    }
                })
                .addPathPatterns(WHO_AM_I);
    }
}
