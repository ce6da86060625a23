package io.github.ycsbtiers.suite.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The Markdown compare prints: the two runs, one table row per cell and figure, and notes on what
 * the tests assume and on the machine's drift between runs.
 *
 * <pre>
 * | target | memory:data | phase | figure | old | new | change | significant | test |
 * | pmem | 1:4 | uniform-read | QPS | 70231 | 141002 | +100.8% | yes (p=0.029) | rounds 4+4 |
 * | pmem | 1:4 | uniform-read | p99 (us) | 280 | 276 | -1.4% | ~ (p=0.686) | rounds 4+4 |
 * </pre>
 */
final class CompareMarkdown {
  private CompareMarkdown() {
  }

  static String render(Comparison c, Double failOnRegression) {
    StringBuilder b = new StringBuilder("# compare: ").append(c.before().scenario());
    if (!c.after().scenario().equals(c.before().scenario())) {
      b.append(" against ").append(c.after().scenario());
    }
    b.append("\n\n");
    b.append("- old: ").append(run(c.before())).append('\n');
    b.append("- new: ").append(run(c.after())).append("\n\n");
    if (c.cells().isEmpty()) {
      b.append("No cell is in both runs.\n");
    } else {
      row(b, List.of("target", c.before().groupLabel(), "phase", "figure", "old", "new", "change", "significant",
          "test"));
      b.append("|---|---|---|---|---:|---:|---:|---|---|\n");
      for (CellComparison cell : c.cells()) {
        row(b, List.of(cell.oldTarget().equals(cell.newTarget()) ? cell.oldTarget()
            : cell.oldTarget() + " → " + cell.newTarget(), cell.group(), cell.phase(), cell.figure().label(),
            whole(cell.before().estimate()), whole(cell.after().estimate()), change(cell.changePercent()),
            verdict(cell), test(cell.test())));
      }
      b.append("\nold and new: the geometric mean over each run's rounds; change: new over old. yes: a difference"
          + " significant at the 5% level (two-sided); ~: not significant, no change shown (which is not the same as"
          + " no change).\n");
    }
    b.append("\n## Notes\n\n");
    for (String note : notes(c, failOnRegression)) {
      b.append("- ").append(note).append('\n');
    }
    return b.toString();
  }

  /** The notes of both formats. */
  static List<String> notes(Comparison c, Double failOnRegression) {
    List<String> notes = new ArrayList<>();
    notes.add("warning: the two runs were taken at different times, and a machine drifts: on a shared or virtual"
        + " machine the same build can run at a different speed an hour later (docs/performance.md measured one phase's"
        + " throughput moving up to 2.1x from one process to the next), so a significant change may be the machine's, not yours. To"
        + " compare two builds or configurations without the drift, interleave them: make both targets of one run,"
        + " e.g. bin/ycsb-suite tier-ratio --target old=BINDING,... --target new=BINDING,... --rounds 5, where the"
        + " targets take turns round by round and each ratio comes with a 95% interval");
    notes.add("the test: a permutation test of the difference of means, two-sided at 5%, exact over every split of"
        + " the two runs' values up to 200,000 splits (else 20,000 random splits, seeded); it assumes the values"
        + " exchangeable when nothing changed (independent rounds), not normal. On rounds (test \"rounds m+n\"):"
        + " one value per round; with few rounds no outcome reaches 5% (3+3 rounds: smallest p 0.10; 4+4: 0.029),"
        + " and the test column says so");
    notes.add("on seconds (test \"seconds\", QPS only, when the rounds cannot reach 5% and every phase of both runs"
        + " has its timeline): each round's measured one-second throughputs, cut into batches of L consecutive"
        + " seconds (the smallest L of 1, 2, 4, ... s whose batch means have a lag-1 autocorrelation of at most 0.2,"
        + " at least 4 batches a run), each batch mean one value: consecutive seconds are correlated (a stall or a"
        + " slow moment lasts), their batch means nearly not. All seconds of a process share its state (its JIT,"
        + " its store, the machine's moment), so this test tells two processes apart, not necessarily two"
        + " configurations: more rounds tell which");
    for (ResultDir d : List.of(c.before(), c.after())) {
      if (!"complete".equals(d.status())) {
        notes.add(d.argument() + " ended " + d.status() + ": only its finished phases are compared");
      }
    }
    if (!c.onlyInOld().isEmpty()) {
      notes.add("only in the old run, not compared: " + String.join(", ", c.onlyInOld()));
    }
    if (!c.onlyInNew().isEmpty()) {
      notes.add("only in the new run, not compared: " + String.join(", ", c.onlyInNew()));
    }
    if (failOnRegression != null) {
      long n = c.cells().stream().filter(x -> x.regression(failOnRegression)).count();
      notes.add(String.format(Locale.ROOT, "--fail-on-regression %s: %d significant regression%s beyond it (QPS"
          + " down or p99 up by more)", plain(failOnRegression) + "%", n, n == 1 ? "" : "s"));
    }
    return notes;
  }

  private static String run(ResultDir d) {
    int rounds = d.rounds();
    return "`" + d.dir() + "`: " + d.scenario() + ", started " + d.startedAt() + ", " + d.status() + ", " + rounds
        + (rounds == 1 ? " round" : " rounds");
  }

  static String verdict(CellComparison c) {
    return (c.significant() ? "yes" : "~") + " (" + p(c.test().p()) + ")";
  }

  static String test(CellTest t) {
    String sizes = t.oldSamples() + "+" + t.newSamples();
    StringBuilder s = new StringBuilder();
    if (t.seconds()) {
      s.append(String.format(Locale.ROOT, "seconds, %s batches of %d s (lag-1 autocorrelation %.2f)", sizes,
          t.batchSeconds(), t.autocorrelation()));
    } else {
      s.append("rounds ").append(sizes);
      if (t.smallestP() >= CellComparison.LEVEL) {
        s.append(String.format(Locale.ROOT, ", cannot reach 5%% (smallest p %.2f)", t.smallestP()));
      }
    }
    if (!t.exact()) {
      s.append(", 20,000 random splits");
    }
    if (t.note() != null) {
      s.append("; ").append(t.note());
    }
    return s.toString();
  }

  static String p(double p) {
    return p < 0.001 ? "p<0.001" : String.format(Locale.ROOT, "p=%.3f", p);
  }

  static String change(Double percent) {
    return percent == null ? "-" : String.format(Locale.ROOT, "%+.1f%%", percent);
  }

  private static String whole(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f", v);
  }

  private static String plain(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }

  private static void row(StringBuilder b, List<String> cells) {
    b.append('|');
    for (String c : cells) {
      b.append(' ').append(c.replace("|", "\\|")).append(" |");
    }
    b.append('\n');
  }
}
