package io.carillon.console.internal.incidents;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.carillon.console.internal.web.IdCursors;
import io.carillon.console.internal.web.JsonBodies;
import io.carillon.console.internal.web.Limits;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
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
 * secret, and the deliveries of each, newest first ({@code cursor} is the {@code nextCursor} of the previous page;
 * {@code before}, the earlier name, takes its {@code nextBefore}).
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
            @RequestParam(required = false) String cursor,
            @Parameter(deprecated = true, description = "the earlier name of cursor") @RequestParam(required = false)
                    Long before,
            @RequestParam(required = false) Integer size) {
        int rows = Limits.within("size", size, limits.getDefaultPageSize(), limits.getMaxPageSize());
        List<DeliveryView> page = incidents.deliveriesOf(name, IdCursors.parseOr(cursor, before), rows);
        return new DeliveryPage(page, IdCursors.next(page, rows, DeliveryView::id));
    }

    /**
     * One page of a channel's deliveries in the list envelope: {@code items} and {@code nextCursor}, null on the last
     * page. {@code deliveries} and {@code nextBefore} repeat them for clients of the earlier answer and go in the next
     * release.
     */
    record DeliveryPage(
            List<DeliveryView> items, @JsonIgnore Long next) {

        @JsonProperty("nextCursor")
        String nextCursor() {
            return IdCursors.format(next);
        }

        @Deprecated(forRemoval = true)
        @Schema(deprecated = true, description = "the earlier name of items")
        @JsonProperty("deliveries")
        List<DeliveryView> deliveries() {
            return items;
        }

        @Deprecated(forRemoval = true)
        @Schema(deprecated = true, description = "the earlier name of nextCursor, as a number")
        @JsonProperty("nextBefore")
        Long nextBefore() {
            return next;
        }
    }
}
