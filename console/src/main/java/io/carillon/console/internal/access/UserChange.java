package io.carillon.console.internal.access;

import java.util.List;

/** The body of a user's creation or replacement; {@code password} is required to create, optional to replace. */
record UserChange(String name, String password, List<Grant> grants, Boolean enabled) {}
