package io.carillon.console.internal.alerting;

import io.carillon.console.internal.web.JsonBodies;
import io.carillon.topics.events.Alerting;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /api/v1/alert-rules} (global: read by anyone signed in, replaced by ADMINs) and
 * {@code /api/v1/alert-rules/{app}} (read by the app's VIEWERs, replaced by its OPERATORs): the alerting defaults
 * below each job's own {@code alerting} block. A PUT body is the block's JSON, every field optional.
 */
@RestController
class AlertRuleController {

    private final AlertRuleService rules;

    AlertRuleController(AlertRuleService rules) {
        this.rules = rules;
    }

    @GetMapping("/api/v1/alert-rules")
    AlertRulesView global() {
        return rules.global();
    }

    @PutMapping("/api/v1/alert-rules")
    AlertRulesView replaceGlobal(@RequestBody(required = false) String body) {
        return rules.replaceGlobal(JsonBodies.convert(JsonBodies.object(body), Alerting.class));
    }

    @GetMapping("/api/v1/alert-rules/{app}")
    AlertRulesView ofApp(@PathVariable String app) {
        return rules.ofApp(app);
    }

    @PutMapping("/api/v1/alert-rules/{app}")
    AlertRulesView replaceOfApp(@PathVariable String app, @RequestBody(required = false) String body) {
        return rules.replaceOfApp(app, JsonBodies.convert(JsonBodies.object(body), Alerting.class));
    }
}
