package io.carillon.console.internal.incidents;

import io.carillon.topics.Json;
import java.net.URI;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * A Feishu (飞书) custom bot: {@code {"msg_type":"text","content":{"text":...}}}. With a secret (the bot's 签名校验
 * setting) the body also carries {@code "timestamp"} (epoch seconds, as a string) and {@code "sign"}: the base64 of
 * HmacSHA256 keyed by {@code timestamp + "\n" + secret} over an empty message. The bot answers {@code {"code":0}};
 * another code is a refusal.
 */
final class FeishuFormat implements WebhookFormat {

    @Override
    public ChannelType type() {
        return ChannelType.FEISHU;
    }

    @Override
    public WebhookRequest request(Notification notification, Channel channel, Instant now) {
        ObjectNode body = Json.mapper().createObjectNode();
        if (channel.hasSecret()) {
            long timestamp = now.getEpochSecond();
            body.put("timestamp", String.valueOf(timestamp));
            body.put("sign", sign(channel.secret(), timestamp));
        }
        body.put("msg_type", "text");
        body.putObject("content").put("text", NotificationText.plain(notification));
        return new WebhookRequest(
                URI.create(channel.target()), Map.of(), Json.mapper().writeValueAsBytes(body));
    }

    @Override
    public String refusal(String answer) {
        return RobotAnswers.error(answer, "code", "msg");
    }

    /** The {@code sign} field for {@code timestamp} (epoch seconds). */
    static String sign(String secret, long timestamp) {
        byte[] mac = Signatures.hmacSha256(timestamp + "\n" + secret, new byte[0]);
        return Base64.getEncoder().encodeToString(mac);
    }
}
