package io.carillon.console.internal.access;

import java.io.Serializable;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** A set of grants and what it allows. Immutable; {@link #all} is sorted by role, then app, without repeats. */
public record Grants(List<Grant> all) implements Serializable {

    private static final Comparator<Grant> ORDER =
            Comparator.comparing(Grant::role).thenComparing(Grant::app);

    public Grants {
        all = all.stream().distinct().sorted(ORDER).toList();
    }

    public static Grants of(Collection<Grant> grants) {
        return new Grants(List.copyOf(grants));
    }

    public static Grants none() {
        return new Grants(List.of());
    }

    public boolean isAdmin() {
        return all.stream().anyMatch(grant -> grant.role() == Role.ADMIN);
    }

    public boolean canRead(String app) {
        return allows(new Grant(Role.VIEWER, app));
    }

    public boolean canOperate(String app) {
        return allows(new Grant(Role.OPERATOR, app));
    }

    /** Whether some grant here covers {@code wanted}. */
    public boolean allows(Grant wanted) {
        return all.stream().anyMatch(grant -> grant.covers(wanted));
    }

    /** Whether every grant of {@code other} is covered by one here. */
    public boolean coversAll(Grants other) {
        return other.all.stream().allMatch(this::allows);
    }

    /** The grants of {@code other} that this set covers. */
    public Grants narrow(Grants other) {
        return of(other.all.stream().filter(this::allows).toList());
    }
}
