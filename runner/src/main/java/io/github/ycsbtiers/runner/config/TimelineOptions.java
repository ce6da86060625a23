package io.github.ycsbtiers.runner.config;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * {@code timeline.file} (where the rows go; unset: no timeline) and {@code timeline.interval}
 * (seconds per row, a decimal from {@value #MIN_INTERVAL_SECONDS} or a duration such as
 * {@code 100ms}, so that a recovery can be timed to a tenth of a second; default
 * {@code status.interval}, itself 10).
 */
public record TimelineOptions(Path file, long intervalNanos) {
  public static final String FILE = "timeline.file";
  public static final String INTERVAL = "timeline.interval";
  public static final double MIN_INTERVAL_SECONDS = 0.05;

  /** @param statusIntervalSeconds the run's {@code status.interval}, the default interval */
  public static TimelineOptions fromProperties(PropertyReader r, int statusIntervalSeconds) {
    long interval = r.duration(INTERVAL, TimeUnit.SECONDS.toNanos(statusIntervalSeconds), TimeUnit.SECONDS,
        TimeUnit.NANOSECONDS, Math.round(MIN_INTERVAL_SECONDS * 1e9), TimeUnit.SECONDS.toNanos(86_400));
    String raw = r.string(FILE, null);
    if (raw == null || raw.isEmpty()) {
      return new TimelineOptions(null, interval);
    }
    Path file;
    try {
      file = Path.of(raw).toAbsolutePath();
    } catch (InvalidPathException e) {
      throw PropertyException.badValue(FILE, raw, "a file path");
    }
    Path dir = file.getParent();
    if (!OutputDirectory.isWritable(dir)) {
      throw PropertyException.badValue(FILE, raw, "a file in an existing, writable directory");
    }
    return new TimelineOptions(file, interval);
  }

  public boolean enabled() {
    return file != null;
  }
}
