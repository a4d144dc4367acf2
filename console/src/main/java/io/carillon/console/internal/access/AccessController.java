package io.carillon.console.internal.access;

import io.carillon.console.internal.web.JsonBodies;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The caller ({@code /api/v1/me}), users and their grants ({@code /api/v1/users}, ADMIN; a user may read themself
 * and set their own password) and the caller's API tokens ({@code /api/v1/tokens}).
 */
@RestController
class AccessController {

    private final Authorizer authorizer;
    private final UserService users;
    private final TokenService tokens;

    AccessController(Authorizer authorizer, UserService users, TokenService tokens) {
        this.authorizer = authorizer;
        this.users = users;
        this.tokens = tokens;
    }

    /** Who is calling, with which grants, and through which token if any. */
    @GetMapping("/api/v1/me")
    Me me() {
        Caller caller = authorizer.caller();
        return new Me(
                caller.name(),
                caller.tokenName(),
                caller.grants().all(),
                caller.grants().isAdmin());
    }

    @GetMapping("/api/v1/users")
    List<UserView> users() {
        return users.list();
    }

    @PostMapping("/api/v1/users")
    ResponseEntity<UserView> createUser(@RequestBody(required = false) String body) {
        authorizer.requireAdmin();
        UserView created = users.create(JsonBodies.convert(JsonBodies.object(body), UserChange.class));
        return ResponseEntity.created(URI.create("/api/v1/users/" + created.name()))
                .body(created);
    }

    @GetMapping("/api/v1/users/{name}")
    UserView user(@PathVariable String name) {
        return users.get(name);
    }

    @PutMapping("/api/v1/users/{name}")
    UserView replaceUser(@PathVariable String name, @RequestBody(required = false) String body) {
        authorizer.requireAdmin();
        return users.replace(name, JsonBodies.convert(JsonBodies.object(body), UserChange.class));
    }

    @DeleteMapping("/api/v1/users/{name}")
    ResponseEntity<Void> deleteUser(@PathVariable String name) {
        users.delete(name);
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/api/v1/users/{name}/password")
    ResponseEntity<Void> setPassword(@PathVariable String name, @RequestBody(required = false) String body) {
        users.setPassword(
                name,
                JsonBodies.convert(JsonBodies.object(body), PasswordBody.class).password());
        return ResponseEntity.noContent().build();
    }

    @GetMapping("/api/v1/tokens")
    List<TokenView> tokens() {
        return tokens.mine();
    }

    /** Creates a token; its secret is in this answer only. */
    @PostMapping("/api/v1/tokens")
    ResponseEntity<CreatedToken> createToken(@RequestBody(required = false) String body) {
        TokenBody token = JsonBodies.convert(JsonBodies.object(body), TokenBody.class);
        CreatedToken created = tokens.create(token.name(), token.grants(), token.expiresAt());
        return ResponseEntity.created(URI.create("/api/v1/tokens/" + created.id()))
                .body(created);
    }

    @DeleteMapping("/api/v1/tokens/{id}")
    ResponseEntity<Void> revokeToken(@PathVariable String id) {
        tokens.revoke(id);
        return ResponseEntity.noContent().build();
    }

    /** The answer of {@code /api/v1/me}. */
    record Me(String name, String token, List<Grant> grants, boolean admin) {}

    /** The body of a password change. */
    record PasswordBody(String password) {}

    /** The body of a token's creation; without {@code grants}, the caller's own. */
    record TokenBody(String name, List<Grant> grants, Instant expiresAt) {}
}
