package io.carillon.console.internal.access;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Sign-in settings of the console, at {@code carillon.console}: password sign-in and its throttle ({@code login.*}),
 * OpenID Connect ({@code oidc.*}) and the first admin. Each other feature binds its own settings in its package
 * ({@code carillon.console.public-url} in {@code PublicUrlProperties}, {@code carillon.console.jobs.*} in
 * {@code JobProperties}, and so on); each field documents its default.
 */
@ConfigurationProperties("carillon.console")
public class AccessProperties {

    private final Login login = new Login();
    private final Oidc oidc = new Oidc();
    /**
     * Password of the {@code admin} user created at the first start (when the database has no user); also read from
     * the environment variable {@code CARILLON_ADMIN_PASSWORD}. Unset: a random password is generated and written to
     * {@link #initialAdminPasswordFile}. Ignored once any user exists.
     */
    private String adminPassword;
    /** Where a generated first-start password is written (mode 0600). Default {@code initial-admin-password}. */
    private String initialAdminPasswordFile = "initial-admin-password";

    public Login getLogin() {
        return login;
    }

    public Oidc getOidc() {
        return oidc;
    }

    public String getAdminPassword() {
        return adminPassword;
    }

    public void setAdminPassword(String adminPassword) {
        this.adminPassword = adminPassword;
    }

    public String getInitialAdminPasswordFile() {
        return initialAdminPasswordFile;
    }

    public void setInitialAdminPasswordFile(String initialAdminPasswordFile) {
        this.initialAdminPasswordFile = initialAdminPasswordFile;
    }

    /** Sign-in throttling, for the login page and HTTP Basic alike. */
    public static class Login {
        /**
         * Failed sign-ins in a row of one user name from one address after which that pair waits
         * {@code first-delay} before its next attempt is checked. Default 5.
         */
        private int maxFailures = 5;
        /** The first wait of a throttled (user name, address) pair; each further failure doubles it. Default 1 s. */
        private Duration firstDelay = Duration.ofSeconds(1);
        /** The longest wait of a throttled pair, and the quiet time after which its failures are forgotten. 15 min. */
        private Duration maxDelay = Duration.ofMinutes(15);
        /** Failed sign-ins from one address within {@code address-window} after which it is refused. Default 20. */
        private int maxAddressFailures = 20;
        /** The window of {@code max-address-failures}. Default 5 min. */
        private Duration addressWindow = Duration.ofMinutes(5);

        public int getMaxFailures() {
            return maxFailures;
        }

        public void setMaxFailures(int maxFailures) {
            this.maxFailures = maxFailures;
        }

        public Duration getFirstDelay() {
            return firstDelay;
        }

        public void setFirstDelay(Duration firstDelay) {
            this.firstDelay = firstDelay;
        }

        public Duration getMaxDelay() {
            return maxDelay;
        }

        public void setMaxDelay(Duration maxDelay) {
            this.maxDelay = maxDelay;
        }

        public int getMaxAddressFailures() {
            return maxAddressFailures;
        }

        public void setMaxAddressFailures(int maxAddressFailures) {
            this.maxAddressFailures = maxAddressFailures;
        }

        public Duration getAddressWindow() {
            return addressWindow;
        }

        public void setAddressWindow(Duration addressWindow) {
            this.addressWindow = addressWindow;
        }
    }

    /**
     * Single sign-on through OpenID Connect, on when a Spring Security client registration exists
     * ({@code spring.security.oauth2.client.registration.<id>.*}). The user's grants come from a claim of the ID
     * token or user info whose values are grants ({@code OPERATOR:billing}) or group names mapped to grants.
     */
    public static class Oidc {
        /** The claim holding the user's grants or groups. Default {@code groups}. */
        private String grantsClaim = "groups";
        /** The claim naming the user. Default {@code preferred_username}. */
        private String userNameClaim = "preferred_username";
        /**
         * Grants of each group name found in the claim, e.g. {@code group-grants.billing-team=OPERATOR:billing}
         * (several separated by commas). Claim values of the form {@code ROLE:app} are grants themselves.
         */
        private Map<String, String> groupGrants = new LinkedHashMap<>();

        public String getGrantsClaim() {
            return grantsClaim;
        }

        public void setGrantsClaim(String grantsClaim) {
            this.grantsClaim = grantsClaim;
        }

        public String getUserNameClaim() {
            return userNameClaim;
        }

        public void setUserNameClaim(String userNameClaim) {
            this.userNameClaim = userNameClaim;
        }

        public Map<String, String> getGroupGrants() {
            return groupGrants;
        }

        public void setGroupGrants(Map<String, String> groupGrants) {
            this.groupGrants = groupGrants;
        }
    }
}
