package io.carillon.console.internal.declarations;

import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How the console reconciles the jobs worker apps declare in code or configuration
 * ({@code carillon.console.declarations.*}).
 */
@ConfigurationProperties("carillon.console.declarations")
public class DeclarationProperties {

    /** What happens to a job an app's newest version no longer declares. */
    public enum OrphanPolicy {
        /** The job stays as it is, shown as orphaned. */
        KEEP,
        /** The job is disabled and shown as orphaned. */
        DISABLE,
        /** The job is deleted. */
        DELETE
    }

    /** What happens to a job its app's newest version no longer declares, unless appOrphans names the app. */
    private OrphanPolicy orphans = OrphanPolicy.DISABLE;
    /** The orphan policy of single apps, by app name: carillon.console.declarations.app-orphans.billing=KEEP. */
    private Map<String, OrphanPolicy> appOrphans = new LinkedHashMap<>();
    /** The consumer group reading the declarations topic. Default {@code <topic prefix>console-declarations}. */
    private String groupId;

    /** The orphan policy of {@code app}. */
    public OrphanPolicy orphansOf(String app) {
        return appOrphans.getOrDefault(app, orphans);
    }

    public OrphanPolicy getOrphans() {
        return orphans;
    }

    public void setOrphans(OrphanPolicy orphans) {
        this.orphans = orphans;
    }

    public Map<String, OrphanPolicy> getAppOrphans() {
        return appOrphans;
    }

    public void setAppOrphans(Map<String, OrphanPolicy> appOrphans) {
        this.appOrphans = appOrphans;
    }

    public String getGroupId() {
        return groupId;
    }

    public void setGroupId(String groupId) {
        this.groupId = groupId;
    }
}
