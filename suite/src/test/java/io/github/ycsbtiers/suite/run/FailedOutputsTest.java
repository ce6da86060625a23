package io.github.ycsbtiers.suite.run;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class FailedOutputsTest {
  @Test
  void summaryListsEverySkippedChartAsAFailedPhaseOutput() {
    String md = FailedOutputs.section(List.of("charts/percentiles-85-hit-set-get-1-4", "charts/search-pmem-x")).markdown();
    assertTrue(md.startsWith("## Failed outputs\n\n2 charts were not rendered"), md);
    assertTrue(md.contains("failed output of its phase and the run ends with status 1"), md);
    assertTrue(md.contains("- charts/percentiles-85-hit-set-get-1-4\n- charts/search-pmem-x\n"), md);
  }
}
