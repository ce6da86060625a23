package io.github.ycsbtiers.suite.report;

import java.util.ArrayList;
import java.util.List;

/**
 * summary.csv (RFC 4180, header line first): one line per finished phase, in run order, with the
 * exact figures of summary.json; an empty cell is a figure the phase does not have (warm-up cells:
 * the phase did not warm up). Columns:
 *
 * <pre>
 * scenario,target,group,phase,operations,throughput_ops_per_s,avg_us,p99_us,read_avg_us,read_p99_us,update_avg_us,update_p99_us,hit_ratio,hit_source,runtime_ms,warmup_ms,warmup_operations
 * </pre>
 *
 * <p>The golden sample is {@code src/test/resources/golden/summary.csv}.
 */
final class CsvFormat implements ResultFormat {
  static final String HEADER = "scenario,target,group,phase,operations,throughput_ops_per_s,avg_us,p99_us,"
      + "read_avg_us,read_p99_us,update_avg_us,update_p99_us,hit_ratio,hit_source,runtime_ms,warmup_ms,"
      + "warmup_operations";

  @Override
  public String render(Summary s) {
    StringBuilder b = new StringBuilder(HEADER).append("\r\n");
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

  private static String quote(String cell) {
    if (cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")) {
      return '"' + cell.replace("\"", "\"\"") + '"';
    }
    return cell;
  }
}
