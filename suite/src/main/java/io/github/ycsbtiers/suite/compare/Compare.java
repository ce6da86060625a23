package io.github.ycsbtiers.suite.compare;

import io.github.ycsbtiers.suite.input.UsageException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code bin/ycsb-suite compare}: checks every argument and both directories before comparing,
 * prints the Markdown, writes the JSON. Exit status: 0 compared (significant changes or not), 1 a
 * significant regression beyond {@code --fail-on-regression}, 2 bad input (an unknown option, a
 * directory that is missing or has no summary.json, a JSON file that cannot be written).
 */
public final class Compare {
  public static final int OK = 0;
  public static final int REGRESSION = 1;
  public static final int BAD_INPUT = 2;

  private Compare() {
  }

  /** Runs compare on the arguments after {@code compare}; returns the exit status. */
  public static int run(List<String> args, PrintStream out, PrintStream err) {
    CompareOptions options;
    ResultDir before;
    ResultDir after;
    try {
      options = CompareOptions.fromArgs(args);
      if (options.dryRun()) {
        err.println("Dry run (--dry-run): the command line is valid (compare " + options.before() + " with "
            + options.after() + "); nothing was read");
        return OK;
      }
      before = ResultDir.read("OLD_DIR", options.before());
      after = ResultDir.read("NEW_DIR", options.after());
      Path parent = options.jsonFile().toAbsolutePath().getParent();
      if (parent == null || !Files.isDirectory(parent)) {
        throw new CompareException("--json " + options.jsonFile() + ": no such directory " + parent);
      }
    } catch (UsageException e) {
      if (e.getMessage().equals(CompareOptions.USAGE)) {
        out.println(CompareOptions.USAGE);
        return OK;
      }
      err.println("error: " + e.getMessage());
      err.println("usage: bin/ycsb-suite compare OLD_DIR NEW_DIR [--json FILE] [--fail-on-regression PCT];"
          + " --help for more");
      return BAD_INPUT;
    } catch (CompareException e) {
      err.println("error: " + e.getMessage() + "; nothing was compared");
      return BAD_INPUT;
    }
    Comparison c = Comparison.of(before, after);
    out.print(CompareMarkdown.render(c, options.failOnRegression()));
    Path json = options.jsonFile();
    try {
      Files.writeString(json, CompareJson.render(c, options.failOnRegression()), StandardCharsets.UTF_8);
      err.println("compare: " + c.cells().size() + " figures compared; JSON in " + json);
    } catch (IOException e) {
      err.println("error: --json " + json + ": not written: " + e.getMessage());
      return BAD_INPUT;
    }
    if (options.failOnRegression() != null) {
      List<CellComparison> regressions = c.cells().stream().filter(x -> x.regression(options.failOnRegression()))
          .toList();
      for (CellComparison r : regressions) {
        err.println("regression: " + r.newTarget() + " " + r.group() + " " + r.phase() + " " + r.figure().label() + " "
            + CompareMarkdown.change(r.changePercent()) + " (" + CompareMarkdown.p(r.test().p()) + ")");
      }
      if (!regressions.isEmpty()) {
        return REGRESSION;
      }
    }
    return OK;
  }
}
