package io.github.ycsbtiers.runner.timeline;

import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One row of the timeline file, a JSON object on one line (JSON Lines):
 * <pre>
 * {"time":"2026-11-24T15:40:01.004Z","elapsed_s":12.0,"interval_s":1.0,"phase":"measured",
 *  "operations":41017,"ops_per_s":41002.1,
 *  "sections":{"READ":{"count":41017,"p50_us":71,"p99_us":233,"p999_us":911,"max_us":4127,
 *              "intended":{"p50_us":93,"p99_us":2563,"p999_us":4891,"max_us":7707},
 *              "returns":{"OK":41017}}},
 *  "client_cpu_cores":0.96,"gc_count":0,"gc_pause_ms":0,
 *  "server":{"keyspace_hits":41017,...},
 *  "bottleneck":{"verdict":"none found","rule":"none"}}
 * </pre>
 * {@code time}: the row's end (UTC); {@code elapsed_s}: since the phase's first row began;
 * {@code phase}: {@code warmup} or {@code measured}; {@code operations}: the client operations
 * completed in the row (over a phase's measured rows they add up to {@code [OVERALL] Operations});
 * {@code sections}: each report section that recorded in the row (latencies in microseconds, as in
 * the report; {@code intended} when intended latency is recorded; {@code returns} when the section
 * has return codes); {@code client_cpu_cores}: the JVM's CPU time in the row over its length
 * (absent where the JVM cannot tell); {@code gc_*}: collections and their time in the row; then
 * one object per binding source ({@code api.TimelineSources}), under its name; last
 * {@code bottleneck}: the row's verdict ({@code client-bound}, {@code server-bound},
 * {@code device-bound} or {@code none found}) and the rule that decided it, from the row's own
 * figures (the client's CPU and what the sources give under {@code api.ResourceFigures}' names;
 * a row has no send lateness: {@code runner.bottleneck.BottleneckRules}).
 *
 * <p>Under a rate profile ({@code target.profile}) rows begin at the profile's start and carry,
 * after {@code ops_per_s}: {@code profile_row} (k: the row's nominal window is the k-th interval
 * from the profile's start; a client ready only after the start begins with the k it is in),
 * {@code offered_operations} and {@code offered_ops_per_s} (this
 * process's operations of the profile due in the row's nominal window, the k-th interval from the
 * profile's start, and that count over the interval), {@code late_operations} (sent later than
 * {@code target.profile.late} after their due time, in the row) and {@code dropped_operations}
 * ({@code target.profile.maxbacklog}, in the row). {@code bin/ycsb merge -p timeline.file} adds rows
 * of several clients ({@link TimelineMerge}: rows of one {@code profile_row} together), which then
 * also carry {@code clients}.
 */
final class TimelineRow {
  private final StringBuilder json = new StringBuilder(512);
  private boolean first = true;

  TimelineRow() {
    json.append('{');
  }

  TimelineRow string(String name, String value) {
    key(name).append('"').append(escape(value)).append('"');
    return this;
  }

  TimelineRow number(String name, double value) {
    key(name);
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      json.append("null");
    } else if (value == Math.rint(value) && Math.abs(value) < 1e15) {
      json.append((long) value);
    } else {
      json.append(String.format(Locale.ROOT, "%.3f", value));
    }
    return this;
  }

  TimelineRow sections(Map<String, Timeline.Interval> sections) {
    key("sections").append('{');
    boolean firstSection = true;
    for (Map.Entry<String, Timeline.Interval> e : sections.entrySet()) {
      if (!firstSection) {
        json.append(',');
      }
      firstSection = false;
      Timeline.Interval i = e.getValue();
      TimelineRow s = new TimelineRow().number("count", i.latency().getTotalCount());
      percentiles(s, i.latency());
      if (i.intended() != null && i.intended().getTotalCount() > 0) {
        s.object("intended", percentiles(new TimelineRow(), i.intended()));
      }
      if (!i.returns().isEmpty()) {
        s.object("returns", numbers(i.returns()));
      }
      json.append('"').append(escape(e.getKey())).append("\":").append(s.end());
    }
    json.append('}');
    return this;
  }

  TimelineRow object(String name, TimelineRow value) {
    key(name).append(value.end());
    return this;
  }

  static TimelineRow numbers(Map<String, ? extends Number> values) {
    TimelineRow r = new TimelineRow();
    values.forEach((k, v) -> r.number(k, v.doubleValue()));
    return r;
  }

  private static TimelineRow percentiles(TimelineRow r, Histogram h) {
    if (h.getTotalCount() == 0) {
      return r;
    }
    return r.number("p50_us", h.getValueAtPercentile(50)).number("p99_us", h.getValueAtPercentile(99))
        .number("p999_us", h.getValueAtPercentile(99.9)).number("max_us", h.getMaxValue());
  }

  /** The finished object. */
  String end() {
    return json + "}";
  }

  private StringBuilder key(String name) {
    if (!first) {
      json.append(',');
    }
    first = false;
    return json.append('"').append(escape(name)).append("\":");
  }

  private static String escape(String s) {
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
