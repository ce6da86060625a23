package io.github.ycsbtiers.suite.run;

import java.util.List;

/**
 * The {@code ## Failed outputs} section of summary.md: every chart the chart library did not render
 * (the 60 s safety net of {@code Charts.save}, or a failure), each a failed output of its phase.
 */
final class FailedOutputs {
  private FailedOutputs() {
  }

  static String markdown(List<String> skipped) {
    StringBuilder md = new StringBuilder("## Failed outputs\n\n");
    md.append(skipped.size()).append(skipped.size() == 1 ? " chart was" : " charts were")
        .append(" not rendered (the chart library did not finish within 60 s, or failed); each is a failed output"
            + " of its phase and the run ends with status 1:\n\n");
    for (String name : skipped) {
      md.append("- ").append(name).append('\n');
    }
    return md.toString();
  }
}
