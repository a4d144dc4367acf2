package io.carillon.console.browser;

import io.carillon.testkit.Browser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.openqa.selenium.Keys;
import org.openqa.selenium.interactions.Actions;

/**
 * Whether every action on the page a browser shows can be reached by keyboard: Tab, pressed from the top of the page,
 * focuses each visible control (links, buttons, fields, summaries, anything with a tab index), and nothing answers a
 * pointer (where a pointer cursor is set, not inherited) without being or holding such a control.
 */
final class KeyboardReach {

    /**
     * Marks each visible control with {@code data-kb} and answers how many there are, and what answers a pointer
     * without a control: a radio button counts once per group, since Tab enters a group and arrows move in it.
     */
    private static final String MARK = """
            const controls = 'a[href], button, input, select, textarea, summary, [tabindex]';
            const visible = e => e.checkVisibility({ visibilityProperty: true });
            const groups = new Set();
            const marked = [...document.querySelectorAll(controls)].filter(e => {
              if (e.disabled || e.getAttribute('tabindex') === '-1' || !visible(e) || e.closest('[inert]')) return false;
              if (e.type === 'radio') {
                if (groups.has(e.name)) return false;
                groups.add(e.name);
              }
              return true;
            });
            document.querySelectorAll('[data-kb]').forEach(e => e.removeAttribute('data-kb'));
            marked.forEach((e, i) => { e.dataset.kb = String(i); });
            const pointer = e => e && e instanceof Element && getComputedStyle(e).cursor === 'pointer';
            const pointerOnly = [...document.querySelectorAll('body *')]
                .filter(e => visible(e) && pointer(e) && !pointer(e.parentElement) && !e.closest(controls + ', label')
                    && !e.querySelector(controls) && !e.closest('[_echarts_instance_]'))
                .map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + e.className : ''));
            let start = document.getElementById('kb-start');
            if (!start) {
              start = document.createElement('span');
              start.id = 'kb-start';
              start.tabIndex = -1;
              document.body.prepend(start);
            }
            start.focus();
            window.scrollTo(0, 0);
            return { count: marked.length, pointerOnly };
            """;
    /** The {@code data-kb} of the focused element, or of the control around it, or -1. */
    private static final String FOCUSED = """
            const e = document.activeElement;
            const marked = e && e.closest('[data-kb]');
            return marked ? Number(marked.dataset.kb) : -1;
            """;

    private static final String DESCRIBE = """
            return arguments[0].map(i => {
              const e = document.querySelector('[data-kb="' + i + '"]');
              return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' "' + (e.textContent || e.value || '')
                  .trim().substring(0, 40) + '"';
            });
            """;
    /** The most Tab stops one control may take: a date and time field stops at each of its parts. */
    private static final int STOPS_PER_CONTROL = 3;
    /** Presses beyond those: the browser's own stops, such as the address bar. */
    private static final int SPARE_TABS = 10;

    private KeyboardReach() {}

    /** The controls Tab does not reach and the elements that answer a pointer only; empty when all is reachable. */
    @SuppressWarnings("unchecked")
    static List<String> unreached(Browser browser) {
        Map<String, Object> marked = (Map<String, Object>) browser.driver.executeScript(MARK);
        int count = ((Number) marked.get("count")).intValue();
        TreeSet<Long> missing = new TreeSet<>();
        for (long i = 0; i < count; i++) {
            missing.add(i);
        }
        Actions keys = new Actions(browser.driver);
        for (int tab = 0; tab < STOPS_PER_CONTROL * count + SPARE_TABS && !missing.isEmpty(); tab++) {
            keys.sendKeys(Keys.TAB).perform();
            missing.remove(((Number) browser.driver.executeScript(FOCUSED)).longValue());
        }
        List<String> unreached = new ArrayList<>();
        if (!missing.isEmpty()) {
            ((List<String>) browser.driver.executeScript(DESCRIBE, new ArrayList<>(missing)))
                    .forEach(control -> unreached.add("Tab never reaches " + control));
        }
        ((List<String>) marked.get("pointerOnly"))
                .forEach(element -> unreached.add("only a pointer reaches " + element));
        return unreached;
    }
}
