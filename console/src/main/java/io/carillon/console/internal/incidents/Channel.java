package io.carillon.console.internal.incidents;

import java.time.Instant;
import java.util.List;

/**
 * A stored notification channel. {@code secret} signs what the channel sends and is never shown: {@link #toString()}
 * leaves it out. An empty {@code apps} list means every app.
 */
record Channel(
        String name,
        ChannelType type,
        String target,
        String secret,
        List<String> apps,
        long silenceMs,
        Instant createdAt,
        Instant updatedAt) {

    public Channel {
        apps = List.copyOf(apps);
    }

    public boolean hasSecret() {
        return secret != null && !secret.isEmpty();
    }

    @Override
    public String toString() {
        return "Channel[name=" + name + ", type=" + type + ", apps=" + apps + ", silenceMs=" + silenceMs + "]";
    }
}
