package io.carillon.console.internal.incidents;

import java.time.Instant;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.mail.MailException;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.stereotype.Component;

/**
 * Sends EMAIL channels a plain-text mail through Spring's {@link JavaMailSender} ({@code spring.mail.*}), from
 * {@code carillon.console.notifications.mail-from}. Without {@code spring.mail.host} there is no sender and every
 * delivery fails saying so. Thread-safe.
 */
@Component
final class EmailNotifier implements ChannelNotifier {

    private final ObjectProvider<JavaMailSender> senders;
    private final String from;

    EmailNotifier(ObjectProvider<JavaMailSender> senders, NotificationProperties notificationProperties) {
        this.senders = senders;
        this.from = notificationProperties.getMailFrom();
    }

    @Override
    public boolean handles(ChannelType type) {
        return type == ChannelType.EMAIL;
    }

    @Override
    public void send(Notification notification, Channel channel, Instant now) throws DeliveryFailedException {
        JavaMailSender sender = senders.getIfAvailable();
        if (sender == null) {
            throw new DeliveryFailedException("no mail server is configured: set spring.mail.host");
        }
        SimpleMailMessage mail = new SimpleMailMessage();
        mail.setFrom(from);
        mail.setTo(channel.target());
        mail.setSubject(notification.title());
        mail.setText(NotificationText.plain(notification));
        try {
            sender.send(mail);
        } catch (MailException e) {
            throw new DeliveryFailedException(FailureText.of(e));
        }
    }
}
