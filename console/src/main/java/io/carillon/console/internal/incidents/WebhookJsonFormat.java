package io.carillon.console.internal.incidents;

import io.carillon.topics.Json;
import java.net.URI;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * The generic webhook: a JSON body with the event, the incident and the links to its page and its job's page, signed with the channel's secret:
 * {@code X-Carillon-Signature: sha256=<hex of HMAC-SHA256(secret, body)>}, and {@code X-Carillon-Timestamp} (epoch
 * milliseconds), which the body repeats as {@code sentAt} so that it is covered by the signature.
 */
final class WebhookJsonFormat implements WebhookFormat {

    static final String SIGNATURE_HEADER = "X-Carillon-Signature";
    static final String TIMESTAMP_HEADER = "X-Carillon-Timestamp";
    static final String EVENT_HEADER = "X-Carillon-Event";
    static final String SIGNATURE_PREFIX = "sha256=";
    static final int SCHEMA_VERSION = 1;

    @Override
    public ChannelType type() {
        return ChannelType.WEBHOOK;
    }

    @Override
    public WebhookRequest request(Notification notification, Channel channel, Instant now) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("schemaVersion", SCHEMA_VERSION);
        body.put("event", notification.action().name());
        body.put("sentAt", now.toString());
        ObjectNode incident = body.putObject("incident");
        incident.put("id", notification.incidentId());
        incident.put("rule", notification.rule().name());
        incident.put("app", notification.app());
        putPresent(incident, "jobId", notification.jobId());
        putPresent(incident, "openedAt", String.valueOf(notification.openedAt()));
        incident.put("at", String.valueOf(notification.at()));
        incident.put("count", notification.count());
        putPresent(incident, "fireId", notification.fireId());
        putPresent(incident, "message", notification.message());
        putPresent(body, "link", notification.link());
        putPresent(body, "jobLink", notification.jobLink());
        putPresent(body, "instanceLink", notification.instanceLink());
        byte[] bytes = Json.mapper().writeValueAsBytes(body);
        String signature = SIGNATURE_PREFIX + HexFormat.of().formatHex(Signatures.hmacSha256(channel.secret(), bytes));
        return new WebhookRequest(
                URI.create(channel.target()),
                Map.of(
                        SIGNATURE_HEADER,
                        signature,
                        TIMESTAMP_HEADER,
                        String.valueOf(now.toEpochMilli()),
                        EVENT_HEADER,
                        notification.action().name()),
                bytes);
    }

    private static void putPresent(ObjectNode node, String field, String value) {
        if (value != null && !"null".equals(value)) {
            node.put(field, value);
        }
    }
}
