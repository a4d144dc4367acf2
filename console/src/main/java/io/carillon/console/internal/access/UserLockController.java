package io.carillon.console.internal.access;

import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * An ADMIN's lock of an account ({@code PUT /api/v1/users/{name}/lock} locks, {@code DELETE} unlocks; both answer
 * the user and are audited). Failed sign-ins never lock an account by themselves: they are throttled per user name
 * and address. Answers 404 for an unknown user and 409 for an ADMIN locking themself.
 */
@RestController
class UserLockController {

    private final UserService users;

    UserLockController(UserService users) {
        this.users = users;
    }

    @PutMapping("/api/v1/users/{name}/lock")
    UserView lock(@PathVariable String name) {
        return users.lock(name);
    }

    @DeleteMapping("/api/v1/users/{name}/lock")
    UserView unlock(@PathVariable String name) {
        return users.unlock(name);
    }
}
