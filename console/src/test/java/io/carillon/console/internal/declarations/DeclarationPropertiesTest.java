package io.carillon.console.internal.declarations;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class DeclarationPropertiesTest {

    @Test
    void bindsTheOrphanPolicyWithPerAppOverrides() {
        assertThat(new DeclarationProperties().orphansOf("billing"))
                .isEqualTo(DeclarationProperties.OrphanPolicy.DISABLE);
        Map<String, String> source = Map.of(
                "carillon.console.declarations.orphans", "keep",
                "carillon.console.declarations.app-orphans.billing", "DELETE");

        DeclarationProperties declarations = new Binder(new MapConfigurationPropertySource(source))
                .bind("carillon.console.declarations", DeclarationProperties.class)
                .get();

        assertThat(declarations.orphansOf("billing")).isEqualTo(DeclarationProperties.OrphanPolicy.DELETE);
        assertThat(declarations.orphansOf("reports")).isEqualTo(DeclarationProperties.OrphanPolicy.KEEP);
    }
}
