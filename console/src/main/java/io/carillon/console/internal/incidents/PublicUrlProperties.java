package io.carillon.console.internal.incidents;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The console's address as its users reach it ({@code carillon.console.public-url}), for links in notifications. */
@ConfigurationProperties("carillon.console")
public class PublicUrlProperties {

    /** Default {@code http://localhost:8080}. */
    private String publicUrl = "http://localhost:8080";

    public String getPublicUrl() {
        return publicUrl;
    }

    public void setPublicUrl(String publicUrl) {
        this.publicUrl = publicUrl;
    }
}
