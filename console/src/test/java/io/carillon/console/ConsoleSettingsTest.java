package io.carillon.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.carillon.console.internal.access.AccessProperties;
import io.carillon.console.internal.audit.AuditApiProperties;
import io.carillon.console.internal.incidents.PublicUrlProperties;
import io.carillon.console.internal.jobs.JobApiProperties;
import io.carillon.console.internal.logs.LogProperties;
import io.carillon.console.internal.runs.RunApiProperties;
import io.carillon.console.internal.web.RequestLimitProperties;
import io.carillon.console.internal.workers.WorkerProperties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

class ConsoleSettingsTest {

    /** The settings class of each feature, all that the console's scan binds. */
    private static final int SETTINGS_CLASSES = 19;

    @Configuration(proxyBeanMethods = false)
    @ConfigurationPropertiesScan("io.carillon.console")
    static class Scanned {}

    @Test
    void hasTheDocumentedDefaults() {
        assertThat(new PublicUrlProperties().getPublicUrl()).isNull();
    }

    @Test
    void bindsEachFeaturesSettingsInOneContext() {
        new ApplicationContextRunner()
                .withUserConfiguration(Scanned.class)
                .withPropertyValues(
                        "carillon.console.api.max-run-limit=20",
                        "carillon.console.api.max-preview-count=7",
                        "carillon.console.api.max-audit-page-size=9",
                        "carillon.console.api.max-request-bytes=2048",
                        "carillon.console.login.max-failures=3",
                        "carillon.console.public-url=https://carillon.example",
                        "carillon.console.workers.max-instances=4",
                        "carillon.console.logs.max-streams=5")
                .run(context -> {
                    assertThat(context).hasNotFailed();
                    assertThat(context.getBean(RunApiProperties.class).getMaxRunLimit())
                            .isEqualTo(20);
                    assertThat(context.getBean(JobApiProperties.class).getMaxPreviewCount())
                            .isEqualTo(7);
                    assertThat(context.getBean(AuditApiProperties.class).getMaxAuditPageSize())
                            .isEqualTo(9);
                    assertThat(context.getBean(RequestLimitProperties.class).getMaxRequestBytes())
                            .isEqualTo(2048);
                    assertThat(context.getBean(AccessProperties.class)
                                    .getLogin()
                                    .getMaxFailures())
                            .isEqualTo(3);
                    assertThat(context.getBean(PublicUrlProperties.class).getPublicUrl())
                            .isEqualTo("https://carillon.example");
                    assertThat(context.getBean(WorkerProperties.class).getMaxInstances())
                            .isEqualTo(4);
                    assertThat(context.getBean(LogProperties.class).getMaxStreams())
                            .isEqualTo(5);
                    assertThat(context.getBeansWithAnnotation(ConfigurationProperties.class))
                            .hasSize(SETTINGS_CLASSES);
                });
    }
}
