package io.carillon.console.internal.incidents;

import java.time.Instant;

/** Sends notifications to the channels of some types. Implementations are thread-safe. */
interface ChannelNotifier {

    boolean handles(ChannelType type);

    /**
     * Tells {@code channel} about {@code notification}; returns once the channel took it.
     *
     * @param now the time signatures and timestamps are made for
     * @throws DeliveryFailedException when the channel did not take it (to be retried)
     */
    void send(Notification notification, Channel channel, Instant now) throws DeliveryFailedException;
}
