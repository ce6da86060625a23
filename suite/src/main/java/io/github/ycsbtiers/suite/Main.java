package io.github.ycsbtiers.suite;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.input.UsageException;
import io.github.ycsbtiers.suite.compare.Compare;
import io.github.ycsbtiers.suite.run.Suite;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * {@code bin/ycsb-suite <scenario> [--target NAME=BINDING[,prop=value...]]... [options]}, or
 * {@code bin/ycsb-suite compare OLD_DIR NEW_DIR [options]}.
 */
public final class Main {
  /** Checks the command line and stops before anything runs (the docs check runs every example with it). */
  static final String DRY_RUN = "--dry-run";
  /** The first argument of {@code bin/ycsb-suite compare OLD_DIR NEW_DIR}. */
  static final String COMPARE = "compare";

  private Main() {
  }

  public static void main(String[] args) {
    System.exit(run(Arrays.asList(args), System.out, System.err));
  }

  /** Runs the suite and returns its exit status (see {@link Suite}). */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    if (!args.isEmpty() && args.get(0).equals(COMPARE)) {
      return Compare.run(args.subList(1, args.size()), out, err);
    }
    SuiteOptions options;
    boolean dryRun = args.contains(DRY_RUN);
    try {
      options = SuiteOptions.fromArgs(dryRun ? args.stream().filter(a -> !a.equals(DRY_RUN)).toList() : args);
    } catch (UsageException e) {
      if (e.getMessage().equals(SuiteOptions.USAGE)) {
        out.println(SuiteOptions.USAGE);
        return Suite.OK;
      }
      err.println("error: " + e.getMessage());
      err.println("usage: bin/ycsb-suite <scenario> [--target NAME=BINDING[,prop=value...]]... [options]; --help for more");
      return Suite.USAGE;
    }
    if (dryRun) {
      err.println("Dry run (" + DRY_RUN + "): the command line is valid (" + options.scenario().id() + ", "
          + options.targets().size() + " target(s)); nothing was run");
      return Suite.OK;
    }
    return Suite.run(options, out, err);
  }
}
