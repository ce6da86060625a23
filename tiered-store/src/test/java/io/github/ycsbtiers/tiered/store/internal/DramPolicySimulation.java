package io.github.ycsbtiers.tiered.store.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * The DRAM tier's policy on flash-hit's key pattern, without a store: a Load of N records in key
 * order (YCSB's hashed keys, so the first fifth it caches is the Gaussian's cold edge), then run
 * phases as bin/ycsb-suite runs them, each a new process (a new tier that preloads the keys the one
 * before saved), each a warm-up then a measured part. Prints each phase's DRAM hit ratio over its
 * measured part. One thread, no store and a fixed seed, so a policy change is judged in seconds and
 * without the machine's noise: the same arguments give the same ratios. It reproduces what the
 * store measured: flash-hit's 50% target at 100,000 records, 200,000 operations a phase (disk's
 * 3 + 5 s) gave 0.39-0.40 here and in {@code bench/flash-hit.sh} with the earlier policy.
 * {@code bench/dram-policy.sh} runs it; {@code DramPolicyTest} holds the policy to it.
 *
 * <p>Arguments: {@code records hitTarget PHASE...}, a phase being {@code SET:GET:WARMUP:MEASURED}
 * (the set:get mix and its operations), for example {@code 100000 0.5 1:1:75000:125000 4:1:75000:125000}.
 * With {@code exact} first, one phase of an ideal frequency ranking instead, on the same keys: exact
 * read counts from the phase's start, the tier holding the keys read most (from the Load's), which
 * no policy that learns from the phase's reads outdoes.
 */
public final class DramPolicySimulation {
  private static final int VALUE_BYTES = 1024;
  private static final double RAM_SHARE = 0.2;

  private DramPolicySimulation() {
  }

  public static void main(String[] args) throws IOException {
    if (args.length > 0 && args[0].equals("exact")) {
      String[] f = args[3].split(":");
      double set = Double.parseDouble(f[0]);
      double share = set / (set + Double.parseDouble(f[1]));
      double hit = exact(Integer.parseInt(args[1]), Double.parseDouble(args[2]), share, Long.parseLong(f[2]),
          Long.parseLong(f[3]), 1);
      System.out.println(String.format(Locale.ROOT, "exact counts, records %s target %s: %.3f", args[1], args[2], hit));
      return;
    }
    long records = Long.parseLong(args[0]);
    double hitTarget = Double.parseDouble(args[1]);
    List<Phase> phases = new ArrayList<>();
    for (int i = 2; i < args.length; i++) {
      String[] f = args[i].split(":");
      if (f.length != 4) {
        throw new IllegalArgumentException("a phase is SET:GET:WARMUP:MEASURED, not " + args[i]);
      }
      double set = Double.parseDouble(f[0]);
      double get = Double.parseDouble(f[1]);
      phases.add(new Phase(set / (set + get), Long.parseLong(f[2]), Long.parseLong(f[3])));
    }
    List<Double> ratios = run(records, hitTarget, phases, 1);
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "records %d target %.2f:", records, hitTarget));
    for (double r : ratios) {
      line.append(String.format(Locale.ROOT, " %.3f", r));
    }
    System.out.println(line);
  }

  /** A run phase: the share of its operations that are writes, its warm-up and measured operations. */
  record Phase(double setShare, long warmup, long measured) {
  }

  /** The measured DRAM hit ratio of each run phase. */
  static List<Double> run(long records, double hitTarget, List<Phase> phases, long seed) throws IOException {
    Path dir = Files.createTempDirectory("dram-policy");
    try {
      long budget = (long) (records * RAM_SHARE) * (VALUE_BYTES + 23);
      byte[] value = new byte[VALUE_BYTES];
      String[] keys = new String[(int) records];
      for (int i = 0; i < records; i++) {
        keys[i] = "user" + Long.toUnsignedString(fnv64(i));
      }
      DramTier load = new DramTier(budget, (long) (records * RAM_SHARE));
      for (String k : keys) {
        load.write(k, value);
      }
      load.saveKeys(dir);
      double z = quantile((1 + hitTarget) / 2);
      double sigma = RAM_SHARE / 2 * records / z;
      long mean = records / 2;
      SplittableRandom random = new SplittableRandom(seed);
      List<Double> out = new ArrayList<>();
      for (Phase p : phases) {
        DramTier t = new DramTier(budget, (long) (records * RAM_SHARE));
        DramKeys.load(dir, (k, reads) -> t.preload(k, value, reads));
        for (long op = 0; op < p.warmup() + p.measured(); op++) {
          if (op == p.warmup()) {
            t.restartCounts();
          }
          String k = keys[(int) gaussian(random, mean, sigma, records)];
          if (random.nextDouble() < p.setShare()) {
            t.write(k, value);
          } else if (t.lookup(k) == null) {
            t.promote(k, value);
          }
        }
        out.add((double) t.hits() / (t.hits() + t.misses()));
        t.saveKeys(dir);
      }
      return out;
    } finally {
      try (var files = Files.list(dir)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Files.delete(f);
        }
      }
      Files.delete(dir);
    }
  }

  /**
   * One phase after the Load of an ideal frequency ranking: the tier holds the Load's first fifth,
   * then on a miss the key enters in place of a held key read fewer times since the phase began
   * (exact counts); writes change nothing. The same key stream as {@link #run} for one phase.
   */
  static double exact(int records, double hitTarget, double setShare, long warmup, long measured, long seed) {
    int capacity = (int) (records * RAM_SHARE);
    int[] reads = new int[records];
    boolean[] held = new boolean[records];
    // held keys by read count, to find one read least
    TreeMap<Integer, LinkedHashSet<Integer>> byReads = new TreeMap<>();
    for (int k = 0; k < capacity; k++) {
      held[k] = true;
      byReads.computeIfAbsent(0, n -> new LinkedHashSet<>()).add(k);
    }
    double sigma = RAM_SHARE / 2 * records / quantile((1 + hitTarget) / 2);
    SplittableRandom random = new SplittableRandom(seed);
    long hits = 0;
    long misses = 0;
    for (long op = 0; op < warmup + measured; op++) {
      if (op == warmup) {
        hits = 0;
        misses = 0;
      }
      int k = (int) gaussian(random, records / 2, sigma, records);
      if (random.nextDouble() < setShare) {
        continue;
      }
      if (held[k]) {
        hits++;
        move(byReads, k, reads[k], reads[k] + 1);
        reads[k]++;
        continue;
      }
      misses++;
      reads[k]++;
      Map.Entry<Integer, LinkedHashSet<Integer>> least = byReads.firstEntry();
      if (reads[k] > least.getKey()) {
        int victim = least.getValue().iterator().next();
        least.getValue().remove(victim);
        if (least.getValue().isEmpty()) {
          byReads.remove(least.getKey());
        }
        held[victim] = false;
        held[k] = true;
        byReads.computeIfAbsent(reads[k], n -> new LinkedHashSet<>()).add(k);
      }
    }
    return (double) hits / (hits + misses);
  }

  private static void move(TreeMap<Integer, LinkedHashSet<Integer>> byReads, int key, int from, int to) {
    LinkedHashSet<Integer> keys = byReads.get(from);
    keys.remove(key);
    if (keys.isEmpty()) {
      byReads.remove(from);
    }
    byReads.computeIfAbsent(to, n -> new LinkedHashSet<>()).add(key);
  }

  private static long gaussian(SplittableRandom random, long mean, double sigma, long records) {
    while (true) {
      double u1 = random.nextDouble();
      double u2 = random.nextDouble();
      double g = Math.sqrt(-2 * Math.log(1 - u1)) * Math.cos(2 * Math.PI * u2);
      long k = mean + (long) Math.rint(g * sigma);
      if (k >= 0 && k < records) {
        return k;
      }
    }
  }

  /** The standard normal quantile by bisection (start-up only). */
  private static double quantile(double p) {
    double lo = -10;
    double hi = 10;
    for (int i = 0; i < 100; i++) {
      double mid = (lo + hi) / 2;
      if (cdf(mid) < p) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  private static double cdf(double x) {
    // Abramowitz and Stegun 7.1.26 through erf
    double t = 1 / (1 + 0.3275911 * Math.abs(x) / Math.sqrt(2));
    double y = 1 - (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t
        * Math.exp(-x * x / 2);
    return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
  }

  /** YCSB's FNV-1a over the key number's eight bytes, as its hashed insert order names keys. */
  private static long fnv64(long v) {
    long hash = 0xCBF29CE484222325L;
    for (int i = 0; i < 8; i++) {
      hash ^= v & 0xff;
      hash *= 1099511628211L;
      v >>= 8;
    }
    return hash;
  }
}
