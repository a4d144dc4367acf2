package io.carillon.console.internal.incidents;

import java.time.Instant;

/**
 * How one HTTP channel type writes a notification: the request to POST, and how to read the service's answer.
 * Implementations are stateless and thread-safe.
 */
interface WebhookFormat {

    ChannelType type();

    /** The POST that tells {@code channel} about {@code notification}, signed (when it has a secret) at {@code now}. */
    WebhookRequest request(Notification notification, Channel channel, Instant now);

    /**
     * Why the service refused the notification although it answered 2xx (the robots answer errors in the body), or
     * null when it took it.
     */
    default String refusal(String answer) {
        return null;
    }
}
