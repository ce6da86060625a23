package io.github.ycsbtiers.suite.cli;

import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.suite.scenario.PhaseSpec;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --profile SPEC}: run phases under a rate profile (bin/ycsb's {@code target.profile}, whose
 * syntax the runner checks). Without {@code --curve}, every run phase runs under it; with
 * {@code --curve}, each curve is followed by a phase of its own under the profile
 * ({@code <phase> @profile}), in which {@code N%} stands for N percent of the curve's saturation
 * throughput, so that the capacity read from a ramp can be set beside the stepped curve's.
 */
public final class ProfileOption {
  static final String USAGE = String.join("\n",
      "  --profile SPEC       run phases under a rate profile (bin/ycsb's target.profile: constant R D, ramp A B D,",
      "                       steps A B N EACH, sine MEAN AMP PERIOD D, trace FILE; comma-separated); with --curve, a",
      "                       phase of its own after each curve, where N% is N% of the curve's saturation throughput");
  private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)%");
  /** What the suite names the profiled phase that follows a curve. */
  public static final String PHASE_SUFFIX = " @profile";

  private String text;

  boolean take(String arg, String value) {
    if (!arg.equals("--profile")) {
      return false;
    }
    if (value.isBlank()) {
      throw UsageException.badValue(arg, value, "a rate profile, e.g. 'ramp 1000 20000 60s' (see --help)");
    }
    text = value.trim();
    if (!text.startsWith("@")) {
      int n = 0;
      for (String segment : text.split(",")) {
        n++;
        String[] w = segment.trim().split("\\s+");
        Integer args = ARITY.get(w[0]);
        if (args == null || (args > 0 ? w.length != args + 1 : w.length < 2)) {
          throw UsageException.badValue(arg, value, "segment " + n + " '" + segment.trim() + "' is not one of "
              + "constant RATE DURATION, ramp FROM TO DURATION, steps FROM TO COUNT EACH, sine MEAN AMPLITUDE PERIOD"
              + " DURATION, trace FILE (or give @FILE); bin/ycsb checks the values");
        }
      }
    }
    return true;
  }

  /** The values each kind of segment takes (0: the rest of the segment, a file name). */
  private static final Map<String, Integer> ARITY = Map.of("constant", 2, "ramp", 3, "steps", 4, "sine", 4,
      "trace", 0);

  void finish(boolean curve, boolean slo, long minSeconds) {
    if (text == null) {
      return;
    }
    if (slo && !curve) {
      throw UsageException.badValue("--profile", text, "not with --slo alone: a search sets its own rates");
    }
    if (minSeconds > 0) {
      throw UsageException.badValue("--profile", text, "not with --min-seconds: the profile fixes a phase's length");
    }
    if (!curve && PERCENT.matcher(text).find()) {
      throw UsageException.badValue("--profile", text, "rates in ops/s, or N% with --curve (N% of its saturation"
          + " throughput)");
    }
  }

  /** Whether {@code --profile} was given. */
  public boolean enabled() {
    return text != null;
  }

  public String text() {
    return text;
  }

  /** The profile with every {@code N%} replaced by N percent of {@code capacity} ops/s. */
  public String resolve(double capacity) {
    Matcher m = PERCENT.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      double rate = Double.parseDouble(m.group(1)) / 100 * capacity;
      m.appendReplacement(out, String.format(Locale.ROOT, "%.0f", rate));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * {@code spec} under {@code profile}: no {@code -target}, no warm-up (the profile's first segment is
   * its warm-up), both latencies recorded; named {@code <phase> @profile} when {@code rename}.
   */
  public static PhaseSpec profiled(PhaseSpec spec, String profile, boolean rename) {
    Map<String, String> props = new LinkedHashMap<>(spec.properties());
    props.remove("target");
    props.remove("minexecutiontime");
    props.put("target.profile", profile);
    props.put("warmuptime", "0");
    props.put("measurement.interval", "both");
    return new PhaseSpec(spec.group(), rename ? spec.phase() + PHASE_SUFFIX : spec.phase(), false, spec.workload(),
        spec.recordCount(), spec.operationCount(), props);
  }
}
