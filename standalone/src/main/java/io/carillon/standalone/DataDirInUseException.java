package io.carillon.standalone;

/** Another process holds the data folder a standalone Carillon was asked to use; nothing in it was touched. */
public final class DataDirInUseException extends IllegalStateException {

    public DataDirInUseException(String message) {
        super(message);
    }
}
