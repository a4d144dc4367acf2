package io.carillon.console.internal.exchange.xxljob;

/** Builds {@link XxlJobInfo} rows for tests: a BEAN job of executor 1 with a cron schedule unless changed. */
final class XxlJobRows {

    int id;
    int group = 1;
    String description = "demo job";
    String author = "ann";
    String alarmEmail;
    String scheduleType = "CRON";
    String scheduleConf = "0 0 2 * * ?";
    String misfire = "DO_NOTHING";
    String route = "FIRST";
    String handler = "demoJobHandler";
    String params;
    String block = "SERIAL_EXECUTION";
    int timeoutSeconds;
    int retryCount;
    String glueType = "BEAN";
    String children;
    int triggerStatus = 1;

    static XxlJobRows job(int id) {
        XxlJobRows row = new XxlJobRows();
        row.id = id;
        return row;
    }

    XxlJobRows schedule(String type, String conf) {
        scheduleType = type;
        scheduleConf = conf;
        return this;
    }

    XxlJobRows handler(String handler) {
        this.handler = handler;
        return this;
    }

    XxlJobRows glue(String glueType) {
        this.glueType = glueType;
        return this;
    }

    XxlJobRows group(int group) {
        this.group = group;
        return this;
    }

    XxlJobRows children(String children) {
        this.children = children;
        return this;
    }

    XxlJobRows route(String route) {
        this.route = route;
        return this;
    }

    XxlJobRows block(String block) {
        this.block = block;
        return this;
    }

    XxlJobRows misfire(String misfire) {
        this.misfire = misfire;
        return this;
    }

    XxlJobInfo build() {
        return new XxlJobInfo(
                id,
                group,
                description,
                author,
                alarmEmail,
                scheduleType,
                scheduleConf,
                misfire,
                route,
                handler,
                params,
                block,
                timeoutSeconds,
                retryCount,
                glueType,
                children,
                triggerStatus);
    }
}
