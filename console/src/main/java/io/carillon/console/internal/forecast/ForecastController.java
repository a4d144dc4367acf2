package io.carillon.console.internal.forecast;

import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/forecast}: how many fires fall in each minute of the next 24 hours across the caller's readable
 * jobs, and the busiest minutes with their jobs. {@code GET /api/v1/forecast/past?slotMinutes=&size=&cursor=}: the
 * grid of the past 24 hours' runs, one row per job and one cell per slot, a page of jobs at a time.
 */
@RestController
class ForecastController {

    private final ForecastService forecasts;

    private final PastRunsService pastRuns;

    ForecastController(ForecastService forecasts, PastRunsService pastRuns) {
        this.forecasts = forecasts;
        this.pastRuns = pastRuns;
    }

    @GetMapping("/api/v1/forecast")
    Forecast forecast() {
        return forecasts.forecast();
    }

    @GetMapping("/api/v1/forecast/past")
    PastRuns past(
            @RequestParam(required = false) Integer slotMinutes,
            @RequestParam(required = false) Integer size,
            @RequestParam(required = false) String cursor) {
        return pastRuns.grid(slotMinutes, size, cursor);
    }

    @ExceptionHandler
    @ResponseStatus(HttpStatus.BAD_REQUEST)
    BadGridParameterException.Refusal refused(BadGridParameterException e) {
        return e.refusal();
    }
}
