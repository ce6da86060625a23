// bench/MemoryLatency.java: a yardstick for this machine's own speed at one moment, to tell a
// slower machine from a slower program when the same benchmark phase runs at different rates.
// One thread walks a random cycle through an int array far larger than the last-level cache
// (each load depends on the one before, so the time per step is the latency of a DRAM access
// plus its TLB miss), then runs a loop of dependent multiply-adds (the core's own speed).
//
// Run with Java's single-file source launch from the repository root:
//   java bench/MemoryLatency.java [MiB]        (default: 128)
// Prints "memory N ns per load, alu M ns per step". The cycle is built from a fixed seed, so every
// run walks the same pattern; building it takes about a second for 128 MiB.
import java.util.SplittableRandom;

public class MemoryLatency {
  private static final int LOADS = 10_000_000;
  private static final int STEPS = 200_000_000;

  public static void main(String[] args) {
    int mib = args.length > 0 ? Integer.parseInt(args[0]) : 128;
    int[] next = cycle(mib * (1 << 20) / Integer.BYTES);
    walk(next, LOADS / 10); // the JIT compiles the loops before they are timed
    alu(STEPS / 10);
    long t0 = System.nanoTime();
    int end = walk(next, LOADS);
    long t1 = System.nanoTime();
    long sum = alu(STEPS);
    long t2 = System.nanoTime();
    // the loops' results reach the output (a space only in the unlikely case), so the JIT cannot
    // drop the loops as dead code
    System.out.printf("memory %.1f ns per load, alu %.3f ns per step%s%n", (t1 - t0) / (double) LOADS,
        (t2 - t1) / (double) STEPS, (end ^ sum) == 42 ? " " : "");
  }

  /** A single cycle through all n slots in random order: next[i] is the slot visited after i. */
  private static int[] cycle(int n) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    SplittableRandom random = new SplittableRandom(42);
    for (int i = n - 1; i > 0; i--) {
      int j = random.nextInt(i + 1);
      int t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    int[] next = new int[n];
    for (int i = 0; i < n; i++) {
      next[order[i]] = order[(i + 1) % n];
    }
    return next;
  }

  private static int walk(int[] next, int loads) {
    int at = 0;
    for (int i = 0; i < loads; i++) {
      at = next[at];
    }
    return at;
  }

  private static long alu(int steps) {
    long v = 1;
    for (int i = 0; i < steps; i++) {
      v = v * 6364136223846793005L + 1442695040888963407L;
    }
    return v;
  }
}
