package io.github.ycsbtiers.deploy;

import static org.junit.jupiter.api.Assertions.fail;

import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs {@code bin/ycsb-fanout} from the project root, output to files, killed (with its children) past a deadline. */
final class Fanout {
  record Result(int status, String out, String err) {
  }

  private Fanout() {
  }

  static Result run(Path work, Duration timeout, List<String> args) throws Exception {
    Path root = YcsbProcess.projectRoot();
    List<String> command = new ArrayList<>(List.of(root.resolve("bin/ycsb-fanout").toString()));
    command.addAll(args);
    Path out = Files.createTempFile(work, "fanout-", ".out");
    Path err = Files.createTempFile(work, "fanout-", ".err");
    Process p = new ProcessBuilder(command).directory(root.toFile()).redirectInput(new File("/dev/null"))
        .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        fail("bin/ycsb-fanout did not finish within " + timeout + "; stderr:\n" + Files.readString(err));
      }
    } finally {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
