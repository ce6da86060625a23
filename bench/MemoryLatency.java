// bench/MemoryLatency.java: a yardstick for this machine's own speed at one moment, to tell a
// slower machine from a slower program when the same benchmark phase runs at different rates.
// One thread walks a random cycle through an int array far larger than the last-level cache
// (each load depends on the one before, so the time per step is the latency of a DRAM access
// plus its TLB miss), then runs a loop of dependent multiply-adds (the core's own speed), then
// walks random cycles of 64-byte lines through 4, 8 and 16 MiB: how much of the last-level cache
// this process gets at that moment. On a virtual machine the last-level cache is shared with other
// tenants' cores: a walk that fits the part left to us takes cache latency (about 13 ns here), one
// that does not takes DRAM latency, and where the step lies moves with the neighbours' load.
//
// Run with Java's single-file source launch from the repository root:
//   java bench/MemoryLatency.java [MiB]        (default: 128)
// Prints "memory N ns per load, alu M ns per step, cache 4MiB A ns, 8MiB B ns, 16MiB C ns". The
// cycles are built from a fixed seed, so every run walks the same pattern; building them takes
// about a second for 128 MiB.
import java.util.SplittableRandom;

public class MemoryLatency {
  private static final int LOADS = 10_000_000;
  private static final int STEPS = 200_000_000;
  private static final int LINE_INTS = 64 / Integer.BYTES;
  private static final int[] CACHE_MIB = {4, 8, 16};

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
    StringBuilder caches = new StringBuilder();
    for (int size : CACHE_MIB) {
      int[] lines = lineCycle(size * (1 << 20) / Integer.BYTES);
      end ^= walk(lines, LOADS / 10);
      long c0 = System.nanoTime();
      end ^= walk(lines, LOADS);
      caches.append(String.format(", %dMiB %.1f ns", size, (System.nanoTime() - c0) / (double) LOADS));
    }
    // the loops' results reach the output (a space only in the unlikely case), so the JIT cannot
    // drop the loops as dead code
    System.out.printf("memory %.1f ns per load, alu %.3f ns per step, cache%s%s%n", (t1 - t0) / (double) LOADS,
        (t2 - t1) / (double) STEPS, caches.substring(1), (end ^ sum) == 42 ? " " : "");
  }

  /** A random cycle through the first int of every 64-byte line of an n-int array (one load per line). */
  private static int[] lineCycle(int n) {
    int[] order = cycle(n / LINE_INTS);
    int[] next = new int[n];
    for (int line = 0; line < order.length; line++) {
      next[line * LINE_INTS] = order[line] * LINE_INTS;
    }
    return next;
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
