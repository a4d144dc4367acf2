package io.carillon.console.internal.incidents;

import java.util.List;

/** An incident with its history and the state of its notifications. */
record IncidentDetail(IncidentView incident, List<IncidentStep> history, List<DeliveryView> deliveries) {}
