package io.github.ycsbtiers.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks that docs/performance.md shows the figures of bench/results/: every section with a table
 * names its results file on a line {@code Figures: [..](../bench/results/NAME.md)}, each of its
 * tables is, cell for cell, a table of that file, every results file has its provenance lines and
 * is named by a section.
 */
final class PerformanceFigures {
  static final String DOC = "docs/performance.md";
  static final String RESULTS = "bench/results";
  private static final Pattern FIGURES = Pattern.compile("^Figures: \\[[^\\]]*\\]\\(\\.\\./(" + RESULTS + "/[^)#]+\\.md)\\)");

  private final Path root;
  private final List<String> problems = new ArrayList<>();
  private final Set<Path> named = new HashSet<>();

  PerformanceFigures(Path root) {
    this.root = root;
  }

  List<String> problems() {
    List<String> lines = readLines(root.resolve(DOC));
    int start = 0;
    for (int i = 1; i <= lines.size(); i++) {
      if (i == lines.size() || lines.get(i).startsWith("## ")) {
        checkSection(lines.subList(start, i), start + 1);
        start = i;
      }
    }
    try (Stream<Path> files = Files.list(root.resolve(RESULTS))) {
      files.filter(p -> p.toString().endsWith(".md")).sorted().forEach(this::checkResultsFile);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return problems;
  }

  private void checkSection(List<String> section, int firstLine) {
    List<MarkdownTables.Table> tables = MarkdownTables.of(section, firstLine);
    Path file = section.stream().map(FIGURES::matcher).filter(Matcher::find).findFirst()
        .map(m -> root.resolve(m.group(1)).normalize()).orElse(null);
    if (tables.isEmpty()) {
      return;
    }
    if (file == null) {
      problems.add(DOC + ":" + firstLine + ": section with tables names no results file (a line `Figures: [..](../"
          + RESULTS + "/NAME.md)`)");
      return;
    }
    named.add(file);
    if (!Files.isRegularFile(file)) {
      problems.add(DOC + ":" + firstLine + ": no such results file " + root.relativize(file));
      return;
    }
    List<MarkdownTables.Table> theirs = ResultsFile.read(file).tables();
    for (MarkdownTables.Table table : tables) {
      if (theirs.stream().noneMatch(t -> t.rows().equals(table.rows()))) {
        problems.add(DOC + ":" + table.line() + ": table is not one of " + root.relativize(file) + "'s: "
            + TableDifference.describe(table, theirs));
      }
    }
  }

  private void checkResultsFile(Path file) {
    Path rel = root.relativize(file);
    List<String> missing = ResultsFile.read(file).missingProvenance();
    if (!missing.isEmpty()) {
      problems.add(rel + ": no provenance line for " + String.join(", ", missing));
    }
    if (!named.contains(file.normalize())) {
      problems.add(rel + ": named by no section of " + DOC);
    }
  }

  private static List<String> readLines(Path path) {
    try {
      return Files.readAllLines(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
