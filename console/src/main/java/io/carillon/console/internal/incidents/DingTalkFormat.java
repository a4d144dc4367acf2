package io.carillon.console.internal.incidents;

import io.carillon.topics.Json;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * A DingTalk (钉钉) custom robot: {@code {"msgtype":"markdown","markdown":{"title":...,"text":...}}}. With a secret
 * (the robot's 加签 setting) the URL gets {@code &timestamp=<epoch ms>&sign=<urlencoded base64 of
 * HmacSHA256(secret, timestamp + "\n" + secret)>}. The robot answers {@code {"errcode":0,"errmsg":"ok"}}; another
 * errcode is a refusal.
 */
final class DingTalkFormat implements WebhookFormat {

    @Override
    public ChannelType type() {
        return ChannelType.DINGTALK;
    }

    @Override
    public WebhookRequest request(Notification notification, Channel channel, Instant now) {
        ObjectNode body = Json.mapper().createObjectNode();
        body.put("msgtype", "markdown");
        ObjectNode markdown = body.putObject("markdown");
        markdown.put("title", notification.title());
        markdown.put("text", NotificationText.markdown(notification, "### "));
        String url = channel.target();
        if (channel.hasSecret()) {
            long timestamp = now.toEpochMilli();
            url += (url.contains("?") ? "&" : "?") + "timestamp=" + timestamp + "&sign="
                    + sign(channel.secret(), timestamp);
        }
        return new WebhookRequest(URI.create(url), Map.of(), Json.mapper().writeValueAsBytes(body));
    }

    @Override
    public String refusal(String answer) {
        return RobotAnswers.error(answer, "errcode", "errmsg");
    }

    /** The url-encoded {@code sign} parameter for {@code timestamp} (epoch milliseconds). */
    static String sign(String secret, long timestamp) {
        byte[] mac = Signatures.hmacSha256(secret, (timestamp + "\n" + secret).getBytes(StandardCharsets.UTF_8));
        return URLEncoder.encode(Base64.getEncoder().encodeToString(mac), StandardCharsets.UTF_8);
    }
}
