package io.github.ycsbtiers.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * deploy/Dockerfile without a daemon (no image builder runs on this machine): parsed, and every
 * COPY source checked against this checkout as the build stage sees it, after {@code mvn package}
 * (an integration test: the reactor has packaged the other modules by then): the image gets the
 * launcher, the workloads and every module bin/ycsb puts on its class path.
 */
class DockerfileIT {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final String BUILD_DIR = "/src/";

  record Copy(String from, List<String> sources, String destination) {
  }

  static List<Copy> copies(List<String> lines) {
    List<Copy> copies = new ArrayList<>();
    for (String line : lines) {
      String l = line.trim();
      if (!l.startsWith("COPY ")) {
        continue;
      }
      List<String> words = new ArrayList<>(List.of(l.substring(5).trim().split("\\s+")));
      String from = null;
      if (words.get(0).startsWith("--from=")) {
        from = words.remove(0).substring("--from=".length());
      }
      copies.add(new Copy(from, words.subList(0, words.size() - 1), words.get(words.size() - 1)));
    }
    return copies;
  }

  @Test
  void everyCopySourceExistsAndTheImageHasWhatBinYcsbLoads() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("deploy/Dockerfile"));
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("FROM ") && l.contains(" AS build")), "a build stage");
    List<Copy> copies = copies(lines);
    assertTrue(copies.size() >= 5, copies.toString());
    Set<String> inImage = new TreeSet<>();
    for (Copy c : copies) {
      for (String source : c.sources()) {
        if (c.from() == null) {
          assertTrue(Files.exists(ROOT.resolve(source)), "COPY " + source + ": not in the build context");
          continue;
        }
        assertEquals("build", c.from(), c.toString());
        assertTrue(source.startsWith(BUILD_DIR), c + ": the build stage works in " + BUILD_DIR);
        String relative = source.substring(BUILD_DIR.length());
        assertTrue(matches(relative) > 0, "COPY --from=build " + source + ": nothing there after mvn package");
        inImage.add(relative.split("/")[0]);
      }
    }
    // bin/ycsb's class path: the runner and every module with a binding, with the api they share
    for (String needed : List.of("bin", "workloads", "runner", "api", "redis-string", "tiered-store")) {
      assertTrue(inImage.contains(needed), needed + " is not copied into the image: " + inImage);
    }
    String cmd = lines.stream().filter(l -> l.startsWith("CMD ")).findFirst().orElseThrow();
    assertTrue(cmd.contains("\"bin/ycsb\"") && Files.isExecutable(ROOT.resolve("bin/ycsb")), cmd);
  }

  /** Files a COPY source names (its last part may be a glob such as {@code *.jar}). */
  private static int matches(String relative) throws IOException {
    Path p = ROOT.resolve(relative);
    if (!relative.contains("*")) {
      return Files.exists(p) ? 1 : 0;
    }
    int n = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(p.getParent(), p.getFileName().toString())) {
      for (Path ignored : files) {
        n++;
      }
    }
    return n;
  }
}
