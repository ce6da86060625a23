package io.github.ycsbtiers.runner.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Due times of every segment type, against their closed forms; the schedule alone, no clock. */
class RateScheduleTest {
  private static final double NS = 1e-9;

  @TempDir
  Path dir;

  private static RateSchedule parse(String text) {
    return ProfileParser.parse(ProfileOptions.PROFILE, text);
  }

  @Test
  void constantPutsOperationNAtNOverRate() {
    RateSchedule s = parse("constant 1000 2s");
    assertEquals(2000, s.operations());
    assertEquals(0, s.dueNanos(0));
    assertEquals(1_000_000, s.dueNanos(1));
    assertEquals(1_999_000_000L, s.dueNanos(1999));
    assertEquals(RateSchedule.END, s.dueNanos(2000));
    assertEquals(1000, s.peak());
    assertEquals(500, s.opsBy(0.5), 1e-9);
  }

  @Test
  void rampSolvesItsQuadratic() {
    // 100 -> 300 ops/s over 10 s: N(t) = 100 t + 10 t^2, 2000 operations
    RateSchedule s = parse("ramp 100 300 10s");
    assertEquals(2000, s.operations());
    for (long n : new long[] {0, 1, 110, 1000, 1999}) {
      double t = (-100 + Math.sqrt(100 * 100 + 40.0 * n)) / 20;
      assertEquals(Math.round(t * 1e9), s.dueNanos(n), "operation " + n);
    }
    assertEquals(1_000_000_000L, s.dueNanos(110)); // 100 + 10 = 110 at 1 s exactly
    assertEquals(5_000_000_000L, s.dueNanos(750)); // 500 + 250
    assertEquals(200, s.rateAt(5), 1e-9);
  }

  @Test
  void downwardRampAndRampFromZero() {
    // 300 -> 100: N(t) = 300 t - 10 t^2; 290 at 1 s
    RateSchedule down = parse("ramp 300 100 10");
    assertEquals(1_000_000_000L, down.dueNanos(290));
    assertEquals(2000, down.operations());
    // 0 -> 200 over 10 s: N(t) = 10 t^2; operation 10 at 1 s, 1000 at 10 s is past the end
    RateSchedule up = parse("ramp 0 200 10s");
    assertEquals(0, up.dueNanos(0));
    assertEquals(1_000_000_000L, up.dueNanos(10));
    assertEquals(Math.round(Math.sqrt(99.9) * 1e9), up.dueNanos(999));
    assertEquals(1000, up.operations());
  }

  @Test
  void stepsAreConstantsOfEqualRises() {
    // 100, 200, 300 ops/s, 2 s each: 200 + 400 + 600 operations
    RateSchedule s = parse("steps 100 300 3 2s");
    assertEquals(3, s.segmentCount());
    assertEquals(1200, s.operations());
    assertEquals(1_990_000_000L, s.dueNanos(199));
    assertEquals(2_000_000_000L, s.dueNanos(200));
    assertEquals(2_005_000_000L, s.dueNanos(201));
    assertEquals(4_000_000_000L, s.dueNanos(600));
    assertEquals(Math.round((4 + 1.0 / 300) * 1e9), s.dueNanos(601));
  }

  @Test
  void sineInvertsItsIntegral() {
    // 1000 + 500 sin(2 pi t / 4) over 8 s: N(t) = 1000 t + 500 * 4 / 2pi (1 - cos(pi t / 2))
    RateSchedule s = parse("sine 1000 500 4s 8s");
    assertEquals(8000, s.operations());
    double c = 500 * 4 / (2 * Math.PI);
    // whole periods: N(4) = 4000, N(8) = 8000; a quarter: N(1) = 1000 + c
    assertEquals(4_000_000_000L, s.dueNanos(4000));
    for (long n : new long[] {1, 7, 1318, 2500, 3999, 6123, 7999}) {
      double t = s.dueSeconds(n);
      double count = 1000 * t + c * (1 - Math.cos(Math.PI * t / 2));
      assertEquals(n, count, 1e-6, "operation " + n + " at " + t);
    }
    assertEquals(1500, s.peak());
    assertEquals(1500, s.rateAt(1), 1e-9);
    // amplitude = mean: the rate touches 0 at 3 s and the count still inverts
    RateSchedule full = parse("sine 100 100 4 4");
    double t = full.dueSeconds(399);
    assertEquals(399, 100 * t + 100 * 4 / (2 * Math.PI) * (1 - Math.cos(Math.PI * t / 2)), 1e-6);
  }

  @Test
  void traceIsLinearBetweenItsLines() throws IOException {
    Path csv = Files.writeString(dir.resolve("trace.csv"), "seconds,rate\n10,100\n12,300\n13,300\n");
    // from its first time: a ramp 100 -> 300 over 2 s (400 operations), then 300 for 1 s
    RateSchedule s = parse("trace " + csv);
    assertEquals(2, s.segmentCount());
    assertEquals(700, s.operations());
    assertEquals(3, s.seconds(), NS);
    // N(t) = 100 t + 50 t^2 on the ramp: 150 at 1 s
    assertEquals(1_000_000_000L, s.dueNanos(150));
    assertEquals(2_000_000_000L, s.dueNanos(400));
    assertEquals(Math.round((2 + 1.0 / 300) * 1e9), s.dueNanos(401));
  }

  @Test
  void segmentsFollowEachOtherAndPausesDelayTheNext() throws IOException {
    RateSchedule s = parse("constant 100 1s, constant 0 5s, ramp 100 100 1s");
    assertEquals(200, s.operations());
    assertEquals(990_000_000L, s.dueNanos(99));
    // operation 100's count is reached when the pause begins: due when it ends
    assertEquals(6_000_000_000L, s.dueNanos(100));
    assertEquals(6_010_000_000L, s.dueNanos(101));
    Path file = Files.writeString(dir.resolve("p.txt"), "# warm, then a step\nconstant 10 1s\nconstant 20 1s\n");
    RateSchedule fromFile = parse("@" + file);
    assertEquals(30, fromFile.operations());
    assertEquals(1_050_000_000L, fromFile.dueNanos(11));
  }

  @Test
  void firstDueFromInvertsDueTimes() {
    RateSchedule s = parse("ramp 100 300 10s, sine 200 100 2s 4s");
    for (long n = 0; n < s.operations(); n += 37) {
      double t = s.dueSeconds(n);
      assertEquals(n, s.firstDueFrom(t), "at " + t);
      assertEquals(n + 1, s.firstDueFrom(t + 1e-7), "just after " + t);
    }
    assertEquals(s.operations(), s.firstDueFrom(1e6));
    assertTrue(s.firstDueFrom(-1) == 0);
  }
}
