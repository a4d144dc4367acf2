package io.carillon.standalone;

import io.carillon.broker.PortInUseException;

/**
 * Runs all of Carillon in one process: an in-process Kafka broker (unless {@code carillon.kafka.bootstrap-servers}
 * is set), an embedded PostgreSQL kept under the data folder (unless {@code spring.datasource.url} is set), the
 * planner, the dispatcher, the console on port 8080 ({@code server.port} overrides) and a demo worker app named
 * {@code demo}. With {@code --demo} it also creates a few demo jobs. One process per data folder: a second one on
 * the same folder exits with status 1 and a message naming the folder and the running process.
 */
public final class StandaloneMain {

    private StandaloneMain() {}

    public static void main(String[] args) {
        try {
            Standalone standalone = Standalone.start(args);
            Runtime.getRuntime().addShutdownHook(new Thread(standalone::close, "carillon-standalone-stop"));
        } catch (PortInUseException | DataDirInUseException e) {
            System.err.println("Carillon could not start: " + e.getMessage());
            System.exit(1);
        }
    }
}
