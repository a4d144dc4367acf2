package io.carillon.console.internal.incidents;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** The facts of a notification as labelled lines, shared by the email and the chat robots' messages. Stateless. */
final class NotificationText {

    private NotificationText() {}

    /** Label and value of each fact the notification has, in reading order. */
    static List<String[]> facts(Notification notification) {
        List<String[]> facts = new ArrayList<>();
        add(facts, "Incident", notification.incidentId());
        add(facts, "Rule", notification.rule().name());
        add(facts, "Step", notification.action().name());
        add(facts, "App", notification.app());
        add(facts, "Job", notification.jobId());
        add(facts, "Opened", String.valueOf(notification.openedAt()));
        add(facts, "At", String.valueOf(notification.at()));
        add(facts, "Count", String.valueOf(notification.count()));
        add(facts, "Fire", notification.fireId());
        add(facts, "Message", notification.message());
        add(facts, "Console", notification.link());
        add(facts, "Job page", notification.jobLink());
        add(facts, "Instance page", notification.instanceLink());
        return facts;
    }

    /** The title then one {@code label: value} line per fact, each value passed through {@code escape}. */
    static String lines(
            Notification notification, String linePrefix, UnaryOperator<String> label, UnaryOperator<String> escape) {
        StringBuilder text = new StringBuilder();
        for (String[] fact : facts(notification)) {
            text.append(linePrefix)
                    .append(label.apply(fact[0]))
                    .append(": ")
                    .append(escape.apply(fact[1]))
                    .append('\n');
        }
        return text.toString();
    }

    /** Plain text: the title, a blank line and one {@code Label: value} line per fact. */
    static String plain(Notification notification) {
        return notification.title() + "\n\n"
                + lines(notification, "", UnaryOperator.identity(), UnaryOperator.identity());
    }

    /** Markdown for the robots: a bold title and one line per fact with a bold label. */
    static String markdown(Notification notification, String heading) {
        return heading + notification.title() + "\n\n"
                + lines(notification, "> ", label -> "**" + label + "**", UnaryOperator.identity());
    }

    private static void add(List<String[]> facts, String label, String value) {
        if (value != null && !value.isEmpty() && !"null".equals(value)) {
            facts.add(new String[] {label, value});
        }
    }
}
