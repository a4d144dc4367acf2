package io.carillon.console.internal.audit;

import java.util.Set;

/**
 * Who acts on the current thread, as the audit log names them, and which entries they may read; the console's
 * access control provides it. Implementations are thread-safe.
 */
public interface ActorSource {

    /** The actor of the current thread: the caller of its request, or the console itself outside one. */
    Actor current();

    /**
     * Null when the current actor reads every entry, else the apps whose entries they read ({@code *} for all).
     *
     * @throws org.springframework.security.access.AccessDeniedException when they may read no entry
     */
    Set<String> readableApps();

    /** An actor's name as the audit log shows it, and the address of their request (null outside one). */
    record Actor(String name, String address) {}
}
