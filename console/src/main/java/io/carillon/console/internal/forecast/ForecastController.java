package io.carillon.console.internal.forecast;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/forecast}: how many fires fall in each minute of the next 24 hours across the caller's readable
 * jobs, and the busiest minutes with their jobs.
 */
@RestController
class ForecastController {

    private final ForecastService forecasts;

    ForecastController(ForecastService forecasts) {
        this.forecasts = forecasts;
    }

    @GetMapping("/api/v1/forecast")
    Forecast forecast() {
        return forecasts.forecast();
    }
}
