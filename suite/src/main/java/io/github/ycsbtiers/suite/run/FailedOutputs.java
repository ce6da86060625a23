package io.github.ycsbtiers.suite.run;

import io.github.ycsbtiers.suite.report.Section;
import java.util.List;

/**
 * The {@code ## Failed outputs} section of summary.md: every chart the chart library did not render
 * (the 60 s safety net of {@code Charts.save}, or a failure), each a failed output of its phase.
 */
final class FailedOutputs {
  private FailedOutputs() {
  }

  static Section section(List<String> skipped) {
    return Section.titled("Failed outputs").paragraph(skipped.size() + (skipped.size() == 1 ? " chart was" : " charts were")
        + " not rendered (the chart library did not finish within 60 s, or failed); each is a failed output of its"
        + " phase and the run ends with status 1:").bullets(skipped).build();
  }
}
