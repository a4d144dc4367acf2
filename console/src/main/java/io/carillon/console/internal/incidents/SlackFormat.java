package io.carillon.console.internal.incidents;

import io.carillon.topics.Json;
import java.net.URI;
import java.time.Instant;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * A Slack incoming webhook: {@code {"text": ...}} in Slack's mrkdwn (bold title, bold labels), with {@code &},
 * {@code <} and {@code >} escaped as Slack asks. The webhook URL is the credential; Slack signs nothing.
 */
final class SlackFormat implements WebhookFormat {

    @Override
    public ChannelType type() {
        return ChannelType.SLACK;
    }

    @Override
    public WebhookRequest request(Notification notification, Channel channel, Instant now) {
        String text = "*" + escape(notification.title()) + "*\n"
                + NotificationText.lines(notification, "", label -> "*" + label + "*", SlackFormat::escape);
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("text", text);
        return new WebhookRequest(
                URI.create(channel.target()), Map.of(), Json.mapper().writeValueAsBytes(body));
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
