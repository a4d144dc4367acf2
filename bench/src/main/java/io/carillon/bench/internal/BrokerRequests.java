package io.carillon.bench.internal;

import com.sun.tools.attach.AttachNotSupportedException;
import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * The requests an in-process Kafka broker of another JVM has answered, per API ({@code Fetch}, {@code EndTxn},
 * ...), read over JMX from its {@code kafka.network:type=RequestMetrics,name=TotalTimeMs,request=<api>} histograms
 * (one count per answered request), through the local management agent the Attach API starts in that JVM. Used by
 * one thread; {@link #close()} ends the connection.
 */
final class BrokerRequests implements AutoCloseable {

    private static final String REQUEST_TIMES = "kafka.network:type=RequestMetrics,name=TotalTimeMs,request=*";

    private final JMXConnector connector;
    private final MBeanServerConnection server;

    private BrokerRequests(JMXConnector connector) throws IOException {
        this.connector = connector;
        this.server = connector.getMBeanServerConnection();
    }

    /** Connects to the JVM of process {@code pid}, which must run as this process's user. */
    static BrokerRequests attach(long pid) throws IOException {
        try {
            VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
            try {
                String address = vm.startLocalManagementAgent();
                return new BrokerRequests(JMXConnectorFactory.connect(new JMXServiceURL(address)));
            } finally {
                vm.detach();
            }
        } catch (AttachNotSupportedException e) {
            throw new IOException("cannot attach to process " + pid + ": " + e.getMessage(), e);
        }
    }

    /** How many requests of each API the broker has answered since it started. */
    Map<String, Long> counts() throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        try {
            for (ObjectName name : server.queryNames(new ObjectName(REQUEST_TIMES), null)) {
                long count = ((Number) server.getAttribute(name, "Count")).longValue();
                counts.merge(name.getKeyProperty("request"), count, Long::sum);
            }
        } catch (JMException e) {
            throw new IOException("could not read the broker's request metrics: " + e.getMessage(), e);
        }
        return counts;
    }

    /** The APIs answered between {@code before} and {@code after}, per second of {@code seconds}, busiest first. */
    static Map<String, Double> perSecond(Map<String, Long> before, Map<String, Long> after, double seconds) {
        Map<String, Double> rates = new LinkedHashMap<>();
        after.entrySet().stream()
                .map(entry -> Map.entry(entry.getKey(), entry.getValue() - before.getOrDefault(entry.getKey(), 0L)))
                .filter(entry -> entry.getValue() > 0)
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(entry -> rates.put(entry.getKey(), Math.round(entry.getValue() * 100 / seconds) / 100.0));
        return rates;
    }

    @Override
    public void close() throws IOException {
        connector.close();
    }

    /**
     * Counts the requests of the broker in process {@code pid} from now until {@link Window#close(double)}; a JVM
     * that cannot be attached or read gives a window that reports why instead of rates.
     */
    static Window window(long pid) {
        try {
            BrokerRequests broker = attach(pid);
            try {
                return new Window(broker, broker.counts(), null);
            } catch (IOException e) {
                broker.close();
                throw e;
            }
        } catch (IOException e) {
            return new Window(null, Map.of(), e.getMessage());
        }
    }

    /** A window of {@link #window(long)}. */
    record Window(BrokerRequests broker, Map<String, Long> before, String unavailable) {

        /**
         * The requests per second and API over the window of {@code seconds}, or {@code "unavailable: <why>"}, as it
         * goes in a JSON line; closes the connection.
         */
        Object close(double seconds) {
            if (broker == null) {
                return "unavailable: " + unavailable;
            }
            try (BrokerRequests connection = broker) {
                return perSecond(before, connection.counts(), seconds);
            } catch (IOException e) {
                return "unavailable: " + e.getMessage();
            }
        }
    }
}
