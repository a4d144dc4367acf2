package io.carillon.console.internal.calendars;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.kafka.ConsoleProducer;
import io.carillon.console.internal.kafka.PublishException;
import io.carillon.console.internal.support.DeclaredDefinitions;
import io.carillon.console.internal.support.ManagingApps;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.CalendarValidator;
import io.carillon.topics.EventSerdes;
import io.carillon.topics.FieldError;
import io.carillon.topics.events.Calendar;
import io.carillon.topics.spring.CarillonTopics;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The calendars schedules skip or fire only on: read by anyone signed in, changed and deleted by ADMINs. A change is
 * stored, audited and published to the compacted {@code calendars} topic (key: the id; a tombstone on delete) in one
 * database transaction that commits only once Kafka has acknowledged the record, so the planner's and the analytics
 * app's stores and the console's row agree, and a calendar is on the topic before a job naming it is saved; the
 * changes of one calendar are serialized by a lock. A calendar that a job's schedule names is not deleted (409 naming
 * the jobs). Thread-safe.
 */
@Service
public class CalendarService implements DeclaredDefinitions<Calendar> {

    static final String TARGET_TYPE = "CALENDAR";

    private final CalendarRepository calendars;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final ConsoleProducer producer;
    private final CarillonTopics topics;
    private final Clock clock;

    CalendarService(
            CalendarRepository calendars,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            ConsoleProducer producer,
            CarillonTopics topics,
            Clock clock) {
        this.calendars = calendars;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.producer = producer;
        this.topics = topics;
        this.clock = clock;
    }

    List<CalendarView> list() {
        return calendars.list().stream().map(CalendarView::of).toList();
    }

    /** Every stored calendar, by id, for the console's own features (anyone signed in may read them). */
    public List<Calendar> definitions() {
        return calendars.list().stream().map(CalendarRepository.Row::calendar).toList();
    }

    CalendarView get(String id) {
        return calendars.find(id).map(CalendarView::of).orElseThrow(() -> new CalendarNotFoundException(id));
    }

    /**
     * Creates or replaces calendar {@code id} with {@code calendar} (its {@code id} absent or {@code id}).
     *
     * @throws InvalidInputException naming each field that is not valid
     * @throws PublishException when Kafka did not take the record (nothing is changed)
     */
    public CalendarView save(String id, Calendar calendar) {
        authorizer.requireAdmin();
        return store(id, calendar);
    }

    private CalendarView store(String id, Calendar calendar) {
        Calendar named = calendar.id() == null
                ? new Calendar(
                        calendar.schemaVersion(),
                        id,
                        calendar.description(),
                        calendar.zone(),
                        calendar.dates(),
                        calendar.ranges(),
                        calendar.weekdays(),
                        calendar.times())
                : calendar;
        if (!id.equals(named.id())) {
            throw InvalidInputException.of("id", "'" + named.id() + "' is not the calendar of the path, '" + id + "'");
        }
        List<FieldError> errors = CalendarValidator.validate(named);
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
        return transactions.execute(status -> {
            Optional<CalendarRepository.Row> before = calendars.lock(id);
            CalendarRepository.Row after = new CalendarRepository.Row(
                    named,
                    clock.instant(),
                    authorizer.caller().actor(),
                    before.map(CalendarRepository.Row::declaredBy).orElse(null));
            calendars.save(after);
            audit.record(
                    AuditAction.CALENDAR_SAVE,
                    TARGET_TYPE,
                    id,
                    null,
                    json(before),
                    json(Optional.of(after)),
                    AuditOutcome.OK);
            producer.sendAndWait(topics.catalog().calendars(), id, EventSerdes.CALENDAR.serialize(null, named));
            return CalendarView.of(after);
        });
    }

    /**
     * Creates or replaces calendar {@code id} with the all-day days of the iCalendar file {@code ics}
     * ({@link IcsImport}), in {@code zone} (null: the zone of each schedule asking), as {@link #save} does.
     *
     * @throws InvalidInputException naming {@code file} when it is not an iCalendar file, or each field of the
     *     calendar that is not valid (too many dates, a bad zone)
     */
    CalendarImportView importIcs(String id, String zone, String description, String ics) {
        authorizer.requireAdmin();
        if (id == null || id.isBlank()) {
            throw InvalidInputException.of("id", "is required: the id of the calendar the file becomes");
        }
        IcsImport.Days days = IcsImport.read(ics);
        CalendarView saved = save(
                id,
                new Calendar(Calendar.SCHEMA_VERSION, id, description, zone, days.dates(), days.ranges(), null, null));
        return new CalendarImportView(saved, days.events(), days.leftOut(), days.leftOutNamed());
    }

    /**
     * Deletes calendar {@code id}.
     *
     * @throws CalendarNotFoundException when there is none
     * @throws CalendarInUseException naming the jobs whose schedules name it
     */
    void delete(String id) {
        authorizer.requireAdmin();
        remove(id);
    }

    @Override
    public String kind() {
        return "calendar";
    }

    @Override
    public String id(Calendar calendar) {
        return calendar.id();
    }

    @Override
    public Optional<Calendar> stored(String id) {
        return calendars.find(id).map(CalendarRepository.Row::calendar);
    }

    @Override
    public void store(Calendar definition) {
        store(definition.id(), definition);
    }

    @Override
    public ManagingApps managingApps() {
        return calendars.managers();
    }

    @Override
    public List<String> users(String id) {
        return calendars.jobsUsing(id);
    }

    @Override
    public void deleteDeclared(String id) {
        remove(id);
    }

    private void remove(String id) {
        transactions.executeWithoutResult(status -> {
            Optional<CalendarRepository.Row> before = calendars.lock(id);
            if (before.isEmpty()) {
                throw new CalendarNotFoundException(id);
            }
            List<String> users = calendars.jobsUsing(id);
            if (!users.isEmpty()) {
                throw new CalendarInUseException(id, users);
            }
            calendars.delete(id);
            audit.record(AuditAction.CALENDAR_DELETE, TARGET_TYPE, id, null, json(before), null, AuditOutcome.OK);
            producer.sendAndWait(topics.catalog().calendars(), id, null);
        });
    }

    private static String json(Optional<CalendarRepository.Row> row) {
        return row.map(each -> EventSerdes.CALENDAR.toJson(each.calendar())).orElse(null);
    }
}
