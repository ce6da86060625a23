package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.runner.config.ConfigException;
import io.github.ycsbtiers.runner.config.PropertyReader;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.Properties;
import java.util.Set;

/**
 * How latencies are recorded: the measurement type, which interval is measured, and how failed
 * operations are named. Parsed once from the YCSB properties; the raw properties are kept because
 * core's measurement classes read their own settings (buckets, file output) from them.
 */
public final class MeasurementOptions {
  public static final String TYPE = "measurementtype";
  public static final String INTERVAL = "measurement.interval";
  public static final String PERCENTILES = "hdrhistogram.percentiles";
  /** Upstream's default is 95,99; the median and the tail are additions. */
  public static final String DEFAULT_PERCENTILES = "50,95,99,99.9,99.99";
  public static final String REPORT_EACH_ERROR = "reportlatencyforeacherror";
  public static final String TRACKED_ERRORS = "latencytrackederrors";

  /** The measurement types of upstream YCSB. */
  public enum Type {
    HDRHISTOGRAM("hdrhistogram"),
    HISTOGRAM("histogram"),
    HDRHISTOGRAM_AND_HISTOGRAM("hdrhistogram+histogram"),
    HDRHISTOGRAM_AND_RAW("hdrhistogram+raw"),
    TIMESERIES("timeseries"),
    RAW("raw");

    private final String propertyValue;

    Type(String propertyValue) {
      this.propertyValue = propertyValue;
    }

    public String propertyValue() {
      return propertyValue;
    }

    static Type of(String value) {
      for (Type t : values()) {
        if (t.propertyValue.equals(value)) {
          return t;
        }
      }
      throw new IllegalArgumentException(value);
    }
  }

  /** Which latency is recorded: from the actual start, from the intended (throttled) start, or both. */
  public enum Interval {
    OP, INTENDED, BOTH
  }

  private final Type type;
  private final Interval interval;
  private final boolean reportLatencyForEachError;
  private final Set<String> latencyTrackedErrors;
  private final Properties measurementProperties;

  private MeasurementOptions(Type type, Interval interval, boolean reportLatencyForEachError,
                             Set<String> latencyTrackedErrors, Properties measurementProperties) {
    this.type = type;
    this.interval = interval;
    this.reportLatencyForEachError = reportLatencyForEachError;
    this.latencyTrackedErrors = latencyTrackedErrors;
    this.measurementProperties = measurementProperties;
  }

  public static MeasurementOptions fromProperties(Properties props) {
    PropertyReader r = new PropertyReader(props);
    Type type = Type.of(r.choice(TYPE, Type.HDRHISTOGRAM.propertyValue(),
        "hdrhistogram", "histogram", "hdrhistogram+histogram", "hdrhistogram+raw", "timeseries", "raw"));
    Interval interval = Interval.valueOf(
        r.choice(INTERVAL, "op", "op", "intended", "both").toUpperCase(java.util.Locale.ROOT));
    boolean eachError = r.bool(REPORT_EACH_ERROR, false);
    Set<String> tracked = new HashSet<>();
    String trackedRaw = r.string(TRACKED_ERRORS, "");
    if (!trackedRaw.isEmpty()) {
      tracked.addAll(Arrays.asList(trackedRaw.split(",")));
    }
    r.intValue("histogram.buckets", 1000, 1, 100_000_000);
    r.intValue("timeseries.granularity", 1000, 1, Integer.MAX_VALUE);
    r.bool("hdrhistogram.fileoutput", false);
    Properties copy = new Properties();
    copy.putAll(props);
    String percentiles = r.string(PERCENTILES, DEFAULT_PERCENTILES);
    validatePercentiles(percentiles);
    copy.setProperty(PERCENTILES, percentiles);
    return new MeasurementOptions(type, interval, eachError, Collections.unmodifiableSet(tracked), copy);
  }

  /**
   * The options for a warm-up: the same latencies, recorded only in HdrHistograms kept in memory,
   * so that no interval log or raw output file receives a warm-up operation.
   */
  public MeasurementOptions forWarmup() {
    Properties copy = new Properties();
    copy.putAll(measurementProperties);
    copy.setProperty("hdrhistogram.fileoutput", "false");
    copy.remove("measurement.raw.output_file");
    return new MeasurementOptions(Type.HDRHISTOGRAM, interval, reportLatencyForEachError, latencyTrackedErrors, copy);
  }

  private static void validatePercentiles(String list) {
    for (String part : list.split(",")) {
      double p;
      try {
        p = Double.parseDouble(part.trim());
      } catch (NumberFormatException e) {
        throw ConfigException.badValue(PERCENTILES, list, "a comma-separated list of percentiles in (0, 100]");
      }
      if (!(p > 0 && p <= 100)) {
        throw ConfigException.badValue(PERCENTILES, list, "a comma-separated list of percentiles in (0, 100]");
      }
    }
  }

  public Type type() {
    return type;
  }

  public Interval interval() {
    return interval;
  }

  public boolean reportLatencyForEachError() {
    return reportLatencyForEachError;
  }

  public Set<String> latencyTrackedErrors() {
    return latencyTrackedErrors;
  }

  /** The properties handed to core's measurement classes, with this project's defaults applied. */
  Properties measurementProperties() {
    return measurementProperties;
  }
}
