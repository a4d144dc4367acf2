package io.carillon.console.internal.incidents;

import java.net.URI;
import java.util.Map;

/** One POST a webhook or robot channel makes: where, which headers beside the JSON content type, and the body. */
record WebhookRequest(URI uri, Map<String, String> headers, byte[] body) {}
