package io.carillon.bench.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.bench.internal.WebhookReceiver.Arrival;
import io.carillon.testkit.SettableClock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class WebhookReceiverTest {

    private static final String SECRET = "s3cret";
    private static final String BODY = """
            {"schemaVersion":1,"event":"UPDATED","sentAt":"2026-11-25T10:00:01Z",
             "incident":{"id":"failed:bench-000001:f0","rule":"FAILED","app":"bench","jobId":"bench-000001",
                         "openedAt":"2026-11-25T10:00:00Z","at":"2026-11-25T10:00:01Z","count":2,"fireId":"f1",
                         "message":"failed"},
             "link":"http://localhost/api/v1/incidents/x"}""";

    private final Instant now = Instant.parse("2026-11-25T10:00:02Z");
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void notesWhenANotificationArrivedWhatItIsAboutAndWhetherItsSignatureMatches() throws Exception {
        try (WebhookReceiver receiver = WebhookReceiver.start(new SettableClock(now), SECRET)) {
            assertThat(post(receiver, "sha256=" + sign(SECRET, BODY))).isEqualTo(200);
            assertThat(post(receiver, "sha256=" + sign("another secret", BODY))).isEqualTo(200);

            assertThat(receiver.arrivals())
                    .containsExactly(
                            new Arrival("UPDATED", "FAILED", "bench-000001", "f1", "failed:bench-000001:f0", now, true),
                            new Arrival(
                                    "UPDATED", "FAILED", "bench-000001", "f1", "failed:bench-000001:f0", now, false));
        }
    }

    private int post(WebhookReceiver receiver, String signature) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(receiver.url()))
                .header("Content-Type", "application/json")
                .header("X-Carillon-Signature", signature)
                .POST(HttpRequest.BodyPublishers.ofString(BODY))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static String sign(String secret, String body) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return HexFormat.of().formatHex(mac.doFinal(body.getBytes(StandardCharsets.UTF_8)));
    }
}
