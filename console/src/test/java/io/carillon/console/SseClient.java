package io.carillon.console;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads a Server-Sent Events stream over real HTTP as it arrives, signed in with HTTP Basic: every event with the
 * {@link System#nanoTime()} it was received at, and whether the stream ended.
 */
final class SseClient implements AutoCloseable {

    private static final Duration HEAD_TIMEOUT = Duration.ofSeconds(30);

    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final CompletableFuture<Integer> status = new CompletableFuture<>();
    private final CompletableFuture<Void> ended = new CompletableFuture<>();
    private volatile Flow.Subscription subscription;

    private SseClient() {}

    static SseClient open(int port, String path, String user, String password) {
        return open(
                port,
                path,
                "Basic "
                        + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
    }

    /** Opens {@code path} sending {@code authorization} as the Authorization header. */
    static SseClient open(int port, String path, String authorization) {
        SseClient client = new SseClient();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Accept", "text/event-stream")
                .header("Authorization", authorization)
                .build();
        HttpClient.newHttpClient().sendAsync(request, info -> {
            client.status.complete(info.statusCode());
            return HttpResponse.BodySubscribers.fromLineSubscriber(client.new Lines());
        });
        return client;
    }

    /** The HTTP status, once the answer's head arrived (waits at most {@link #HEAD_TIMEOUT}). */
    int status() {
        try {
            return status.get(HEAD_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("no answer within " + HEAD_TIMEOUT, e);
        }
    }

    List<Event> events() {
        return List.copyOf(events);
    }

    List<Event> events(String name) {
        return events.stream().filter(event -> name.equals(event.name())).toList();
    }

    boolean ended() {
        return ended.isDone();
    }

    @Override
    public void close() {
        Flow.Subscription current = subscription;
        if (current != null) {
            current.cancel();
        }
    }

    /** One event: its name, id and data, and when it was received. */
    record Event(String name, String id, String data, long receivedAtNanos) {}

    private final class Lines implements Flow.Subscriber<String> {

        private final List<String> fields = new ArrayList<>();

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            SseClient.this.subscription = subscription;
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(String line) {
            if (!line.isEmpty()) {
                fields.add(line);
                return;
            }
            String name = "message";
            String id = null;
            StringBuilder data = new StringBuilder();
            for (String field : fields) {
                if (field.startsWith("event:")) {
                    name = field.substring("event:".length());
                } else if (field.startsWith("id:")) {
                    id = field.substring("id:".length());
                } else if (field.startsWith("data:")) {
                    data.append(field.substring("data:".length()));
                }
            }
            if (!fields.isEmpty() && !fields.stream().allMatch(field -> field.startsWith(":"))) {
                events.add(new Event(name, id, data.toString(), System.nanoTime()));
            }
            fields.clear();
        }

        @Override
        public void onError(Throwable error) {
            ended.complete(null);
        }

        @Override
        public void onComplete() {
            ended.complete(null);
        }
    }
}
