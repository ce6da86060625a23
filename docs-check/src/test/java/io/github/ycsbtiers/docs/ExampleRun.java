package io.github.ycsbtiers.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Runs one example's dry run from the repository root; a failure is its one-paragraph description,
 * null if it passed. What an example names that a reader brings (a certificate, a password file, a
 * persistent-memory mount) is replaced by a stand-in made here: an empty file, or a directory under
 * a temporary one, so the rest of the example is still checked.
 */
final class ExampleRun {
  private static final long TIMEOUT_SECONDS = 120;
  /** Properties whose value is a file the reader provides. */
  private static final Set<String> READER_FILES = Set.of("redis.tls.ca", "redis.tls.cert", "redis.tls.key",
      "redis.password.file");

  private ExampleRun() {
  }

  static String failure(Path root, Example example) throws IOException, InterruptedException {
    List<String> command = example.command();
    if (!command.isEmpty() && command.get(0).startsWith("!")) {
      return example.where(root) + ": " + command.get(0).substring(1) + "\n  " + example.text();
    }
    Path log = Files.createTempFile("docs-example", ".log");
    Path standIns = Files.createTempDirectory("docs-example");
    try {
      command = withStandIns(command, standIns);
      Process p = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
      if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        return example.where(root) + ": no answer within " + TIMEOUT_SECONDS + " s\n  " + String.join(" ", command);
      }
      if (p.exitValue() == 0) {
        return null;
      }
      List<String> lines = Files.readAllLines(log);
      String tail = String.join("\n    ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
      return example.where(root) + ": exit " + p.exitValue() + "\n  " + String.join(" ", command) + "\n    " + tail;
    } finally {
      Files.deleteIfExists(log);
      try (var walk = Files.walk(standIns)) {
        walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  /**
   * The command with reader-provided files, a missing store path's parent and a results directory
   * (or a timeline's) that the example's own {@code mkdir} would make replaced by stand-ins under {@code dir}.
   */
  static List<String> withStandIns(List<String> command, Path dir) throws IOException {
    List<String> out = new ArrayList<>(command);
    for (int i = 1; i < out.size(); i++) {
      if (!out.get(i - 1).equals("-p") || out.get(i).indexOf('=') <= 0) {
        continue;
      }
      String kv = out.get(i);
      String name = kv.substring(0, kv.indexOf('='));
      String value = kv.substring(kv.indexOf('=') + 1);
      if (READER_FILES.contains(name)) {
        Path f = dir.resolve(Path.of(value).getFileName().toString());
        Files.writeString(f, "");
        out.set(i, name + "=" + f);
      } else if (name.equals("tiered.path") && Path.of(value).getParent() != null
          && !Files.isDirectory(Path.of(value).getParent())) {
        out.set(i, name + "=" + dir.resolve(Path.of(value).getFileName().toString()));
      } else if (name.equals("hdrhistogram.output.path") && !Files.isDirectory(Path.of(value + "x").toAbsolutePath()
          .getParent())) {
        // a results directory the example's own mkdir makes (the check runs the bin/ycsb line alone)
        Path results = Files.createDirectories(dir.resolve("results-" + i));
        out.set(i, name + "=" + results + (value.endsWith("/") ? "/" : "/" + Path.of(value).getFileName()));
      } else if (name.equals("timeline.file") && Path.of(value).toAbsolutePath().getParent() != null
          && !Files.isDirectory(Path.of(value).toAbsolutePath().getParent())) {
        // likewise a timeline in a results directory the example's own mkdir makes
        out.set(i, name + "=" + Files.createDirectories(dir.resolve("timelines-" + i)).resolve(Path.of(value).getFileName()));
      }
    }
    return out;
  }
}
