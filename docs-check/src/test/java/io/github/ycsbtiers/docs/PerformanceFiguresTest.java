package io.github.ycsbtiers.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/performance.md's tables are its bench/results/ files' tables; and the check on small trees. */
class PerformanceFiguresTest {
  private static final String PROVENANCE = "command: bench/x.sh\ncommit: abc1234\ndate: 2026-11-28 10:00-10:05 UTC\n"
      + "machine: 2 cores\nduration: 5 min\n\n";
  private static final String TABLE = "| case | ops/s |\n|---|---:|\n| a | 1,000 |\n| b | 2,000 |\n";

  @TempDir
  Path root;

  @Test
  void theDocumentShowsTheResultsFiles() {
    List<String> problems = new PerformanceFigures(Repository.root()).problems();
    assertEquals(List.of(), problems, String.join("\n", problems));
  }

  @Test
  void equalTablesPass() throws IOException {
    write("bench/results/x.md", PROVENANCE + TABLE);
    write(PerformanceFigures.DOC, doc(TABLE));
    assertEquals(List.of(), new PerformanceFigures(root).problems());
  }

  @Test
  void aChangedCellIsReported() throws IOException {
    write("bench/results/x.md", PROVENANCE + TABLE);
    write(PerformanceFigures.DOC, doc(TABLE.replace("2,000", "2,001")));
    assertEquals(List.of("docs/performance.md:7: table is not one of bench/results/x.md's: row 4, column 2 (ops/s): "
        + "\"2,001\" here, \"2,000\" in the file"), new PerformanceFigures(root).problems());
  }

  @Test
  void aMissingProvenanceLineIsReported() throws IOException {
    write("bench/results/x.md", PROVENANCE.replaceAll("commit: .*\n", "") + TABLE);
    write(PerformanceFigures.DOC, doc(TABLE));
    assertEquals(List.of("bench/results/x.md: no provenance line for commit"), new PerformanceFigures(root).problems());
  }

  @Test
  void aTableWithoutItsFileAndAnUnnamedFileAreReported() throws IOException {
    write("bench/results/x.md", PROVENANCE + TABLE);
    write(PerformanceFigures.DOC, "# Measured performance\n\n## x\n\n" + TABLE);
    assertEquals(List.of("docs/performance.md:3: section with tables names no results file (a line "
        + "`Figures: [..](../bench/results/NAME.md)`)", "bench/results/x.md: named by no section of docs/performance.md"),
        new PerformanceFigures(root).problems());
  }

  private static String doc(String table) {
    return "# Measured performance\n\n## x (`bench/x.sh`)\n\nFigures: [bench/results/x.md](../bench/results/x.md)\n\n"
        + table + "\nHow to read it.\n";
  }

  private void write(String name, String text) throws IOException {
    Path p = root.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }
}
