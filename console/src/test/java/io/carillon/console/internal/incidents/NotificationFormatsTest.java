package io.carillon.console.internal.incidents;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.topics.Json;
import io.carillon.topics.events.IncidentAction;
import io.carillon.topics.events.IncidentRule;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Each channel type's message against a sample of its service's documented format; the DingTalk and Feishu
 * signatures against values computed apart (Python's hmac, base64 and urllib) for the same secret and time.
 */
class NotificationFormatsTest {

    private static final Instant NOW = Instant.parse("2026-05-01T12:00:00Z");
    private static final Notification OPENED = new Notification(
                    "failed:nightly:nightly@1",
                    IncidentAction.OPENED,
                    IncidentRule.FAILED,
                    "demo",
                    "nightly",
                    NOW.minusSeconds(5),
                    NOW.minusSeconds(5),
                    1,
                    "nightly@1",
                    "run failed: <boom> & more",
                    null,
                    null,
                    null)
            .linked("http://console.example:8080/");

    @Test
    void theWebhookIsJsonSignedWithHmacSha256OfTheBody() throws Exception {
        Channel channel = channel(ChannelType.WEBHOOK, "https://hooks.example/carillon", "hook-secret");

        WebhookRequest request = new WebhookJsonFormat().request(OPENED, channel, NOW);

        JsonNode body = Json.mapper().readTree(request.body());
        assertThat(body.get("event").asString()).isEqualTo("OPENED");
        assertThat(body.get("sentAt").asString()).isEqualTo("2026-05-01T12:00:00Z");
        assertThat(body.get("incident").get("id").asString()).isEqualTo("failed:nightly:nightly@1");
        assertThat(body.get("incident").get("jobId").asString()).isEqualTo("nightly");
        assertThat(body.get("incident").get("count").asInt()).isEqualTo(1);
        assertThat(body.get("link").asString())
                .isEqualTo("http://console.example:8080/#/incidents?id=failed%3Anightly%3Anightly%401");
        assertThat(request.uri().toString()).isEqualTo("https://hooks.example/carillon");
        assertThat(request.headers())
                .containsEntry("X-Carillon-Timestamp", "1777636800000")
                .containsEntry("X-Carillon-Signature", "sha256=" + hex(hmac("hook-secret", request.body())));
    }

    @Test
    void theWebhookSignatureIsTheHexHmacOfTheExactBody() {
        assertThat(HexFormat.of()
                        .formatHex(Signatures.hmacSha256("hook-secret", "{\"a\":1}".getBytes(StandardCharsets.UTF_8))))
                .isEqualTo("eb8ded9d103e519ca7e2ab1be0df069c649c61531b59a9dcbf2fa2e799fb1fa6");
    }

    @Test
    void slackGetsEscapedMrkdwnText() {
        WebhookRequest request = new SlackFormat()
                .request(OPENED, channel(ChannelType.SLACK, "https://hooks.slack.com/services/T0/B0/X", null), NOW);

        JsonNode body = Json.mapper().readTree(request.body());
        assertThat(body.propertyNames()).containsExactly("text");
        assertThat(body.get("text").asString())
                .startsWith("*[Carillon] FAILED incident opened: job nightly (app demo)*\n")
                .contains("*Job*: nightly\n", "*Message*: run failed: &lt;boom&gt; &amp; more\n");
        assertThat(request.headers()).isEmpty();
    }

    @Test
    void aWorkflowInstanceIncidentLinksTheInstancePage() throws Exception {
        Notification workflow = new Notification(
                        "workflow-failed:nightly@1",
                        IncidentAction.OPENED,
                        IncidentRule.WORKFLOW_FAILED,
                        "demo",
                        null,
                        NOW,
                        NOW,
                        1,
                        "nightly@1",
                        "workflow instance nightly@1 ended FAILED",
                        null,
                        null,
                        null)
                .linked("http://console.example:8080");

        JsonNode body = Json.mapper()
                .readTree(new WebhookJsonFormat()
                        .request(workflow, channel(ChannelType.WEBHOOK, "https://hooks.example/c", "s"), NOW)
                        .body());
        assertThat(body.get("instanceLink").asString())
                .isEqualTo("http://console.example:8080/#/workflow-instance?id=nightly%401");
        assertThat(body.has("jobLink")).isFalse();
        assertThat(NotificationText.plain(workflow))
                .startsWith("[Carillon] WORKFLOW_FAILED incident opened: workflow instance nightly@1 (app demo)")
                .contains("Instance page: http://console.example:8080/#/workflow-instance?id=nightly%401");
    }

    @Test
    void weComGetsMarkdownCutToItsByteLimit() {
        Notification long_ = new Notification(
                "missed:report:1",
                IncidentAction.UPDATED,
                IncidentRule.MISSED,
                "demo",
                "report",
                NOW,
                NOW,
                3,
                null,
                "未执行".repeat(2000),
                null,
                null,
                null);

        WebhookRequest request = new WeComFormat()
                .request(
                        long_,
                        channel(ChannelType.WECOM, "https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k", null),
                        NOW);

        JsonNode body = Json.mapper().readTree(request.body());
        assertThat(body.get("msgtype").asString()).isEqualTo("markdown");
        String content = body.get("markdown").get("content").asString();
        assertThat(content)
                .startsWith("## [Carillon] MISSED incident updated: job report (app demo)\n\n> **Incident**");
        assertThat(content.getBytes(StandardCharsets.UTF_8).length)
                .isLessThanOrEqualTo(4096)
                .isGreaterThan(4090);
        assertThat(new WeComFormat().refusal("{\"errcode\":0,\"errmsg\":\"ok\"}"))
                .isNull();
        assertThat(new WeComFormat().refusal("{\"errcode\":93000,\"errmsg\":\"invalid webhook url\"}"))
                .isEqualTo("errcode 93000: invalid webhook url");
    }

    @Test
    void dingTalkGetsMarkdownAndASignedUrl() {
        Channel channel = channel(
                ChannelType.DINGTALK, "https://oapi.dingtalk.com/robot/send?access_token=t", "SEC0123456789abcdef");

        WebhookRequest request = new DingTalkFormat().request(OPENED, channel, NOW);

        assertThat(request.uri().toString())
                .isEqualTo("https://oapi.dingtalk.com/robot/send?access_token=t"
                        + "&timestamp=1777636800000&sign=kCmR1cmEPTRtjKrgCqnqIxzj2AKIAVU%2BLSvqGb%2BRYFk%3D");
        JsonNode body = Json.mapper().readTree(request.body());
        assertThat(body.get("msgtype").asString()).isEqualTo("markdown");
        assertThat(body.get("markdown").get("title").asString())
                .isEqualTo("[Carillon] FAILED incident opened: job nightly (app demo)");
        assertThat(body.get("markdown").get("text").asString())
                .startsWith("### [Carillon] FAILED")
                .contains("> **App**: demo\n");
        assertThat(new DingTalkFormat().refusal("{\"errcode\":310000,\"errmsg\":\"sign not match\"}"))
                .isEqualTo("errcode 310000: sign not match");
        assertThat(new DingTalkFormat()
                        .request(
                                OPENED,
                                channel(
                                        ChannelType.DINGTALK,
                                        "https://oapi.dingtalk.com/robot/send?access_token=t",
                                        null),
                                NOW)
                        .uri()
                        .toString())
                .isEqualTo("https://oapi.dingtalk.com/robot/send?access_token=t");
    }

    @Test
    void feishuGetsTextWithTimestampAndSignInTheBody() {
        Channel channel =
                channel(ChannelType.FEISHU, "https://open.feishu.cn/open-apis/bot/v2/hook/x", "feishu-secret");

        WebhookRequest request = new FeishuFormat().request(OPENED, channel, NOW);

        JsonNode body = Json.mapper().readTree(request.body());
        assertThat(body.get("timestamp").asString()).isEqualTo("1777636800");
        assertThat(body.get("sign").asString()).isEqualTo("z620U36qGu6AVLoEQuCyFemdx5BJjdIEzW3MkNZ4kHw=");
        assertThat(body.get("msg_type").asString()).isEqualTo("text");
        assertThat(body.get("content").get("text").asString())
                .startsWith("[Carillon] FAILED incident opened: job nightly (app demo)\n\nIncident: failed:nightly");
        assertThat(new FeishuFormat().refusal("{\"code\":0,\"msg\":\"success\",\"data\":{}}"))
                .isNull();
        assertThat(new FeishuFormat().refusal("{\"code\":19021,\"msg\":\"sign match fail\"}"))
                .isEqualTo("code 19021: sign match fail");
    }

    @Test
    void failureTextsHideUrls() {
        assertThat(FailureText.of("cannot reach https://oapi.dingtalk.com/robot/send?access_token=t now"))
                .isEqualTo("cannot reach [url] now");
    }

    private static Channel channel(ChannelType type, String target, String secret) {
        return new Channel("c", type, target, secret, List.of(), 0, NOW, NOW);
    }

    private static byte[] hmac(String key, byte[] data) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return mac.doFinal(data);
    }

    private static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }
}
