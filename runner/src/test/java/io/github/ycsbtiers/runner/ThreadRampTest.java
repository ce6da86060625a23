package io.github.ycsbtiers.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** {@code -threads auto} through {@link Main#run} with upstream's BasicDB: the ramp's steps, its table and [RAMP]. */
class ThreadRampTest {
  private static final String UNIFORM_READ = Path.of("..", "workloads", "uniform-read").toString();

  @Test
  void theRampRunsStepsAndThePhaseUsesTheChosenCount() {
    RunnerEndToEndTest.Outcome o = RunnerEndToEndTest.run("run", "basic", "-P", UNIFORM_READ, "-p", "recordcount=1000",
        "-p", "operationcount=2000", "-threads", "auto", "-p", "threads.auto.seconds=1", "-p", "threads.auto.max=4",
        "-p", "basicdb.verbose=false", "-p", "runner.engine=sync");
    assertEquals(0, o.status, o.err);
    String chosen = o.metric("RAMP", "ChosenClients");
    assertEquals(chosen, o.metric("CLIENT", "LogicalClients"), o.out);
    assertEquals("3", o.metric("RAMP", "Steps"), "1, 2 and 4: one weak step never stops the ramp, and 4 is the most");
    double best = 0;
    for (int c : new int[] {1, 2, 4}) {
      best = Math.max(best, Double.parseDouble(o.metric("RAMP", "Throughput(ops/sec)@" + c)));
    }
    // the rule: the fewest clients whose throughput is within 5% of the best step's
    int fewest = 0;
    for (int c : new int[] {4, 2, 1}) {
      fewest = Double.parseDouble(o.metric("RAMP", "Throughput(ops/sec)@" + c)) >= 0.95 * best ? c : fewest;
    }
    assertEquals(Integer.toString(fewest), chosen, o.out);
    assertTrue(o.err.contains("until two steps in a row each grow throughput by less than 10%"), o.err);
    assertTrue(o.err.contains("| clients | throughput (ops/s) | growth |"), o.err);
    assertTrue(o.err.contains("-threads auto: 1 clients: "), o.err);
    assertEquals("2000", o.metric("READ", "Operations"), "the phase itself does its operation count");
  }

  @Test
  void aLoadOrAThrottledRunIsRefused() {
    RunnerEndToEndTest.Outcome load = RunnerEndToEndTest.run("load", "basic", "-P", UNIFORM_READ, "-p",
        "recordcount=10", "-threads", "auto");
    assertEquals(2, load.status);
    assertTrue(load.err.contains("error: invalid value 'auto' for property 'threadcount': allowed a ramp of run phases only"), load.err);
    RunnerEndToEndTest.Outcome target = RunnerEndToEndTest.run("run", "basic", "-P", UNIFORM_READ, "-p",
        "recordcount=10", "-threads", "auto", "-target", "100");
    assertEquals(2, target.status);
    assertTrue(target.err.contains("the ramp is closed-loop"), target.err);
    RunnerEndToEndTest.Outcome profile = RunnerEndToEndTest.run("run", "basic", "-P", UNIFORM_READ, "-p",
        "recordcount=10", "-threads", "auto", "-p", "target.profile=constant 100 1s");
    assertEquals(2, profile.status);
    assertTrue(profile.err.contains("the ramp is closed-loop; leave target.profile unset"), profile.err);
    RunnerEndToEndTest.Outcome bound = RunnerEndToEndTest.run("run", "basic", "-P", UNIFORM_READ, "-p",
        "recordcount=10", "-threads", "auto", "-p", "threads.auto.bound=fast");
    assertEquals(2, bound.status);
    assertTrue(bound.err.contains("error: invalid value 'fast' for property 'threads.auto.bound'"), bound.err);
  }

  @Test
  void worstTakesTheHighestOperationPercentile() {
    String report = "[READ], 99thPercentileLatency(us), 120\n[UPDATE], 99thPercentileLatency(us), 340\n"
        + "[READ-FAILED], 99thPercentileLatency(us), 9999\n[UPDATE], 99.9PercentileLatency(us), 800\n";
    assertEquals(340, ThreadRamp.worst(report, "99"));
    assertEquals(800, ThreadRamp.worst(report, "99.9"));
    assertEquals(-1, ThreadRamp.worst(report, "50"));
  }
}
