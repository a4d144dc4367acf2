package io.carillon.console.internal.incidents;

import java.time.Instant;
import java.util.List;

/** A channel as the REST API answers it: {@code secret} is {@value #SECRET_SET} when one is set, else absent. */
record ChannelView(
        String name,
        ChannelType type,
        String target,
        String secret,
        List<String> apps,
        long silenceMs,
        Instant createdAt,
        Instant updatedAt) {

    /** What stands for a secret in answers and audit entries. */
    public static final String SECRET_SET = "(set)";

    static ChannelView of(Channel channel) {
        return new ChannelView(
                channel.name(),
                channel.type(),
                channel.target(),
                channel.hasSecret() ? SECRET_SET : null,
                channel.apps(),
                channel.silenceMs(),
                channel.createdAt(),
                channel.updatedAt());
    }
}
