package io.github.ycsbtiers.suite.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Writes summary.md, summary.csv and summary.json, each replaced atomically, and the charts. */
public final class ReportWriter {
  private ReportWriter() {
  }

  /** The tables only: cheap enough for a shutdown hook. */
  public static void writeTables(Summary s, Path dir) throws IOException {
    Files.createDirectories(dir);
    for (ResultFormat.Kind kind : ResultFormat.Kind.values()) {
      Path target = dir.resolve(kind.fileName());
      Path tmp = dir.resolve(kind.fileName() + ".tmp");
      Files.writeString(tmp, kind.format().render(s), StandardCharsets.UTF_8);
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
  }
}
