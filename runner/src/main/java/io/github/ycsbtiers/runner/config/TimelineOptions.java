package io.github.ycsbtiers.runner.config;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * {@code timeline.file} (where the rows go; unset: no timeline) and {@code timeline.interval}
 * (seconds per row, a decimal from {@value #MIN_INTERVAL_SECONDS}, so that a recovery can be
 * timed to a tenth of a second; default {@code status.interval}, itself 10).
 */
public record TimelineOptions(Path file, long intervalNanos) {
  public static final String FILE = "timeline.file";
  public static final String INTERVAL = "timeline.interval";
  public static final double MIN_INTERVAL_SECONDS = 0.05;

  /** @param statusIntervalSeconds the run's {@code status.interval}, the default interval */
  public static TimelineOptions fromProperties(PropertyReader r, int statusIntervalSeconds) {
    long interval = Math.round(1e9 * r.doubleValue(INTERVAL, statusIntervalSeconds, MIN_INTERVAL_SECONDS, 86_400));
    String raw = r.string(FILE, null);
    if (raw == null || raw.isEmpty()) {
      return new TimelineOptions(null, interval);
    }
    Path file;
    try {
      file = Path.of(raw).toAbsolutePath();
    } catch (InvalidPathException e) {
      throw ConfigException.badValue(FILE, raw, "a file path");
    }
    Path dir = file.getParent();
    if (!OutputDirectory.isWritable(dir)) {
      throw ConfigException.badValue(FILE, raw, "a file in an existing, writable directory");
    }
    return new TimelineOptions(file, interval);
  }

  public boolean enabled() {
    return file != null;
  }
}
