package io.github.ycsbtiers.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One {@code bench/results/NAME.md}: a provenance block of {@code key: value} lines up to the first
 * blank line, then the run's tables.
 */
final class ResultsFile {
  /** What every results file must say about the run that made its tables. */
  static final List<String> PROVENANCE = List.of("command", "commit", "date", "machine", "duration");

  private final Map<String, String> provenance = new LinkedHashMap<>();
  private final List<MarkdownTables.Table> tables;

  private ResultsFile(List<String> lines) {
    int i = 0;
    for (; i < lines.size() && !lines.get(i).isBlank(); i++) {
      String line = lines.get(i);
      int colon = line.indexOf(": ");
      if (colon > 0) {
        provenance.put(line.substring(0, colon).strip(), line.substring(colon + 2).strip());
      }
    }
    tables = MarkdownTables.of(lines.subList(i, lines.size()), i + 1);
  }

  static ResultsFile read(Path path) {
    try {
      return new ResultsFile(Files.readAllLines(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The provenance keys this file lacks or leaves empty. */
  List<String> missingProvenance() {
    return PROVENANCE.stream().filter(k -> provenance.getOrDefault(k, "").isEmpty()).toList();
  }

  List<MarkdownTables.Table> tables() {
    return tables;
  }
}
