package io.carillon.console.internal.access;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * API token secrets: {@value #PREFIX} followed by 256 random bits in base64url, so a leaked token is easy to
 * recognise in a scan. Only their SHA-256 is stored: with that much entropy a slow hash adds nothing, and a fast one
 * keeps every API call cheap. Thread-safe.
 */
final class TokenSecrets {

    static final String PREFIX = "crl_";
    private static final int SECRET_BYTES = 32;

    private final SecureRandom random = new SecureRandom();

    String newSecret() {
        byte[] bytes = new byte[SECRET_BYTES];
        random.nextBytes(bytes);
        return PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String hash(String secret) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
