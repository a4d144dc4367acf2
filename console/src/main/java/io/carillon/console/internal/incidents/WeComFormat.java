package io.carillon.console.internal.incidents;

import io.carillon.topics.Json;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * A WeCom (企业微信) group robot: {@code {"msgtype":"markdown","markdown":{"content":...}}}, the content cut to the
 * robot's limit of {@value #MAX_CONTENT_BYTES} UTF-8 bytes. The robot answers {@code {"errcode":0,"errmsg":"ok"}};
 * another errcode is a refusal. The {@code key} in the webhook URL is the credential.
 */
final class WeComFormat implements WebhookFormat {

    static final int MAX_CONTENT_BYTES = 4096;

    @Override
    public ChannelType type() {
        return ChannelType.WECOM;
    }

    @Override
    public WebhookRequest request(Notification notification, Channel channel, Instant now) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("msgtype", "markdown");
        body.putObject("markdown")
                .put("content", cutToBytes(NotificationText.markdown(notification, "## "), MAX_CONTENT_BYTES));
        return new WebhookRequest(
                URI.create(channel.target()), Map.of(), Json.mapper().writeValueAsBytes(body));
    }

    @Override
    public String refusal(String answer) {
        return RobotAnswers.error(answer, "errcode", "errmsg");
    }

    static String cutToBytes(String text, int maxBytes) {
        if (text.getBytes(StandardCharsets.UTF_8).length <= maxBytes) {
            return text;
        }
        int end = text.length();
        while (end > 0 && text.substring(0, end).getBytes(StandardCharsets.UTF_8).length > maxBytes) {
            end = Character.isLowSurrogate(text.charAt(end - 1)) && end > 1 ? end - 2 : end - 1;
        }
        return text.substring(0, end);
    }
}
