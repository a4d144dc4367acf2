package io.carillon.planner.internal;

import io.carillon.planner.PlannerSettings;
import io.carillon.streams.OnDemandPunctuation;
import io.carillon.topics.InvalidEventException;
import io.carillon.topics.TopicCatalog;
import java.time.Clock;
import java.time.Instant;
import java.util.function.BooleanSupplier;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.WindowStore;

/**
 * The planner's one processor, fed by {@code jobs}, {@code requests}, {@code results} and {@code claims} (raw bytes, parsed here so
 * that a bad record becomes a dead letter instead of stopping the task), with a wall-clock punctuator that writes the fires coming
 * due within the horizon and another that closes the open runs timed out or lost (reading worker heartbeats from
 * the global store {@link PlannerStores#WORKERS}) and dead-letters the requests parked for an unknown job whose grace
 * is over ({@link ParkedRequests}; they are applied when the job arrives). Both punctuators start at a whole
 * multiple of their interval, so all tasks punctuate together, and wait until the planner's Kafka Streams client has
 * been RUNNING once ({@link StartGate}). Each sleeps while its task has no work ({@link OnDemandPunctuation}): the
 * first until the earliest timer comes within the horizon, the second while no run is open and no request parked;
 * every record wakes both. An idle task thus neither punctuates nor commits. One instance per stream task; Kafka Streams calls
 * it from that task's thread only.
 */
public final class PlannerProcessor implements Processor<String, byte[], String, Object> {

    private final TopicCatalog catalog;
    private final Clock clock;
    private final PlannerSettings settings;
    private final DeadLetters deadLetters;
    private final BooleanSupplier punctuationAllowed;
    private final UrgentCommits urgentCommits;
    private final PartitionReadability readability;
    private final PlannerMeters meters;
    private ProcessorContext<String, Object> context;
    private Output output;
    private JobUpdates jobUpdates;
    private Requests requests;
    private Results results;
    private ParkedRequests parkedRequests;
    private ResultsProgress resultsProgress;
    private OnDemandPunctuation scheduling;
    private OnDemandPunctuation checking;

    /**
     * A processor whose punctuators do nothing while {@code punctuationAllowed} says false (see {@link StartGate});
     * records are processed either way. Its open-run verdicts wait while {@code readability} says their partitions
     * are not settled, and it counts what it writes in {@code meters}; {@code urgentCommits}, {@code readability} and
     * {@code meters} are shared by the processors of one planner.
     */
    public PlannerProcessor(
            TopicCatalog catalog,
            Clock clock,
            PlannerSettings settings,
            BooleanSupplier punctuationAllowed,
            UrgentCommits urgentCommits,
            PartitionReadability readability,
            PlannerMeters meters) {
        this.urgentCommits = urgentCommits;
        this.readability = readability;
        this.meters = meters;
        this.catalog = catalog;
        this.clock = clock;
        this.settings = settings;
        this.punctuationAllowed = punctuationAllowed;
        this.deadLetters = new DeadLetters(clock);
    }

    @Override
    public void init(ProcessorContext<String, Object> context) {
        this.context = context;
        JobStore jobs = new JobStore(context.getStateStore(PlannerStores.JOBS));
        KeyValueStore<String, Timer> timerStore = context.getStateStore(PlannerStores.TIMERS);
        WindowStore<String, Long> requestIdStore = context.getStateStore(PlannerStores.REQUEST_IDS);
        output = new Output(context, clock, urgentCommits, meters);
        RequestIds processedIds = new RequestIds(requestIdStore, PlannerStores.REQUEST_ID_RETENTION);
        PlannerCalendars calendars = new PlannerCalendars(context.getStateStore(PlannerStores.CALENDARS));
        Scheduler scheduler = new Scheduler(
                settings, jobs, new TimerStore(timerStore), output, new Misfires(output, calendars), calendars);
        FailureStreaks streaks = new FailureStreaks(processedIds, scheduler, output);
        jobUpdates = new JobUpdates(clock, jobs, scheduler, streaks);
        WindowStore<String, EndedRun> endedRunStore = context.getStateStore(PlannerStores.ENDED_RUNS);
        EndedRuns endedRuns = new EndedRuns(endedRunStore, PlannerStores.REQUEST_ID_RETENTION);
        requests = new Requests(
                clock, settings, jobs, processedIds, scheduler, new ManualRetries(endedRuns, processedIds), streaks);
        KeyValueStore<String, byte[]> openRunStore = context.getStateStore(PlannerStores.OPEN_RUNS);
        KeyValueStore<String, byte[]> workerStore = context.getStateStore(PlannerStores.WORKERS);
        resultsProgress = new ResultsProgress();
        OpenRuns openRuns = new OpenRuns(
                openRunStore,
                context.getStateStore(PlannerStores.OPEN_CLAIMS),
                new WorkerHeartbeats(workerStore),
                settings.runTimeoutGrace(),
                resultsProgress,
                new VerdictReadability(readability, catalog, context.taskId().partition()));
        results = new Results(clock, jobs, processedIds, scheduler, output, openRuns, endedRuns, streaks);
        Instant now = clock.instant();
        scheduling = OnDemandPunctuation.schedule(context, now, settings.punctuateInterval(), timestamp -> {
            Instant at = clock.instant();
            boolean allowed = punctuationAllowed.getAsBoolean();
            if (allowed) {
                scheduler.punctuate(at);
            }
            output.commitIfUrgentPending();
            if (allowed && !output.urgentPending()) {
                scheduling.sleepUntil(at, scheduler.restUntil(at));
            }
        });
        KeyValueStore<String, ParkedRequest> parkedStore = context.getStateStore(PlannerStores.PARKED_REQUESTS);
        parkedRequests = new ParkedRequests(parkedStore, settings.unknownJobGrace());
        checking = OnDemandPunctuation.schedule(context, now, settings.openRunCheckInterval(), timestamp -> {
            if (!punctuationAllowed.getAsBoolean()) {
                return;
            }
            Instant checkedAt = clock.instant();
            results.closeExpiredRuns(checkedAt);
            expireParked(checkedAt);
            if (results.noOpenRuns() && parkedRequests.isEmpty()) {
                checking.sleepUntil(checkedAt, null);
            }
        });
    }

    @Override
    public void process(Record<String, byte[]> record) {
        RecordMetadata source = context.recordMetadata().orElseThrow();
        Instant now = clock.instant();
        scheduling.stayAwake(now);
        checking.stayAwake(now);
        try {
            if (source.topic().equals(catalog.jobs())) {
                output.intake(() -> jobUpdates.apply(source.topic(), record.key(), record.value()));
                if (record.value() != null) {
                    parkedRequests.release(record.key()).forEach(this::applyParked);
                }
            } else if (source.topic().equals(catalog.results())) {
                resultsProgress.read(record.timestamp());
                results.apply(source.topic(), record.key(), record.value());
            } else if (source.topic().equals(catalog.claims())) {
                resultsProgress.claimRead();
                results.applyClaims(
                        source.topic(), record.key(), record.value(), Instant.ofEpochMilli(record.timestamp()));
            } else {
                requests.apply(source.topic(), record.key(), record.value())
                        .ifPresent(notice -> deadLetter(source, record, notice));
            }
        } catch (UnknownJobException e) {
            if (!parkedRequests.park(source, e.jobId(), record.key(), record.value(), clock.instant())) {
                deadLetter(source, record, e.getMessage());
            }
        } catch (InvalidEventException | RejectedRecordException e) {
            deadLetter(source, record, e.getMessage());
        }
    }

    /** Applies a request parked until its job arrived, as if it were read now. */
    private void applyParked(ParkedRequest parked) {
        try {
            requests.apply(parked.topic(), parked.key(), ParkedRequests.bytes(parked))
                    .ifPresent(notice -> output.deadLetter(parked.key(), deadLetters.of(parked, notice)));
        } catch (InvalidEventException | RejectedRecordException e) {
            output.deadLetter(parked.key(), deadLetters.of(parked, e.getMessage()));
        }
    }

    private void expireParked(Instant now) {
        for (ParkedRequest parked : parkedRequests.expire(now)) {
            output.deadLetter(
                    parked.key(),
                    deadLetters.of(
                            parked,
                            "jobId: unknown job '" + parked.key()
                                    + "': no definition arrived on the jobs topic within the grace of "
                                    + parkedRequests.grace().toMillis() + " ms"));
        }
    }

    private void deadLetter(RecordMetadata source, Record<String, byte[]> record, String reason) {
        output.deadLetter(record.key(), deadLetters.of(source, record.key(), record.value(), reason));
    }
}
