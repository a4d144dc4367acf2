package io.carillon.bench;

import io.carillon.bench.internal.BenchOptions;
import io.carillon.bench.internal.ComponentProcess;
import io.carillon.bench.internal.ResultLine;
import io.carillon.bench.internal.UsageException;
import io.carillon.bench.internal.Workload;
import java.io.PrintStream;
import java.time.Clock;
import java.util.Arrays;
import java.util.Map;

/**
 * The benchmark and fault harness (BENCH.md): {@code java -jar carillon-bench.jar <workload> --flag value ...}.
 * Runs the workload on real parts in this process, writes progress to standard error and, as the last line of
 * standard output, one JSON object with the figures. Exit status {@value #RAN} when the workload ran (whatever the
 * figures), {@value #COULD_NOT_START} when a part could not start, {@value #USAGE} for a wrong command line or a
 * workload that is not built yet.
 */
public final class BenchMain {

    public static final int RAN = 0;
    public static final int COULD_NOT_START = 1;
    public static final int USAGE = 2;

    private static final String USAGE_TEXT = """
            usage: java -jar carillon-bench.jar <workload> [flags]
              steady   --jobs J --period-ms P --duration-s D --warmup-s W
                       [--analytics true (stats delay, analytics CPU) --failing F (F failing jobs, webhook latency)]
              burst    --fires N [--lead-s 20]
              scale    --jobs N --active J [--duration-s 30 --warmup-s 10 --intake-timeout-s 3600]
              failover --jobs J --period-ms P --duration-s D [--warmup-s 10 --session-timeout-ms 10000
                       --dispatcher-session-timeout-ms 6000 --dispatcher-instance-ids true]
              import   --jobs N [--publish-wait-s 600]   (an export document through POST /api/v1/import)
              create   --jobs N --clients C --route rest|kafka [--plan-wait-s 600]   (until the planner planned all)
              console  --jobs N --runs M [--days 30 --requests 300]   (jobs list, run search, run page over REST)
              faults   --jobs J --period-ms P [--schedule short|long --hold-s 15 --settle-s 20 --warmup-s 10]
                       (the fault lab: hosts as network namespaces, needs root)
              idle     [--settle-s 180 --measure-s 60 --standalone-jar PATH]
                       (the standalone with --demo: CPU of the process and of each part over measure-s, settle-s
                       after its start)
              workflows --workflows N [--lead-s 30]   (N five-node pipelines due at one instant, until every
                       instance ended)
            common: --bootstrap host:port (else an in-process broker)
                    --kafka-config FILE (Kafka client properties of every client, for a secured --bootstrap cluster:
                      security.protocol, sasl.*, ssl.*; only the path is passed to the part processes)
                    --jdbc-url URL --jdbc-user U --jdbc-password P (default jdbc:postgresql://127.0.0.1:5432/postgres,
                      user postgres; a fresh database is created and dropped; embedded PostgreSQL if unreachable)
                    --partitions 12 --worker-capacity 16 --drain-s S --materialize-wait-s 60
                    --worker-process true|false (default true: the bench worker in a JVM of its own)
                    --keep-data true|false (default false: keep the run's Kafka log and state folders)
                    --create rest|kafka (default: steady rest up to 1,000 jobs, else kafka; burst kafka)""";

    private BenchMain() {}

    /**
     * The command line entry: Spring's and Kafka's logging goes to standard error, so that standard output carries
     * only the JSON line.
     */
    public static void main(String[] args) {
        PrintStream stdout = System.out;
        System.setOut(System.err);
        if (args.length > 0 && args[0].equals(ComponentProcess.SUBCOMMAND)) {
            runComponent(args);
            return;
        }
        System.exit(run(Clock.systemUTC(), stdout, System.err, args));
    }

    /** The hidden subcommand the multi-process workloads start their part processes with. */
    private static void runComponent(String[] args) {
        try {
            ComponentProcess.run(Arrays.copyOfRange(args, 1, args.length), System.err);
        } catch (UsageException e) {
            System.err.println("carillon-bench: " + e.getMessage());
            System.exit(USAGE);
        } catch (RuntimeException e) {
            System.err.println("carillon-bench: " + args[1] + " could not start: " + e);
            e.printStackTrace(System.err);
            System.exit(COULD_NOT_START);
        }
    }

    /**
     * Runs the workload {@code args} name; prints the JSON line to {@code out} and progress to {@code progress}.
     *
     * @return the exit status
     */
    public static int run(Clock clock, PrintStream out, PrintStream progress, String... args) {
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
        } catch (UsageException e) {
            progress.println("carillon-bench: " + e.getMessage());
            progress.println(USAGE_TEXT);
            return USAGE;
        }
        Workload workload = Workload.named(options.workload());
        if (workload == null) {
            progress.println("carillon-bench: the workload '" + options.workload() + "' is not built yet");
            return USAGE;
        }
        Map<String, Object> line;
        try {
            line = workload.run(options, clock, progress);
        } catch (UsageException e) {
            progress.println("carillon-bench: " + e.getMessage());
            return USAGE;
        } catch (RuntimeException e) {
            progress.println("carillon-bench: " + options.workload() + " could not run: " + e);
            e.printStackTrace(progress);
            return COULD_NOT_START;
        }
        out.println(ResultLine.toJson(line));
        out.flush();
        return RAN;
    }
}
