package io.carillon.console.internal.calendars;

import io.carillon.topics.FieldError;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.schedule.CalendarLookup;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * The calendars stored in the console, for the other features: a {@link CalendarLookup} for previews, and the check
 * that a schedule names only calendars that exist. Thread-safe; each lookup reads the table.
 */
@Component
public class StoredCalendars implements CalendarLookup {

    private final CalendarRepository calendars;

    StoredCalendars(CalendarRepository calendars) {
        this.calendars = calendars;
    }

    @Override
    public Calendar find(String id) {
        return calendars.find(id).map(CalendarRepository.Row::calendar).orElse(null);
    }

    /** A field error under {@code prefix} for each calendar {@code schedule} names that is not stored. */
    public List<FieldError> unknownIn(Schedule schedule, String prefix) {
        return unknownIn(schedule, prefix, Set.of());
    }

    /**
     * A field error under {@code prefix} for each calendar {@code schedule} names that is neither stored nor among
     * {@code coming} (the calendars an import saves before the job).
     */
    public List<FieldError> unknownIn(Schedule schedule, String prefix, Set<String> coming) {
        List<FieldError> errors = new ArrayList<>();
        if (schedule == null) {
            return errors;
        }
        if (schedule.onlyOn() != null && !known(schedule.onlyOn(), coming)) {
            errors.add(new FieldError(prefix + ".onlyOn", "no calendar '" + schedule.onlyOn() + "'"));
        }
        for (String id : schedule.skip() == null ? List.<String>of() : schedule.skip()) {
            if (!known(id, coming)) {
                errors.add(new FieldError(prefix + ".skip", "no calendar '" + id + "'"));
            }
        }
        return errors;
    }

    private boolean known(String id, Set<String> coming) {
        return coming.contains(id) || calendars.exists(id);
    }
}
