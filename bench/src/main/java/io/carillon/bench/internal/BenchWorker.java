package io.carillon.bench.internal;

import io.carillon.worker.CarillonWorker;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;

/**
 * The bench worker of a {@link BenchCluster}: app {@value BenchCluster#APP} with the handlers that record each start
 * in the cluster's {@link HandlerStarts}, sized by {@code --worker-capacity}, its consumer's fetch wait set by
 * {@code --worker-fetch-max-wait-ms}. It runs in a JVM of its own as a user's service runs ({@code --worker-jvm-options}
 * for that JVM; its start file is read every {@value #START_FILE_POLL_MS} ms), or with {@code --worker-process false}
 * in the cluster's JVM. Started and read from the thread that starts the cluster.
 */
final class BenchWorker {

    static final long START_FILE_POLL_MS = 20;
    private static final String INSTANCE_ID = "bench-worker-1";
    private static final long START_TIMEOUT_S = 120;
    private static final long READER_STOP_TIMEOUT_S = 5;

    private final boolean ownProcess;
    private final int capacity;
    private final Integer fetchMaxWaitMs;
    private final List<String> jvmOptions;
    private ProcessFleet fleet;
    private Optional<String> layout = Optional.empty();

    BenchWorker(BenchOptions options) {
        this.ownProcess = options.workerProcess();
        this.capacity = options.positiveInt("worker-capacity", BenchCluster.DEFAULT_WORKER_CAPACITY);
        this.fetchMaxWaitMs = options.text("worker-fetch-max-wait-ms").isPresent()
                ? options.nonNegativeInt("worker-fetch-max-wait-ms", 0)
                : null;
        this.jvmOptions = options.jvmOptions("worker-jvm-options");
    }

    /** Starts the worker for {@code cluster}; what must be stopped goes to {@code started}, closed in reverse. */
    void start(BenchCluster cluster, Clock clock, List<AutoCloseable> started, PrintStream progress) {
        if (ownProcess) {
            startProcess(cluster, clock, started, progress);
        } else {
            startInProcess(cluster, clock, started, progress);
        }
    }

    private void startInProcess(BenchCluster cluster, Clock clock, List<AutoCloseable> started, PrintStream progress) {
        CarillonWorker.Builder builder = CarillonWorker.builder()
                .bootstrapServers(cluster.bootstrapServers())
                .clientProperties(cluster.kafkaProperties())
                .catalog(cluster.catalog())
                .clock(clock)
                .app(BenchCluster.APP)
                .instanceId(INSTANCE_ID)
                .capacity(capacity)
                .handler(BenchCluster.HANDLER, cluster.starts().handler())
                .handler(BenchCluster.FAILING_HANDLER, cluster.starts().failingHandler());
        if (fetchMaxWaitMs != null) {
            builder.kafkaProperty(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, fetchMaxWaitMs);
        }
        CarillonWorker worker = builder.build();
        worker.start();
        started.add(worker);
        layout = Optional.of("in-process");
        progress.println("worker: app " + BenchCluster.APP + ", capacity " + capacity + fetchWaitNote());
    }

    private void startProcess(BenchCluster cluster, Clock clock, List<AutoCloseable> started, PrintStream progress) {
        Path folder = cluster.dataDir().resolve("worker");
        fleet = new ProcessFleet(folder, ProcessFleet.logFolder(), cluster.componentArgs(), progress);
        started.add(fleet);
        Path file = folder.resolve(INSTANCE_ID + ".starts");
        List<String> args = new ArrayList<>(List.of(
                "--instance-id",
                INSTANCE_ID,
                "--starts-file",
                file.toString(),
                "--capacity",
                Integer.toString(capacity)));
        if (fetchMaxWaitMs != null) {
            args.addAll(List.of("--fetch-max-wait-ms", fetchMaxWaitMs.toString()));
        }
        fleet.start(INSTANCE_ID, "worker", jvmOptions, args);
        StartFiles startFiles = new StartFiles(cluster.starts());
        startFiles.add(file);
        ScheduledExecutorService reader = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "bench-start-file-reader");
            thread.setDaemon(true);
            return thread;
        });
        reader.scheduleWithFixedDelay(startFiles::poll, 0, START_FILE_POLL_MS, TimeUnit.MILLISECONDS);
        started.add(() -> {
            reader.shutdown();
            if (reader.awaitTermination(READER_STOP_TIMEOUT_S, TimeUnit.SECONDS)) {
                startFiles.poll();
            }
        });
        WallClock wallClock = new WallClock(clock);
        fleet.awaitStarted(wallClock, wallClock.now().plusSeconds(START_TIMEOUT_S));
        layout = Optional.of("process");
        progress.println(
                "worker: app " + BenchCluster.APP + " in a process of its own, capacity " + capacity + fetchWaitNote());
    }

    private String fetchWaitNote() {
        return fetchMaxWaitMs == null ? "" : ", fetch.max.wait.ms " + fetchMaxWaitMs;
    }

    /** CPU seconds of the worker's process since it started; 0 when it runs in the cluster's JVM or not at all. */
    double processCpuSeconds() {
        return fleet == null ? 0 : fleet.cpuSeconds();
    }

    /** CPU seconds of the JIT compiler threads of the worker's process; 0 without one. */
    double processJitCpuSeconds() {
        return fleet == null ? 0 : fleet.jitCpuSeconds();
    }

    /** Peak RSS of the worker's process; 0 without one. */
    double processPeakRssMb() {
        return fleet == null ? 0 : fleet.maxPeakRssMb();
    }

    /** The worker process's CPU seconds and peak RSS by name; empty when it ran in the cluster's JVM. */
    Map<String, Object> processes() {
        return fleet == null ? Map.of() : fleet.perProcess();
    }

    /** {@code "process"} or {@code "in-process"} once started; empty when the workload starts its own workers. */
    Optional<String> layout() {
        return layout;
    }

    List<String> jvmOptions() {
        return jvmOptions;
    }

    int capacity() {
        return capacity;
    }

    Integer fetchMaxWaitMs() {
        return fetchMaxWaitMs;
    }
}
