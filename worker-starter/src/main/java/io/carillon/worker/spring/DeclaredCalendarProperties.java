package io.carillon.worker.spring;

import java.util.ArrayList;
import java.util.List;

/**
 * A calendar declared through configuration: {@code carillon.worker.calendars.<id>.*}. Days and times are written
 * as text so a wrong one is refused naming its property: dates as {@code 2026-12-25}, ranges as
 * {@code 2026-12-24..2026-12-31}, weekdays as {@code MONDAY} or {@code MON}, times as {@code 22:00-06:00}.
 */
public class DeclaredCalendarProperties {

    /** What the calendar is for. */
    private String description;

    /** The IANA zone its days and times are judged in; when unset, the zone of the schedule asking. */
    private String zone;

    /** Single days, such as 2026-12-25. */
    private List<String> dates = new ArrayList<>();

    /** Spans of days, both ends included, such as 2026-12-24..2026-12-31. */
    private List<String> ranges = new ArrayList<>();

    /** Days of the week, such as MONDAY or MON. */
    private List<String> weekdays = new ArrayList<>();

    /** Times of day, from (included) to (excluded), such as 09:00-17:00; 22:00-06:00 wraps past midnight. */
    private List<String> times = new ArrayList<>();

    public String getDescription() {
        return description;
    }

    public void setDescription(String description) {
        this.description = description;
    }

    public String getZone() {
        return zone;
    }

    public void setZone(String zone) {
        this.zone = zone;
    }

    public List<String> getDates() {
        return dates;
    }

    public void setDates(List<String> dates) {
        this.dates = dates;
    }

    public List<String> getRanges() {
        return ranges;
    }

    public void setRanges(List<String> ranges) {
        this.ranges = ranges;
    }

    public List<String> getWeekdays() {
        return weekdays;
    }

    public void setWeekdays(List<String> weekdays) {
        this.weekdays = weekdays;
    }

    public List<String> getTimes() {
        return times;
    }

    public void setTimes(List<String> times) {
        this.times = times;
    }
}
