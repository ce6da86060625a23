package io.github.ycsbtiers.suite.report;

import io.github.ycsbtiers.suite.stats.Interval;
import java.util.ArrayList;
import java.util.List;

/**
 * summary.csv (RFC 4180, header line first): one line per finished phase, in run order, with the
 * exact figures of summary.json; an empty cell is a figure the phase does not have (warm-up cells:
 * the phase did not warm up). Columns:
 *
 * <pre>
 * scenario,target,group,phase,operations,throughput_ops_per_s,avg_us,p99_us,read_avg_us,read_p99_us,update_avg_us,update_p99_us,hit_ratio,hit_source,runtime_ms,warmup_ms,warmup_operations,
 * rounds,throughput_geomean,throughput_low,throughput_high,p99_geomean_us,p99_low_us,p99_high_us,ratio_name,ratio_geomean,ratio_low,ratio_high,ratio_different
 * </pre>
 *
 * <p>(one line). The columns from {@code rounds} on are the phase's cell over its rounds
 * ({@link RoundFigures}), the same on every round's line: how many rounds, the geometric mean of
 * the throughput and the p99 and their 95% interval (low and high empty below three rounds), and on
 * the lines of every target but the first, the first target's throughput over this one's
 * ({@code ratio_name} {@code pmem/disk}): the geometric mean of the paired per-round ratios, its
 * interval, and {@code true} or {@code false} for whether the interval excludes 1 (empty without an
 * interval).
 *
 * <p>The golden sample is {@code src/test/resources/golden/summary.csv}.
 */
final class CsvFormat implements ResultFormat {
  static final String HEADER = "scenario,target,group,phase,operations,throughput_ops_per_s,avg_us,p99_us,"
      + "read_avg_us,read_p99_us,update_avg_us,update_p99_us,hit_ratio,hit_source,runtime_ms,warmup_ms,"
      + "warmup_operations,rounds,throughput_geomean,throughput_low,throughput_high,p99_geomean_us,p99_low_us,"
      + "p99_high_us,ratio_name,ratio_geomean,ratio_low,ratio_high,ratio_different";

  @Override
  public String render(Summary s) {
    StringBuilder b = new StringBuilder(HEADER).append("\r\n");
    RoundFigures figures = RoundFigures.of(s);
    for (PhaseResult r : s.results()) {
      List<String> cells = new ArrayList<>(List.of(s.scenario(), r.target(), r.group(), r.phase(),
          Long.toString(r.operations()), Numbers.exact(r.throughput())));
      for (Double d : new Double[] {r.avgUs(), r.p99Us(), r.readAvgUs(), r.readP99Us(), r.updateAvgUs(),
          r.updateP99Us(), r.hitRatio()}) {
        cells.add(d == null ? "" : Numbers.exact(d));
      }
      cells.add(r.hitSource() == null ? "" : r.hitSource());
      cells.add(Long.toString(r.runtimeMs()));
      cells.add(r.warmup() == null ? "" : Long.toString(r.warmup().runtimeMs()));
      cells.add(r.warmup() == null ? "" : Long.toString(r.warmup().operations()));
      RoundFigures.Cell cell = figures.cell(r.target(), r.group(), r.phase());
      cells.add(Integer.toString(cell.rounds()));
      interval(cells, cell.throughput());
      interval(cells, cell.p99Us());
      RoundFigures.Ratio ratio = figures.ratio(r.target(), r.group(), r.phase());
      cells.add(ratio == null ? "" : ratio.numerator() + "/" + ratio.denominator());
      interval(cells, ratio == null ? null : ratio.ratio());
      cells.add(ratio == null || ratio.ratio() == null || !ratio.ratio().bounded() ? ""
          : Boolean.toString(ratio.different()));
      for (int i = 0; i < cells.size(); i++) {
        if (i > 0) {
          b.append(',');
        }
        b.append(quote(cells.get(i)));
      }
      b.append("\r\n");
    }
    return b.toString();
  }

  /** Estimate, low, high; empty where there is none. */
  private static void interval(List<String> cells, Interval i) {
    cells.add(i == null ? "" : Numbers.exact(i.estimate()));
    cells.add(i == null || !i.bounded() ? "" : Numbers.exact(i.low()));
    cells.add(i == null || !i.bounded() ? "" : Numbers.exact(i.high()));
  }

  private static String quote(String cell) {
    if (cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")) {
      return '"' + cell.replace("\"", "\"\"") + '"';
    }
    return cell;
  }
}
