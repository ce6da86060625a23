package io.github.ycsbtiers.suite.curve;

import java.util.List;
import java.util.Locale;

/**
 * curve.json ({@link CurveReport} specifies it) and the JSON number and string forms that it, curve.csv
 * and the ramp's report share.
 */
public final class Json {
  private Json() {
  }

  static String curves(List<Curve> curves) {
    StringBuilder j = new StringBuilder("{\n  \"format\": \"" + CurveReport.FORMAT + "\",\n");
    j.append("  \"kneeFactor\": ").append(curves.isEmpty() ? "null" : num(curves.get(0).kneeFactor())).append(",\n");
    j.append("  \"curves\": [");
    for (int i = 0; i < curves.size(); i++) {
      Curve c = curves.get(i);
      CurveStep knee = c.knee();
      j.append(i == 0 ? "\n" : ",\n");
      j.append(String.format(Locale.ROOT, "    {\"target\": %s, \"group\": %s, \"phase\": %s, \"knee\": %s,"
          + " \"kneeRule\": %s, \"wallSeconds\": %s%s, \"steps\": [", quote(c.target()), quote(c.group()),
          quote(c.phase()), knee == null ? "null" : quote(knee.label()), quote(Knee.describe(c.steps(), c.kneeFactor())),
          c.wallSeconds() < 0 ? "null" : Long.toString(c.wallSeconds()),
          c.search() == null ? "" : ", \"sloStep\": " + (CurveReport.sloStepLabel(c) == null ? "null"
              : quote(CurveReport.sloStepLabel(c)))));
      for (int k = 0; k < c.steps().size(); k++) {
        CurveStep s = c.steps().get(k);
        j.append(k == 0 ? "\n" : ",\n");
        j.append(String.format(Locale.ROOT, "      {\"step\": %s, \"fraction\": %s, \"offered\": %s, \"achieved\": %s,"
            + " \"intended\": %s, \"measured\": %s, \"sendLatenessP99Us\": %s, \"clientCores\": %s, \"cpuPerOpUs\": %s,"
            + " \"report\": %s}", quote(s.label()), num(s.fraction()), num(s.offered()), num(s.achieved()),
            latencies(s.intended()), latencies(s.measured()), opt(s.sendLatenessP99Us()), opt(s.clientCores()),
            opt(s.cpuPerOpUs()), quote(s.report())));
      }
      j.append("]}");
    }
    j.append(curves.isEmpty() ? "]\n}\n" : "\n  ]\n}\n");
    return j.toString();
  }

  private static String latencies(Latencies l) {
    return String.format(Locale.ROOT, "{\"p50\": %s, \"p99\": %s, \"p999\": %s, \"p9999\": %s}", us(l.p50()),
        us(l.p99()), us(l.p999()), us(l.p9999()));
  }

  private static String us(double v) {
    return v < 0 ? "null" : num(v);
  }

  private static String opt(Double v) {
    return v == null ? "null" : num(v);
  }

  /** A JSON number: whole numbers without a point, others to 12 significant digits; null when not finite. */
  public static String num(double v) {
    return io.github.ycsbtiers.suite.report.JsonText.rounded(v);
  }

  /** A JSON string. */
  public static String quote(String s) {
    return io.github.ycsbtiers.suite.report.JsonText.quote(s);
  }
}
