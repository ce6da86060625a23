package io.github.ycsbtiers.runner.measure;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.api.PropertyValues;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalDouble;
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
    Properties copy = new Properties();
    copy.putAll(props);
    // core's measurements parse these again with Java's own rules: they get the values as read
    int buckets = r.intValue("histogram.buckets", 1000, 1, 100_000_000);
    int granularity = r.intValue("timeseries.granularity", 1000, 1, Integer.MAX_VALUE);
    boolean fileOutput = r.bool("hdrhistogram.fileoutput", false);
    if (r.isSet("histogram.buckets")) {
      copy.setProperty("histogram.buckets", Integer.toString(buckets));
    }
    if (r.isSet("timeseries.granularity")) {
      copy.setProperty("timeseries.granularity", Integer.toString(granularity));
    }
    if (r.isSet("hdrhistogram.fileoutput")) {
      copy.setProperty("hdrhistogram.fileoutput", Boolean.toString(fileOutput));
    }
    copy.setProperty(PERCENTILES, percentiles(r.string(PERCENTILES, DEFAULT_PERCENTILES)));
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

  /** The list checked, each percentile written as Java writes it (core parses them with Double.parseDouble). */
  private static String percentiles(String list) {
    List<String> out = new ArrayList<>();
    for (String part : list.split(",")) {
      OptionalDouble p = PropertyValues.decimal(part);
      if (p.isEmpty() || !(p.getAsDouble() > 0 && p.getAsDouble() <= 100)) {
        throw PropertyException.badValue(PERCENTILES, list, "a comma-separated list of percentiles in (0, 100]");
      }
      out.add(PropertyValues.format(p.getAsDouble()));
    }
    return String.join(",", out);
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
