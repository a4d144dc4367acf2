package io.carillon.console.internal.incidents;

import java.util.List;

/**
 * The body of a channel's creation or replacement. On replacement an absent {@code secret} (or
 * {@value ChannelView#SECRET_SET}) keeps the stored one and an empty one removes it; an absent {@code silenceMs}
 * takes {@code carillon.console.notifications.default-silence}.
 */
record ChannelChange(String name, ChannelType type, String target, String secret, List<String> apps, Long silenceMs) {

    @Override
    public String toString() {
        return "ChannelChange[name=" + name + ", type=" + type + "]";
    }
}
