package io.github.ycsbtiers.suite.capacity;

import io.github.ycsbtiers.suite.cli.CurveOptions;
import io.github.ycsbtiers.suite.curve.Curve;
import io.github.ycsbtiers.suite.curve.CurveStep;
import io.github.ycsbtiers.suite.report.Charts;
import io.github.ycsbtiers.suite.report.PhaseResult;
import io.github.ycsbtiers.suite.report.Section;
import io.github.ycsbtiers.suite.report.SectionTable;
import io.github.ycsbtiers.suite.report.Summary;
import io.github.ycsbtiers.suite.timeline.TimelineFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The capacity read from each profiled phase's timeline ({@link RampCapacity}), beside the stepped
 * {@code --curve} of the same target and phase where the run has one: a chart per phase
 * ({@code charts/capacity-<target>-<phase prefix>.png}, {@link CapacityChart}) and one section of the
 * summary, {@code ## Capacity from a ramp}, with a row per profiled phase: {@code | target | group |
 * phase | rows | peak achieved (ops/s) | knee offered (ops/s) | knee achieved (ops/s) | knee intended
 * p99 (us) | --curve knee (ops/s) | chart |}.
 */
public final class CapacityReport {
  private CapacityReport() {
  }

  /**
   * One profiled phase's capacity.
   *
   * @param curve the same target's and phase's stepped curve, or null
   * @param chart the chart written, relative to the results directory, or null
   */
  public record Entry(PhaseResult phase, RampCapacity capacity, Curve curve, String chart) {
  }

  /** Reads every profiled phase's timeline and draws its chart; phases without a profiled row are left out. */
  public static List<Entry> write(Summary s, List<Curve> curves, Path dir, List<String> skipped) throws IOException {
    List<Entry> entries = new ArrayList<>();
    for (PhaseResult r : s.results()) {
      String file = r.files().stream().filter(f -> f.endsWith(TimelineFile.SUFFIX)).findFirst().orElse(null);
      if (file == null || !Files.isRegularFile(dir.resolve(file))) {
        continue;
      }
      Curve curve = curveOf(r, curves);
      double factor = curve != null ? curve.kneeFactor() : CurveOptions.DEFAULT_KNEE_FACTOR;
      RampCapacity c = RampCapacity.of(TimelineFile.read(dir.resolve(file)), factor);
      if (c == null) {
        continue;
      }
      String base = Path.of(file).getFileName().toString();
      String name = Charts.fileName("capacity-" + r.target() + "-"
          + base.substring(0, base.length() - TimelineFile.SUFFIX.length()));
      List<String> written = new ArrayList<>();
      List<String> notWritten = new ArrayList<>();
      Charts.saveInto(CapacityChart.of(r, c, curve), Files.createDirectories(dir.resolve("charts")), name, written,
          notWritten);
      notWritten.forEach(n -> skipped.add("charts/" + n));
      String png = written.contains(name + ".png") ? "charts/" + name + ".png" : null;
      entries.add(new Entry(r, c, curve, png));
    }
    return entries;
  }

  /** The stepped curve of the same target and phase ({@code <phase> @profile} follows {@code <phase>}'s curve). */
  static Curve curveOf(PhaseResult r, List<Curve> curves) {
    String phase = r.phase().endsWith(" @profile") ? r.phase().substring(0, r.phase().length() - 9) : r.phase();
    return curves.stream().filter(c -> c.target().equals(r.target()) && c.group().equals(r.group())
        && c.phase().equals(phase)).findFirst().orElse(null);
  }

  /** The section; null without a profiled phase. */
  public static Section section(List<Entry> entries) {
    if (entries.isEmpty()) {
      return null;
    }
    SectionTable table = new SectionTable("lllrrrrrrl", "target", "group", "phase", "rows", "peak achieved (ops/s)",
        "knee offered (ops/s)", "knee achieved (ops/s)", "knee intended p99 (us)", "--curve knee (ops/s)", "chart");
    for (Entry e : entries) {
      RampCapacity c = e.capacity();
      CurveStep curveKnee = e.curve() == null ? null : e.curve().knee();
      table.row(e.phase().target(), e.phase().group(), e.phase().phase(), Integer.toString(c.points().size()),
          SectionTable.rate(c.peakAchieved()), c.knee() == null ? "none" : SectionTable.rate(c.knee().offered()),
          c.knee() == null ? "" : SectionTable.rate(c.knee().achieved()),
          c.knee() == null ? "" : SectionTable.micros(c.knee().intendedP99Us()),
          e.curve() == null ? "" : curveKnee == null ? "none" : String.format(Locale.ROOT, "%s (%s)",
              SectionTable.rate(curveKnee.offered()), curveKnee.label()),
          e.chart() == null ? "" : "[" + e.chart().substring("charts/".length()) + "](" + e.chart() + ")");
    }
    return Section.titled("Capacity from a ramp").paragraph("Each phase run under a rate profile (--profile), read"
        + " second by second from its timeline: what the profile offered, what was achieved and the intended p99"
        + " (timed from each operation's due time). The knee is --curve's rule on bins of seconds as steps (a bin"
        + " 5% of the highest offered rate wide, the median of its seconds' intended p99s): the first bin, in order"
        + " of offered rate, whose p99 and the next one's exceed the knee factor times the lowest p99 of the third"
        + " of the bins offered least. Where the phase also has a stepped"
        + " --curve, its knee is beside, and its steps are drawn on the same chart.").table(table).build();
  }
}
