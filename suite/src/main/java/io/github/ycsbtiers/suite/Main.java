package io.github.ycsbtiers.suite;

import io.github.ycsbtiers.suite.cli.SuiteOptions;
import io.github.ycsbtiers.suite.cli.UsageException;
import io.github.ycsbtiers.suite.run.Suite;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/** {@code bin/ycsb-suite <scenario> [--target NAME=BINDING[,prop=value...]]... [options]}. */
public final class Main {
  private Main() {
  }

  public static void main(String[] args) {
    System.exit(run(Arrays.asList(args), System.out, System.err));
  }

  /** Runs the suite and returns its exit status (see {@link Suite}). */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    SuiteOptions options;
    try {
      options = SuiteOptions.fromArgs(args);
    } catch (UsageException e) {
      if (e.getMessage().equals(SuiteOptions.USAGE)) {
        out.println(SuiteOptions.USAGE);
        return Suite.OK;
      }
      err.println("error: " + e.getMessage());
      err.println("usage: bin/ycsb-suite <scenario> [--target NAME=BINDING[,prop=value...]]... [options]; --help for more");
      return Suite.USAGE;
    }
    return Suite.run(options, out, err);
  }
}
