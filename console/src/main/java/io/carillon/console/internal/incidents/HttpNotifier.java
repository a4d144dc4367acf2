package io.carillon.console.internal.incidents;

import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * POSTs notifications to webhook and robot channels with the JDK's HTTP client: each type's {@link WebhookFormat}
 * writes the request, connect and answer times are bounded ({@code connect-timeout}, {@code read-timeout}),
 * redirects are not followed, and at most {@value #MAX_ANSWER_BYTES} bytes of an answer are read. A 2xx answer the
 * format does not call a refusal means the channel took the notification. Thread-safe.
 */
@Component
final class HttpNotifier implements ChannelNotifier {

    static final int MAX_ANSWER_BYTES = 4096;
    private static final int HTTP_OK_MIN = 200;
    private static final int HTTP_OK_MAX = 299;
    private static final int MAX_ANSWER_IN_ERROR = 200;

    private final HttpClient http;
    private final Duration readTimeout;
    private final Map<ChannelType, WebhookFormat> formats;

    HttpNotifier(NotificationProperties settings) {
        this.http = HttpClient.newBuilder()
                .connectTimeout(settings.getConnectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        this.readTimeout = settings.getReadTimeout();
        this.formats = List.of(
                        new WebhookJsonFormat(),
                        new SlackFormat(),
                        new WeComFormat(),
                        new DingTalkFormat(),
                        new FeishuFormat())
                .stream()
                .collect(Collectors.toMap(WebhookFormat::type, Function.identity()));
    }

    @Override
    public boolean handles(ChannelType type) {
        return formats.containsKey(type);
    }

    @Override
    public void send(Notification notification, Channel channel, Instant now) throws DeliveryFailedException {
        WebhookFormat format = formats.get(channel.type());
        WebhookRequest request = format.request(notification, channel, now);
        HttpRequest.Builder builder = HttpRequest.newBuilder(request.uri())
                .timeout(readTimeout)
                .header("Content-Type", "application/json; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofByteArray(request.body()));
        request.headers().forEach(builder::header);
        String answer;
        int status;
        try {
            HttpResponse<InputStream> response = http.send(builder.build(), HttpResponse.BodyHandlers.ofInputStream());
            status = response.statusCode();
            try (InputStream body = response.body()) {
                answer = new String(body.readNBytes(MAX_ANSWER_BYTES), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new DeliveryFailedException(FailureText.of(e));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeliveryFailedException("interrupted while sending");
        }
        if (status < HTTP_OK_MIN || status > HTTP_OK_MAX) {
            throw new DeliveryFailedException(FailureText.of("HTTP " + status + answerPart(answer)));
        }
        String refusal = format.refusal(answer);
        if (refusal != null) {
            throw new DeliveryFailedException(FailureText.of(refusal));
        }
    }

    private static String answerPart(String answer) {
        String trimmed = answer.strip();
        if (trimmed.isEmpty()) {
            return "";
        }
        return ": " + (trimmed.length() <= MAX_ANSWER_IN_ERROR ? trimmed : trimmed.substring(0, MAX_ANSWER_IN_ERROR));
    }
}
