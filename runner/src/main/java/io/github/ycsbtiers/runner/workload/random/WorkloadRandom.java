package io.github.ycsbtiers.runner.workload.random;

/**
 * A seeded SplitMix64 stream (Steele, Lea and Flood, "Fast Splittable Pseudorandom Number
 * Generators", OOPSLA 2014): one per logical client, owned by that client alone, so draws take no
 * lock and allocate nothing. The algorithm is written out here rather than taken from
 * {@link java.util.SplittableRandom}, so that a seed gives the same numbers on every JDK.
 *
 * <p>{@link #forThread} seeds a thread's stream from its client's seed and its thread number
 * through SplitMix64's finaliser: neighbouring thread numbers get unrelated streams, and the same
 * pair always gives the same stream. Not thread-safe: one thread draws at a time (a client's
 * operations are sequential, whichever thread completes them).
 */
public final class WorkloadRandom {
  private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;
  private static final double DOUBLE_UNIT = 0x1.0p-53;

  private long state;

  /** A stream that starts from {@code seed} as it is; see {@link #forThread} for a thread's stream. */
  public WorkloadRandom(long seed) {
    this.state = seed;
  }

  /**
   * The stream of thread {@code threadId} of a client whose seed is {@code clientSeed}.
   *
   * @param clientSeed the client's seed (see {@code ClientOptions.seed()})
   * @param threadId the thread's number from 0, or the logical client's of the async engine
   */
  public static WorkloadRandom forThread(long clientSeed, int threadId) {
    return new WorkloadRandom(mix(clientSeed + GOLDEN_GAMMA * (threadId + 1L)));
  }

  /** SplitMix64's finaliser (Stafford's variant 13): a bijection that spreads every input bit. */
  public static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** The next 64 random bits. */
  public long nextLong() {
    state += GOLDEN_GAMMA;
    return mix(state);
  }

  /** Uniform in {@code [0, 1)}, from the top 53 bits, as {@link java.util.Random#nextDouble()}. */
  public double nextDouble() {
    return (nextLong() >>> 11) * DOUBLE_UNIT;
  }

  /**
   * Uniform in {@code [0, bound)}, without the bias of a plain modulo: a draw from the top of the
   * 63-bit range that would favour small values is drawn again (rarely: with probability below
   * {@code bound / 2^63}).
   *
   * @param bound greater than 0
   */
  public long nextLong(long bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be > 0: " + bound);
    }
    long m = bound - 1;
    long r = nextLong();
    if ((bound & m) == 0) {
      return r & m;
    }
    long u = r >>> 1;
    while (u + m - (r = u % bound) < 0) {
      u = nextLong() >>> 1;
    }
    return r;
  }

  /**
   * Standard normal (mean 0, standard deviation 1), by the Box–Muller transform of two draws; no
   * spare value is kept, so every call takes exactly two draws from the stream.
   */
  public double nextGaussian() {
    double u1 = 1.0 - nextDouble(); // in (0, 1]: the logarithm stays finite
    double u2 = nextDouble();
    return Math.sqrt(-2.0 * Math.log(u1)) * Math.cos(2.0 * Math.PI * u2);
  }

  /** Uniform in {@code [0, bound)}; see {@link #nextLong(long)}. */
  public int nextInt(int bound) {
    return (int) nextLong(bound);
  }
}
