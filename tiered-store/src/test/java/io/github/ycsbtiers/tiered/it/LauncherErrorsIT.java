package io.github.ycsbtiers.tiered.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import io.github.ycsbtiers.tiered.store.Medium;
import io.github.ycsbtiers.tiered.store.StoreDirs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A wrong tiered.* setting through bin/ycsb: non-zero exit, one error line naming the property,
 * the value and what is wrong, and no operation run. Two client threads, so the line is also
 * single when every thread's init fails.
 */
class LauncherErrorsIT {
  private Path dir;

  @AfterEach
  void deleteDir() throws Exception {
    if (dir != null) {
      chattr("-i", dir);
    }
    StoreDirs.delete(dir);
  }

  private static String errorLine(String... props) {
    List<String> args = new ArrayList<>(List.of("-p", "recordcount=1000", "-threads", "2"));
    for (String p : props) {
      args.add("-p");
      args.add(p);
    }
    YcsbProcess.Result r = Ycsb.run("load", "load", args.toArray(String[]::new));
    assertNotEquals(0, r.status(), r.err());
    List<String> errors = Arrays.stream(r.err().split("\n")).filter(l -> l.startsWith("error:")).toList();
    assertEquals(1, errors.size(), r.err());
    assertTrue(!r.out().contains("[INSERT]"), r.out());
    return errors.get(0);
  }

  private static void assertNames(String line, String expected) {
    assertTrue(line.contains(expected), "'" + expected + "' not in: " + line);
  }

  @Test
  void unknownMedium() {
    assertNames(errorLine("tiered.medium=nvme"), "invalid value 'nvme' for property 'tiered.medium': allowed pmem");
  }

  @Test
  void malformedRatioAndMemory() {
    assertNames(errorLine("tiered.ratio=4"), "invalid value '4' for property 'tiered.ratio': allowed memory:data, two"
        + " positive numbers");
    assertNames(errorLine("tiered.memory=lots"), "invalid value 'lots' for property 'tiered.memory': allowed a whole"
        + " number of bytes");
  }

  @Test
  void misspelledProperty() {
    assertNames(errorLine("tiered.raito=1:4"), "unknown property 'tiered.raito': allowed the tiered store's");
  }

  @Test
  void missingLocation() {
    assertNames(errorLine("tiered.path=/no/such/dir/store"), "invalid value '/no/such/dir/store' for property"
        + " 'tiered.path': allowed a directory whose parent exists (/no/such/dir does not;");
  }

  @Test
  void readOnlyLocation() throws Exception {
    dir = StoreDirs.create(Medium.DISK);
    chattr("+i", dir);
    assertNames(errorLine("tiered.medium=disk", "tiered.path=" + dir), "tiered.path=" + dir + ": read-only");
  }

  @Test
  void fullLocation() {
    dir = StoreDirs.create(Medium.PMEM);
    assertNames(errorLine("tiered.path=" + dir, "recordcount=1000000000000"), "tiered.path=" + dir + ": full: ");
  }

  /** Root ignores permission bits; the immutable attribute stops root too. Non-root: chmod. */
  private static void chattr(String flag, Path dir) throws Exception {
    boolean root = "root".equals(System.getProperty("user.name"));
    Process p = root ? new ProcessBuilder("chattr", flag, dir.toString()).redirectErrorStream(true).start()
        : new ProcessBuilder("chmod", flag.startsWith("+") ? "a-w" : "u+w", dir.toString()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), out);
  }
}
