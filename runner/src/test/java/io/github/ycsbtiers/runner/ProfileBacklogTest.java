package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile the binding cannot keep up with (1,000 ops/s offered to 2 clients of a binding that
 * takes 5 ms an operation: at most 400 ops/s, 200 on the async engine, whose test binding completes
 * operations on one thread) with {@code target.profile.maxbacklog=100ms}, on each
 * engine: the operations further behind than that are dropped, never sent, and counted; every
 * offered operation is either sent or dropped, and the phase ends with the profile instead of
 * running on through its backlog (2.5 s).
 */
class ProfileBacklogTest {
  private static final Pattern FIGURE = Pattern.compile("\\[%s\\], %s, (\\d+)");

  @TempDir
  Path dir;

  @Test
  void operationsTooFarBehindAreDroppedAndCounted() {
    for (String engine : new String[] {"sync", "async"}) {
      RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run("-t", "-db", AsyncMemoryDb.Slow.class.getName(), "-P",
          Path.of("..", "workloads", "workloada").toString(), "-p", "recordcount=50", "-threads", "2",
          "-p", "runner.engine=" + engine, "-p", "target.profile=constant 1000 1s",
          "-p", "target.profile.maxbacklog=100ms");
      String what = engine + ":\n" + o.out + o.err;
      assertEquals(0, o.status, what);
      long offered = figure(o.out, "PROFILE", "OfferedOperations");
      long dropped = figure(o.out, "PROFILE", "DroppedOperations");
      long sent = figure(o.out, "SCHEDULE", "ScheduledOperations");
      assertEquals(1000, offered, what);
      assertEquals(offered, sent + dropped, "every operation sent or dropped, " + what);
      assertTrue(dropped >= 400 && sent >= 100, "sent " + sent + ", dropped " + dropped + ", " + what);
      assertTrue(figure(o.out, "PROFILE", "LateOperations") > 0, what);
      assertTrue(figure(o.out, "OVERALL", "RunTime\\(ms\\)") < 1800, "the phase ends with the profile, " + what);
    }
  }

  private static long figure(String out, String section, String name) {
    Matcher m = Pattern.compile(String.format(FIGURE.pattern(), section, name)).matcher(out);
    assertTrue(m.find(), section + " " + name + " not in\n" + out);
    return Long.parseLong(m.group(1));
  }
}
