package io.github.ycsbtiers.testing;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Upstream YCSB 0.17's own {@code site.ycsb.Client} with a binding's shaded jar, as the jar is
 * dropped into an upstream distribution: core 0.17.0 and the libraries it needs (from the test's
 * class path, as Maven Central gives them), nothing of this project but the one jar.
 */
public final class UpstreamYcsb {
  private final String classPath;
  private final Path shadedJar;

  private UpstreamYcsb(String classPath, Path shadedJar) {
    this.classPath = classPath;
    this.shadedJar = shadedJar;
  }

  /** The module's {@code target/*-shaded.jar} (run from the module's directory, after package) with upstream's core. */
  public static UpstreamYcsb withShadedJar() throws IOException {
    Path jar;
    try (Stream<Path> files = Files.list(Path.of("target"))) {
      jar = files.filter(f -> f.getFileName().toString().endsWith("-shaded.jar")).findFirst()
          .orElseThrow(() -> new AssertionError("no *-shaded.jar in target/: run after package"));
    }
    return new UpstreamYcsb(upstreamCore() + File.pathSeparator + jar, jar);
  }

  public Path shadedJar() {
    return shadedJar;
  }

  /**
   * Runs {@code site.ycsb.Client} with {@code jvmArgs} before the class path and {@code args} after
   * the class name; fails the test unless it exits 0 within {@code timeout}. Returns its output
   * (standard output and error together).
   */
  public String run(List<String> jvmArgs, List<String> args, Duration timeout) throws IOException, InterruptedException {
    Path out = Files.createTempFile("upstream-ycsb", ".out");
    try {
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
      command.addAll(jvmArgs);
      command.addAll(List.of("-cp", classPath, "site.ycsb.Client"));
      command.addAll(args);
      Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new AssertionError("upstream client did not finish within " + timeout);
      }
      String text = Files.readString(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new AssertionError("upstream client exited with " + p.exitValue() + ":\n" + text);
      }
      return text;
    } finally {
      Files.deleteIfExists(out);
    }
  }

  /** YCSB core 0.17.0 and the libraries it needs, as the test's class path has them from Maven Central. */
  private static String upstreamCore() {
    List<String> core = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(e -> e.contains("site/ycsb/core") || e.contains("htrace-core4") || e.contains("jackson-")
            || e.contains("HdrHistogram"))
        .toList();
    if (core.stream().noneMatch(e -> e.contains("site/ycsb/core/0.17.0"))) {
      throw new AssertionError("YCSB core 0.17.0 is not on the test's class path: " + core);
    }
    return String.join(File.pathSeparator, core);
  }
}
