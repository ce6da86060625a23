package io.github.ycsbtiers.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;

/** Runs the project's {@code bin/ycsb} in a child process, as a user would from the repository root. */
public final class YcsbProcess {
  private static final String LAUNCHER = "bin/ycsb";

  private YcsbProcess() {
  }

  /** The nearest directory at or above the working directory that holds {@code bin/ycsb}. */
  public static Path projectRoot() {
    Path start = Path.of("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve(LAUNCHER))) {
        return dir;
      }
    }
    throw new IllegalStateException("no " + LAUNCHER + " in " + start + " or any parent directory");
  }

  public static Result run(Duration timeout, List<String> args) {
    return run(timeout, Map.of(), args);
  }

  /**
   * Runs {@code bin/ycsb args} from the project root with {@code extraEnv} added to this JVM's
   * environment; fails the test, destroying the child, when it runs longer than {@code timeout}.
   */
  public static Result run(Duration timeout, Map<String, String> extraEnv, List<String> args) {
    Path root = projectRoot();
    List<String> command = new ArrayList<>();
    command.add(root.resolve(LAUNCHER).toString());
    command.addAll(args);
    long started = System.nanoTime();
    CliResult r;
    try {
      r = Exec.run(command, root, extraEnv, timeout);
    } catch (Exec.TimedOut e) {
      return Assertions.fail(e.getMessage());
    }
    return new Result(r.status(), r.out(), r.err(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
  }

  /** Exit status, captured output and wall time of one bin/ycsb run. */
  public record Result(int status, String out, String err, long millis) {

    /**
     * The value of the output line {@code [SECTION], Metric, value} (stdout first, then stderr),
     * e.g. {@code metric("READ", "Return=OK")}; null when absent.
     */
    public String metric(String section, String name) {
      String value = find(out, section, name);
      return value != null ? value : find(err, section, name);
    }

    /** The metric as a number (fractions truncated), 0 when absent. */
    public long count(String section, String name) {
      String value = metric(section, name);
      if (value == null) {
        return 0;
      }
      try {
        return Long.parseLong(value);
      } catch (NumberFormatException notIntegral) {
        return (long) Double.parseDouble(value);
      }
    }

    private static String find(String text, String section, String name) {
      String prefix = "[" + section + "]";
      for (String line : text.split("\r?\n")) {
        if (!line.startsWith(prefix)) {
          continue;
        }
        String[] parts = line.split(",", 3);
        if (parts.length == 3 && parts[0].trim().equals(prefix) && parts[1].trim().equals(name)) {
          return parts[2].trim();
        }
      }
      return null;
    }
  }
}
