package io.carillon.console.internal.incidents;

import io.carillon.console.internal.web.JsonBodies;
import io.carillon.console.internal.web.Limits;
import java.net.URI;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/channels} (ADMIN): notification channels, answered with {@code "secret":"(set)"} in place of their
 * secret, and the deliveries of each, newest first ({@code before} is the {@code nextBefore} of the previous page).
 */
@RestController
class ChannelController {

    private final ChannelService channels;
    private final IncidentService incidents;
    private final IncidentProperties limits;

    ChannelController(ChannelService channels, IncidentService incidents, IncidentProperties limits) {
        this.channels = channels;
        this.incidents = incidents;
        this.limits = limits;
    }

    @GetMapping("/api/v1/channels")
    List<ChannelView> list() {
        return channels.list();
    }

    @PostMapping("/api/v1/channels")
    ResponseEntity<ChannelView> create(@RequestBody(required = false) String body) {
        ChannelView created = channels.create(JsonBodies.convert(JsonBodies.object(body), ChannelChange.class));
        return ResponseEntity.created(URI.create("/api/v1/channels/" + created.name()))
                .body(created);
    }

    @GetMapping("/api/v1/channels/{name}")
    ChannelView get(@PathVariable String name) {
        return channels.get(name);
    }

    @PutMapping("/api/v1/channels/{name}")
    ChannelView replace(@PathVariable String name, @RequestBody(required = false) String body) {
        return channels.replace(name, JsonBodies.convert(JsonBodies.object(body), ChannelChange.class));
    }

    @DeleteMapping("/api/v1/channels/{name}")
    ResponseEntity<Void> delete(@PathVariable String name) {
        channels.delete(name);
        return ResponseEntity.noContent().build();
    }

    @GetMapping("/api/v1/channels/{name}/deliveries")
    DeliveryPage deliveries(
            @PathVariable String name,
            @RequestParam(required = false) Long before,
            @RequestParam(required = false) Integer size) {
        int rows = Limits.within("size", size, limits.getDefaultPageSize(), limits.getMaxPageSize());
        List<DeliveryView> page = incidents.deliveriesOf(name, before, rows);
        return new DeliveryPage(
                page, page.size() < rows ? null : page.get(page.size() - 1).id());
    }

    /** One page of a channel's deliveries; {@code nextBefore} null on the last. */
    record DeliveryPage(List<DeliveryView> deliveries, Long nextBefore) {}
}
