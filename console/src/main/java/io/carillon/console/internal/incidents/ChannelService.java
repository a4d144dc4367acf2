package io.carillon.console.internal.incidents;

import io.carillon.console.internal.access.Authorizer;
import io.carillon.console.internal.audit.AuditAction;
import io.carillon.console.internal.audit.AuditLog;
import io.carillon.console.internal.audit.AuditOutcome;
import io.carillon.console.internal.web.InvalidInputException;
import io.carillon.topics.FieldError;
import io.carillon.topics.Json;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Notification channels, managed by ADMINs: each change is validated, audited in its own transaction (the secret
 * shown as {@value ChannelView#SECRET_SET}), and answered without the secret. Thread-safe.
 */
@Service
class ChannelService {

    static final String TARGET_TYPE = "CHANNEL";
    static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    static final Pattern APP = Pattern.compile("[a-z0-9][a-z0-9._-]{0,127}");
    static final int MAX_TARGET_LENGTH = 2048;
    static final int MAX_SECRET_LENGTH = 512;
    static final long MAX_SILENCE_MS = Duration.ofDays(7).toMillis();

    private final ChannelRepository channels;
    private final Authorizer authorizer;
    private final AuditLog audit;
    private final TransactionTemplate transactions;
    private final NotificationProperties settings;
    private final Clock clock;

    ChannelService(
            ChannelRepository channels,
            Authorizer authorizer,
            AuditLog audit,
            PlatformTransactionManager transactionManager,
            NotificationProperties settings,
            Clock clock) {
        this.channels = channels;
        this.authorizer = authorizer;
        this.audit = audit;
        this.transactions = new TransactionTemplate(transactionManager);
        this.settings = settings;
        this.clock = clock;
    }

    public List<ChannelView> list() {
        authorizer.requireAdmin();
        return channels.findAll().stream().map(ChannelView::of).toList();
    }

    public ChannelView get(String name) {
        authorizer.requireAdmin();
        return channels.find(name).map(ChannelView::of).orElseThrow(() -> new ChannelNotFoundException(name));
    }

    /**
     * Stores a new channel.
     *
     * @throws InvalidInputException naming each field in error
     * @throws ChannelConflictException when the name is taken or the channels are at their limit
     */
    public ChannelView create(ChannelChange change) {
        authorizer.requireAdmin();
        List<FieldError> errors = new ArrayList<>();
        if (change.name() == null || !NAME.matcher(change.name()).matches()) {
            errors.add(
                    new FieldError("name", "'" + change.name() + "' is not a channel name (" + NAME.pattern() + ")"));
        }
        Instant now = clock.instant();
        Channel channel = valid(change, change.name(), change.secret(), now, errors);
        return transactions.execute(status -> {
            if (channels.count() >= settings.getMaxChannels()) {
                throw new ChannelConflictException("there are " + settings.getMaxChannels()
                        + " channels already (carillon.console.notifications.max-channels)");
            }
            if (!channels.insert(channel)) {
                throw new ChannelConflictException("a channel named '" + channel.name() + "' exists already");
            }
            audit.record(
                    AuditAction.CHANNEL_CREATE,
                    TARGET_TYPE,
                    channel.name(),
                    null,
                    null,
                    json(channel),
                    AuditOutcome.OK);
            return ChannelView.of(channel);
        });
    }

    /** Replaces channel {@code name}; the secret is kept unless the change sets or clears it. */
    public ChannelView replace(String name, ChannelChange change) {
        authorizer.requireAdmin();
        List<FieldError> errors = new ArrayList<>();
        if (change.name() != null && !change.name().equals(name)) {
            errors.add(new FieldError(
                    "name",
                    "'" + change.name() + "' does not match the channel '" + name
                            + "' in the path; a channel's name cannot change"));
        }
        return transactions.execute(status -> {
            Channel before = channels.lock(name).orElseThrow(() -> new ChannelNotFoundException(name));
            boolean keepsSecret = change.secret() == null || ChannelView.SECRET_SET.equals(change.secret());
            Channel after =
                    valid(change, name, keepsSecret ? before.secret() : change.secret(), clock.instant(), errors);
            after = new Channel(
                    after.name(),
                    after.type(),
                    after.target(),
                    after.secret(),
                    after.apps(),
                    after.silenceMs(),
                    before.createdAt(),
                    after.updatedAt());
            channels.update(after);
            audit.record(
                    AuditAction.CHANNEL_UPDATE, TARGET_TYPE, name, null, json(before), json(after), AuditOutcome.OK);
            return ChannelView.of(after);
        });
    }

    /** Deletes channel {@code name} with its deliveries. */
    public void delete(String name) {
        authorizer.requireAdmin();
        transactions.executeWithoutResult(status -> {
            Channel before = channels.lock(name).orElseThrow(() -> new ChannelNotFoundException(name));
            channels.delete(name);
            audit.record(AuditAction.CHANNEL_DELETE, TARGET_TYPE, name, null, json(before), null, AuditOutcome.OK);
        });
    }

    /** Refuses a caller who may not read the deliveries of channel {@code name}, or a name that does not exist. */
    void requireReadable(String name) {
        get(name);
    }

    private Channel valid(ChannelChange change, String name, String secret, Instant now, List<FieldError> errors) {
        if (change.type() == null) {
            errors.add(new FieldError("type", "is required: one of EMAIL, WEBHOOK, SLACK, WECOM, DINGTALK, FEISHU"));
        } else {
            addProblem(errors, "target", targetProblem(change.type(), change.target()));
        }
        if (secret != null && secret.length() > MAX_SECRET_LENGTH) {
            errors.add(new FieldError("secret", "must be at most " + MAX_SECRET_LENGTH + " characters"));
        }
        if (change.type() == ChannelType.WEBHOOK && (secret == null || secret.isEmpty())) {
            errors.add(new FieldError("secret", "is required for a WEBHOOK channel: it signs every call"));
        }
        List<String> apps = apps(change.apps(), errors);
        long silenceMs =
                change.silenceMs() == null ? settings.getDefaultSilence().toMillis() : change.silenceMs();
        if (silenceMs < 0 || silenceMs > MAX_SILENCE_MS) {
            errors.add(new FieldError("silenceMs", "must be between 0 and " + MAX_SILENCE_MS + ", was " + silenceMs));
        }
        if (!errors.isEmpty()) {
            throw InvalidInputException.of(errors);
        }
        return new Channel(
                name,
                change.type(),
                change.target().trim(),
                secret == null || secret.isEmpty() ? null : secret,
                apps,
                silenceMs,
                now,
                now);
    }

    private List<String> apps(List<String> requested, List<FieldError> errors) {
        if (requested == null) {
            return List.of();
        }
        if (requested.size() > settings.getMaxChannelApps()) {
            errors.add(new FieldError("apps", "must name at most " + settings.getMaxChannelApps() + " apps"));
            return List.of();
        }
        for (int i = 0; i < requested.size(); i++) {
            String app = requested.get(i);
            if (app == null || !APP.matcher(app).matches()) {
                errors.add(
                        new FieldError("apps[" + i + "]", "'" + app + "' is not an app name (" + APP.pattern() + ")"));
            }
        }
        return List.copyOf(new LinkedHashSet<>(requested));
    }

    private static String targetProblem(ChannelType type, String target) {
        if (target == null || target.isBlank()) {
            return type == ChannelType.EMAIL ? "is required: an email address" : "is required: an https or http URL";
        }
        if (target.length() > MAX_TARGET_LENGTH) {
            return "must be at most " + MAX_TARGET_LENGTH + " characters";
        }
        if (type == ChannelType.EMAIL) {
            try {
                new InternetAddress(target.trim(), true);
                return null;
            } catch (AddressException e) {
                return "is not an email address";
            }
        }
        try {
            URI uri = new URI(target.trim());
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("https") || scheme.equals("http")) || uri.getHost() == null) {
                return "must be an absolute https or http URL";
            }
            return null;
        } catch (java.net.URISyntaxException e) {
            return "is not a URL";
        }
    }

    private static void addProblem(List<FieldError> errors, String field, String problem) {
        if (problem != null) {
            errors.add(new FieldError(field, problem));
        }
    }

    private static String json(Channel channel) {
        return Json.mapper().writeValueAsString(ChannelView.of(channel));
    }
}
