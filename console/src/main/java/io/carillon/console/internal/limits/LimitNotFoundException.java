package io.carillon.console.internal.limits;

import io.carillon.console.internal.web.NotFoundException;

/** No concurrency limit has the id asked for (404). */
class LimitNotFoundException extends NotFoundException {

    LimitNotFoundException(String id) {
        super("no concurrency limit '" + id + "'");
    }
}
