// bench/TimerWakeups.java: how late this machine wakes a thread parked until a due time, the part
// of a throttled client's intended latency that no client avoids without spinning. One thread,
// nothing else: it parks (LockSupport.parkNanos, as the runner's throttle does) until each due
// time of a fixed-rate schedule (absolute: after a stall, every due time it missed is late) and
// records how late it woke.
//
// Run with Java's single-file source launch from the repository root:
//   java bench/TimerWakeups.java [tick-us ...]        (default: 100 200 800)
// and, with the timer slack bin/ycsb sets for its JVM (1 us instead of Linux's 50 us):
//   bash -c 'echo 1000 > /proc/$$/timerslack_ns; exec java bench/TimerWakeups.java'
// Each tick runs 20,000 wake-ups after 20,000 unrecorded ones (the JIT's warm-up) and prints
// "tick T us: late p50 A p90 B p99 C p99.9 D max E us".
import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

public class TimerWakeups {
  public static void main(String[] args) {
    String[] ticks = args.length > 0 ? args : new String[] {"100", "200", "800"};
    for (String t : ticks) {
      long tick = Long.parseLong(t) * 1000;
      run(tick, 20_000);
      long[] late = run(tick, 20_000);
      Arrays.sort(late);
      int n = late.length;
      System.out.printf("tick %d us: late p50 %d p90 %d p99 %d p99.9 %d max %d us%n", tick / 1000,
          late[n / 2] / 1000, late[n * 9 / 10] / 1000, late[n * 99 / 100] / 1000, late[n * 999 / 1000] / 1000,
          late[n - 1] / 1000);
    }
  }

  private static long[] run(long tick, int n) {
    long[] late = new long[n];
    long due = System.nanoTime();
    for (int i = 0; i < n; i++) {
      due += tick;
      long now;
      while ((now = System.nanoTime()) < due) {
        LockSupport.parkNanos(due - now);
      }
      late[i] = now - due;
    }
    return late;
  }
}
