package io.carillon.console.internal.exchange;

import io.carillon.console.internal.calendars.CalendarService;
import io.carillon.console.internal.limits.LimitService;
import io.carillon.topics.CalendarValidator;
import io.carillon.topics.FieldError;
import io.carillon.topics.LimitValidator;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.events.ConcurrencyLimit;
import io.carillon.topics.events.JobDefinition;
import io.carillon.topics.events.Schedule;
import io.carillon.topics.events.WorkflowDefinition;
import io.carillon.topics.events.WorkflowNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.springframework.stereotype.Service;

/**
 * The calendars and concurrency limits of an export document. {@link #calendars} and {@link #limits} list what an
 * export carries: every stored one when the export is of every app, else those the exported jobs and workflows name
 * (stored ones only). {@link #plan} compares a document's with the stored ones; its {@link Plan#apply} saves the new
 * and changed ones through {@link CalendarService} and {@link LimitService} (so each is checked by ADMIN rights,
 * validated, audited and published to its topic), inside the import's transaction before its jobs, so a job may use a
 * calendar or limit the same document defines. An import never deletes a calendar or limit. Thread-safe.
 */
@Service
class SharedExchange {

    private final CalendarService calendarService;
    private final LimitService limitService;
    private final SharedDefinitions<Calendar> calendars;
    private final SharedDefinitions<ConcurrencyLimit> limits;

    SharedExchange(CalendarService calendarService, LimitService limitService) {
        this.calendarService = calendarService;
        this.limitService = limitService;
        this.calendars = new SharedDefinitions<>(
                "calendars",
                Calendar::id,
                CalendarValidator::validate,
                calendarService::stored,
                JobDiff::between,
                calendarService::save);
        this.limits = new SharedDefinitions<>(
                "limits",
                ConcurrencyLimit::id,
                LimitValidator::validate,
                limitService::stored,
                JobDiff::between,
                limitService::save);
    }

    /** Every stored calendar ({@code everyApp}), else the stored ones the schedules of {@code jobs} and {@code workflows} name. */
    List<Calendar> calendars(boolean everyApp, List<JobDefinition> jobs, List<WorkflowDefinition> workflows) {
        if (everyApp) {
            return calendarService.definitions();
        }
        Set<String> named = new TreeSet<>();
        jobs.forEach(job -> named.addAll(calendarsOf(job.schedule())));
        workflows.forEach(workflow -> named.addAll(calendarsOf(workflow.schedule())));
        return stored(named, calendarService::stored);
    }

    /**
     * Every stored limit ({@code everyApp}), else the stored ones {@code jobs} and the inline nodes of
     * {@code workflows} take.
     */
    List<ConcurrencyLimit> limits(boolean everyApp, List<JobDefinition> jobs, List<WorkflowDefinition> workflows) {
        if (everyApp) {
            return limitService.definitions();
        }
        Set<String> named = new TreeSet<>();
        jobs.stream()
                .filter(job -> job.concurrency() != null && job.concurrency().limit() != null)
                .forEach(job -> named.add(job.concurrency().limit()));
        workflows.stream()
                .flatMap(workflow -> workflow.nodes().stream())
                .map(WorkflowNode::concurrency)
                .filter(concurrency -> concurrency != null && concurrency.limit() != null)
                .forEach(concurrency -> named.add(concurrency.limit()));
        return stored(named, limitService::stored);
    }

    /** The problems of the document's calendars and limits, named by path ({@code calendars[0].zone}). */
    List<FieldError> problems(JobsDocument document) {
        List<FieldError> errors = new ArrayList<>(calendars.problems(document.calendars()));
        errors.addAll(limits.problems(document.limits()));
        return errors;
    }

    /** The ids of the calendars {@code document} defines, which its jobs may name before they are stored. */
    Set<String> calendarIds(JobsDocument document) {
        return calendars.ids(document.calendars());
    }

    /** What importing {@code document} does to the stored calendars and limits. */
    Plan plan(JobsDocument document) {
        return new Plan(calendars.plan(document.calendars()), limits.plan(document.limits()));
    }

    private static List<String> calendarsOf(Schedule schedule) {
        List<String> ids = new ArrayList<>();
        if (schedule != null && schedule.onlyOn() != null) {
            ids.add(schedule.onlyOn());
        }
        if (schedule != null && schedule.skip() != null) {
            ids.addAll(schedule.skip());
        }
        return ids;
    }

    private static <T> List<T> stored(Set<String> ids, Function<String, Optional<T>> lookup) {
        return ids.stream().map(lookup).flatMap(Optional::stream).toList();
    }

    /** What an import does to the calendars and limits, and {@link #apply} to do it. */
    record Plan(SharedDefinitions<Calendar>.Plan calendars, SharedDefinitions<ConcurrencyLimit>.Plan limits) {

        /** How many calendars and limits {@link #apply} saves; saving any needs an ADMIN. */
        int changes() {
            return calendars.changes() + limits.changes();
        }

        /** Saves the new and changed calendars, then the limits. */
        void apply() {
            calendars.apply();
            limits.apply();
        }
    }
}
