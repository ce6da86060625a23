package io.github.ycsbtiers.testing.powercut;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Compiles {@code powercutfs.c} once per JVM, into a temporary directory removed at exit. */
final class FsBinary {
  static final String FUSERMOUNT = "fusermount3";
  private static final String SOURCE = "powercutfs.c";
  private static final String REMEDY =
      "run ./bin/test, which installs Debian's fuse3, libfuse3-dev, gcc and pkg-config";
  private static Path binary;

  private FsBinary() {
  }

  /** The compiled file system; fails with the remedy when a tool or /dev/fuse is missing. */
  static synchronized Path get() {
    if (binary != null) {
      return binary;
    }
    if (!Files.exists(Path.of("/dev/fuse"))) {
      throw new IllegalStateException("/dev/fuse is missing: this machine cannot mount FUSE file systems");
    }
    require(FUSERMOUNT);
    require("gcc");
    require("pkg-config");
    try {
      Path dir = Files.createTempDirectory("powercutfs-");
      MountRegistry.deleteAtExit(dir);
      Path source = dir.resolve(SOURCE);
      try (InputStream in = FsBinary.class.getResourceAsStream(SOURCE)) {
        if (in == null) {
          throw new IllegalStateException(SOURCE + " is not on the class path next to " + FsBinary.class.getName());
        }
        Files.copy(in, source, StandardCopyOption.REPLACE_EXISTING);
      }
      String flags = run(List.of("pkg-config", "--cflags", "--libs", "fuse3"), dir,
          "pkg-config does not know fuse3: " + REMEDY);
      Path out = dir.resolve("powercutfs");
      List<String> gcc = new ArrayList<>(List.of("gcc", "-O2", "-Wall", "-o", out.toString(), source.toString()));
      gcc.addAll(Arrays.asList(flags.strip().split("\\s+")));
      run(gcc, dir, "gcc could not build " + SOURCE);
      binary = out;
      return binary;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot build " + SOURCE, e);
    }
  }

  private static void require(String tool) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
        return;
      }
    }
    throw new IllegalStateException(tool + " not found on PATH: " + REMEDY);
  }

  /** Runs a short tool; returns its stdout, or fails with {@code failure} and its output. */
  static String run(List<String> command, Path dir, String failure) {
    try {
      Path log = Files.createTempFile(dir, "tool-", ".log");
      Path out = Files.createTempFile(dir, "tool-", ".out");
      Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
          .redirectError(log.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException(failure + ": " + String.join(" ", command) + " timed out");
      }
      String stdout = Files.readString(out, StandardCharsets.UTF_8);
      String stderr = Files.readString(log, StandardCharsets.UTF_8);
      Files.deleteIfExists(out);
      Files.deleteIfExists(log);
      if (p.exitValue() != 0) {
        throw new IllegalStateException(failure + " (exit " + p.exitValue() + "): " + stderr + stdout);
      }
      return stdout;
    } catch (IOException e) {
      throw new UncheckedIOException(failure, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(failure + ": interrupted", e);
    }
  }
}
