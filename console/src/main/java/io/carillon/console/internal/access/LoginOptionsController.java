package io.carillon.console.internal.access;

import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.ViewControllerRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * What the login page offers ({@code GET /login/options}, public): the single sign-on providers configured, each
 * with the path that starts a sign-in there. Also serves the login page itself at {@code /login}.
 */
@RestController
class LoginOptionsController implements WebMvcConfigurer {

    private final ObjectProvider<ClientRegistrationRepository> registrations;

    LoginOptionsController(ObjectProvider<ClientRegistrationRepository> registrations) {
        this.registrations = registrations;
    }

    @GetMapping(AccessConfiguration.LOGIN_PAGE + "/options")
    LoginOptions options() {
        List<SingleSignOn> providers = new ArrayList<>();
        if (registrations.getIfAvailable() instanceof Iterable<?> all) {
            for (Object registration : all) {
                ClientRegistration client = (ClientRegistration) registration;
                providers.add(
                        new SingleSignOn(client.getClientName(), "oauth2/authorization/" + client.getRegistrationId()));
            }
        }
        return new LoginOptions(providers);
    }

    @Override
    public void addViewControllers(ViewControllerRegistry registry) {
        registry.addViewController(AccessConfiguration.LOGIN_PAGE).setViewName("forward:/login.html");
    }

    /** The answer of {@code /login/options}. */
    record LoginOptions(List<SingleSignOn> singleSignOn) {}

    /** One provider: its display name and the console path that starts a sign-in there. */
    record SingleSignOn(String name, String path) {}
}
