package io.carillon.bench.internal;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.carillon.topics.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.JsonNode;

/**
 * The receiving end of the console's webhook channel: a JDK {@link HttpServer} on the loopback interface that notes, by
 * the clock, when each notification arrived, what it was about (event, rule, job, fire, incident) and whether its
 * {@code X-Carillon-Signature} matched the body signed with the channel's secret. Answers 200 to every POST, at once.
 * An arrival is noted before the answer is sent. Requests are handled on {@value #THREADS} threads; {@link #arrivals()}
 * may be read from any thread.
 */
final class WebhookReceiver implements AutoCloseable {

    static final String PATH = "/carillon-hook";
    private static final int THREADS = 2;
    private static final int OK = 200;
    private static final int NO_BODY = -1;
    private static final int STOP_DELAY_S = 0;
    private static final String HMAC_SHA256 = "HmacSHA256";
    private static final String SIGNATURE_PREFIX = "sha256=";

    private final HttpServer server;
    private final ExecutorService threads;
    private final Clock clock;
    private final String secret;
    private final List<Arrival> arrivals = new CopyOnWriteArrayList<>();

    private WebhookReceiver(Clock clock, String secret) {
        this.clock = clock;
        this.secret = secret;
        try {
            this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("could not open the webhook receiver's port", e);
        }
        this.threads = Executors.newFixedThreadPool(THREADS, runnable -> {
            Thread thread = new Thread(runnable, "bench-webhook-receiver");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(threads);
        server.createContext(PATH, this::receive);
    }

    /** Starts the receiver on a free loopback port, verifying signatures with {@code secret}. */
    static WebhookReceiver start(Clock clock, String secret) {
        WebhookReceiver receiver = new WebhookReceiver(clock, secret);
        receiver.server.start();
        return receiver;
    }

    /** The URL a webhook channel targets. */
    String url() {
        return "http://" + server.getAddress().getHostString() + ":"
                + server.getAddress().getPort() + PATH;
    }

    /** Every notification so far, in the order they arrived. */
    List<Arrival> arrivals() {
        return arrivals;
    }

    private void receive(HttpExchange exchange) throws IOException {
        Instant arrivedAt = clock.instant();
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        boolean signed = signatureMatches(exchange.getRequestHeaders().getFirst("X-Carillon-Signature"), body);
        arrivals.add(Arrival.of(body, arrivedAt, signed));
        exchange.sendResponseHeaders(OK, NO_BODY);
        exchange.close();
    }

    private boolean signatureMatches(String header, byte[] body) {
        if (header == null || !header.startsWith(SIGNATURE_PREFIX)) {
            return false;
        }
        try {
            Mac mac = Mac.getInstance(HMAC_SHA256);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), HMAC_SHA256));
            byte[] expected = mac.doFinal(body);
            byte[] given = HexFormat.of().parseHex(header.substring(SIGNATURE_PREFIX.length()));
            return MessageDigest.isEqual(expected, given);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    @Override
    public void close() {
        server.stop(STOP_DELAY_S);
        threads.shutdownNow();
    }

    /** One notification as it arrived; the fields are null where the body did not have them. */
    record Arrival(
            String event,
            String rule,
            String jobId,
            String fireId,
            String incidentId,
            Instant arrivedAt,
            boolean signed) {

        static Arrival of(byte[] body, Instant arrivedAt, boolean signed) {
            JsonNode root;
            try {
                root = Json.mapper().readTree(body);
            } catch (RuntimeException e) {
                return new Arrival(null, null, null, null, null, arrivedAt, signed);
            }
            JsonNode incident = root.path("incident");
            return new Arrival(
                    text(root.path("event")),
                    text(incident.path("rule")),
                    text(incident.path("jobId")),
                    text(incident.path("fireId")),
                    text(incident.path("id")),
                    arrivedAt,
                    signed);
        }

        private static String text(JsonNode node) {
            return node.isString() ? node.asString() : null;
        }
    }
}
