package io.carillon.console.internal.incidents;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The console's address as its users reach it ({@code carillon.console.public-url}), for links in notifications.
 * Unset, the links use the address signed-in users reach the console at ({@link ConsoleAddress}).
 */
@ConfigurationProperties("carillon.console")
public class PublicUrlProperties {

    /** Default unset (null). */
    private String publicUrl;

    public String getPublicUrl() {
        return publicUrl;
    }

    public void setPublicUrl(String publicUrl) {
        this.publicUrl = publicUrl;
    }
}
