package io.github.ycsbtiers.suite.compare;

import io.github.ycsbtiers.suite.input.UsageException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/ycsb-suite compare OLD_DIR NEW_DIR [--json FILE] [--fail-on-regression PCT] [--dry-run]},
 * parsed once. Errors are {@link UsageException}s naming the argument, the value and what is allowed.
 *
 * @param json where the JSON goes; null: {@code NEW_DIR/compare-<OLD_DIR's name>.json}
 * @param failOnRegression exit non-zero when a figure got significantly worse by more than this many
 *     percent; null: never
 * @param dryRun check the command line only (the docs check runs every example so)
 */
public record CompareOptions(Path before, Path after, Path json, Double failOnRegression, boolean dryRun) {
  public static final String USAGE = String.join("\n",
      "usage: bin/ycsb-suite compare OLD_DIR NEW_DIR [--json FILE] [--fail-on-regression PCT]",
      "  compares every cell (target, group, phase: QPS and p99) that two results directories share, with a",
      "  permutation test on the rounds (or on batch means of the per-second throughputs); Markdown on stdout",
      "  --json FILE                 the JSON report (default NEW_DIR/compare-<OLD_DIR's name>.json)",
      "  --fail-on-regression PCT    exit 1 when a figure got significantly worse by more than PCT percent",
      "  --dry-run                   check the command line and stop",
      "exit status: 0 compared (whatever the result), 1 a regression beyond --fail-on-regression, 2 bad input");

  /** Parses the arguments after {@code compare}; {@code --help} gives a {@link UsageException} whose message is {@link #USAGE}. */
  public static CompareOptions fromArgs(List<String> args) {
    List<String> dirs = new ArrayList<>();
    Path json = null;
    Double fail = null;
    boolean dryRun = false;
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      switch (a) {
        case "--help", "-h" -> throw new UsageException(USAGE);
        case "--dry-run" -> dryRun = true;
        case "--json", "--fail-on-regression" -> {
          if (i + 1 >= args.size()) {
            throw new UsageException(a + ": missing value");
          }
          String v = args.get(++i);
          if (a.equals("--json")) {
            json = Path.of(v);
          } else {
            fail = percent(v);
          }
        }
        default -> {
          if (a.startsWith("-")) {
            throw UsageException.badValue("option", a, "unknown option of compare; allowed: --json FILE,"
                + " --fail-on-regression PCT, --dry-run, --help");
          }
          dirs.add(a);
        }
      }
    }
    if (dirs.size() != 2) {
      throw new UsageException("compare takes two results directories, OLD_DIR and NEW_DIR; got " + dirs.size()
          + (dirs.isEmpty() ? "" : " (" + String.join(", ", dirs) + ")"));
    }
    return new CompareOptions(Path.of(dirs.get(0)), Path.of(dirs.get(1)), json, fail, dryRun);
  }

  private static double percent(String v) {
    double d;
    try {
      d = Double.parseDouble(v.endsWith("%") ? v.substring(0, v.length() - 1) : v);
    } catch (NumberFormatException e) {
      throw UsageException.badValue("--fail-on-regression", v, "a percentage, 0 or more (e.g. 5 or 5%)");
    }
    if (!(d >= 0) || Double.isInfinite(d)) {
      throw UsageException.badValue("--fail-on-regression", v, "a percentage, 0 or more (e.g. 5 or 5%)");
    }
    return d;
  }

  /** Where the JSON goes. */
  public Path jsonFile() {
    if (json != null) {
      return json;
    }
    Path name = before.toAbsolutePath().normalize().getFileName();
    return after.resolve("compare-" + (name == null ? "old" : name.toString()) + ".json");
  }
}
