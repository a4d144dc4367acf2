package io.carillon.planner.archfixture;

import io.carillon.dispatcher.Dispatcher;

/** Breaks the module rule on purpose: a planner class that uses the dispatcher. Read only by {@code RulesCatchBreaksTest}. */
final class PlannerReachingIntoDispatcher {

    Class<?> uses() {
        return Dispatcher.class;
    }
}
