package io.carillon.topics.internal;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;

/**
 * The fields of one record being read from JSON, one property at a time, then the record built through its canonical
 * constructor (so that its compact constructor's defaults apply). A new instance per record read; not thread-safe.
 */
interface RecordFields<T> {

    /**
     * Reads the value of property {@code name} (the parser is on its first token) and answers true, or answers false
     * without reading when the record has no such property.
     */
    boolean read(String name, JsonParser parser, DeserializationContext context) throws JacksonException;

    /** The record of the fields read so far (missing ones null, 0 or false). */
    T build();
}
