package io.github.ycsbtiers.testing.cpu;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Writes, for every test class, the CPU its test JVM and the processes it started and reaped
 * (bin/ycsb, redis-server) used while the class ran, so that the test suite's time can be spent
 * where it buys coverage. One line per class goes to {@code target/test-cpu.tsv}:
 * class, wall seconds, own CPU seconds, children's CPU seconds. Classes of one module run in
 * parallel JVMs; each JVM reads only its own {@code /proc/self/stat}, so the figures do not mix.
 * Off where {@code /proc} is missing, or with {@code -Dtest.cpu.log=false}.
 */
public final class ClassCpuListener implements TestExecutionListener {
  private static final Path LOG = Path.of("target", "test-cpu.tsv");
  private final Map<String, ProcessCpu.Sample> started = new ConcurrentHashMap<>();
  private final boolean enabled =
      ProcessCpu.available() && !"false".equals(System.getProperty("test.cpu.log"));

  @Override
  public void executionStarted(TestIdentifier id) {
    className(id).ifPresent(name -> started.put(name, ProcessCpu.sample()));
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    className(id).ifPresent(name -> {
      ProcessCpu.Sample begin = started.remove(name);
      if (begin == null) {
        return;
      }
      ProcessCpu.Sample end = ProcessCpu.sample();
      String line = String.format(java.util.Locale.ROOT, "%s\t%.1f\t%.1f\t%.1f%n", name,
          (end.nanoTime() - begin.nanoTime()) / 1e9, end.ownSeconds() - begin.ownSeconds(),
          end.childrenSeconds() - begin.childrenSeconds());
      append(line);
    });
  }

  private java.util.Optional<String> className(TestIdentifier id) {
    if (!enabled || !id.isContainer()) {
      return java.util.Optional.empty();
    }
    return id.getSource().filter(ClassSource.class::isInstance)
        .map(source -> ((ClassSource) source).getClassName());
  }

  private static synchronized void append(String line) {
    try {
      Files.createDirectories(LOG.toAbsolutePath().getParent());
      Files.writeString(LOG, line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
