package io.github.ycsbtiers.suite.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes summary.md, summary.csv and summary.json, and index.html, each replaced atomically and each
 * whole: a later write of the same summary with its sections replaces the tables-only one.
 */
public final class ReportWriter {
  private ReportWriter() {
  }

  /** The tables only: cheap enough for a shutdown hook. */
  public static void writeTables(Summary s, Path dir) throws IOException {
    Files.createDirectories(dir);
    for (ResultFormat.Kind kind : ResultFormat.Kind.values()) {
      write(dir, kind.fileName(), kind.format().render(s));
    }
  }

  /** The summary that {@code bin/ycsb-suite} prints at the end, as summary.md has it ({@link MarkdownFormat#console}). */
  public static String console(Summary s) {
    return MarkdownFormat.console(s);
  }

  /** index.html, once the charts and the further sections are written; returns its path. */
  public static Path writePage(Summary s, PageContext page, Path dir) throws IOException {
    return write(dir, HtmlFormat.FILE_NAME, new HtmlFormat(page).render(s));
  }

  private static Path write(Path dir, String name, String text) throws IOException {
    Path target = dir.resolve(name);
    Path tmp = dir.resolve(name + ".tmp");
    Files.writeString(tmp, text, StandardCharsets.UTF_8);
    return Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
