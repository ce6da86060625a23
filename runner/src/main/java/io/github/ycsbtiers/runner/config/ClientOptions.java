package io.github.ycsbtiers.runner.config;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.api.PropertyValues;
import java.security.SecureRandom;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * Which of several cooperating clients this process is: {@code client.count} clients numbered
 * from 0, this one {@code client.index} (or, when that is absent, the environment variable
 * {@code JOB_COMPLETION_INDEX} that a Kubernetes Indexed Job sets). Parsed once, before the
 * phase starts.
 *
 * <p>Load: the whole range {@code [insertstart, insertstart + insertcount)} is cut into
 * {@code count} contiguous parts that cover it exactly, the first {@code insertcount % count}
 * parts one record longer; {@code recordcount} stays the whole key space. Run: every client draws
 * from the whole key space, {@code operationcount} is per client, and each client has its own
 * seed derived from {@code client.seed} and its index, from which the core workload seeds each
 * thread's random stream. Without {@code client.seed} a base seed is drawn at start (the runner
 * prints it, so the run can be repeated with it).
 *
 * @param count {@code client.count}, default 1
 * @param index {@code client.index}, default {@code JOB_COMPLETION_INDEX}, else 0
 * @param baseSeed {@code client.seed}, or when absent one drawn at start: the seed this client
 *     derives its own from
 * @param seedGiven whether {@code client.seed} was given
 */
public record ClientOptions(int count, int index, long baseSeed, boolean seedGiven) {
  public static final String COUNT = "client.count";
  public static final String INDEX = "client.index";
  public static final String SEED = "client.seed";
  public static final String INDEX_ENV = "JOB_COMPLETION_INDEX";
  static final int MAX_COUNT = 1_000_000;

  /** A client whose base seed was given. */
  public ClientOptions(int count, int index, long baseSeed) {
    this(count, index, baseSeed, true);
  }

  /** The part of a key range that one client loads. */
  public record Range(long start, long count) {
    /** One past the last key number. */
    public long end() {
      return start + count;
    }
  }

  /**
   * Reads {@code client.count}, {@code client.index} and {@code client.seed}.
   *
   * @param env the process environment, for {@code JOB_COMPLETION_INDEX}
   * @throws PropertyException naming the property (or the variable), the value and what is allowed
   */
  public static ClientOptions fromProperties(Properties props, Map<String, String> env) {
    PropertyReader r = new PropertyReader(props);
    int count = r.intValue(COUNT, 1, 1, MAX_COUNT);
    String allowed = "a whole number from 0 to client.count - 1 (" + (count - 1) + ")";
    int index;
    if (r.isSet(INDEX)) {
      index = (int) parseIndex(INDEX, false, props.getProperty(INDEX), count, allowed);
    } else if (env.get(INDEX_ENV) != null) {
      index = (int) parseIndex(INDEX_ENV, true, env.get(INDEX_ENV), count, allowed);
    } else {
      index = 0;
    }
    if (r.isSet(SEED)) {
      return new ClientOptions(count, index, r.longValue(SEED, 0, Long.MIN_VALUE, Long.MAX_VALUE), true);
    }
    return new ClientOptions(count, index, new SecureRandom().nextLong(), false);
  }

  /** {@code source}: the property, or with {@code variable} the environment variable, that gave {@code raw}. */
  private static long parseIndex(String source, boolean variable, String raw, int count, String allowed) {
    OptionalLong v = PropertyValues.wholeNumber(raw);
    if (v.isPresent() && v.getAsLong() >= 0 && v.getAsLong() < count) {
      return v.getAsLong();
    }
    throw variable ? new PropertyException("invalid value '" + raw + "' for environment variable " + source
        + ": allowed " + allowed) : PropertyException.badValue(source, raw, allowed);
  }

  /** True when this process is one of several clients. */
  public boolean isShared() {
    return count > 1;
  }

  /**
   * This client's part of {@code [start, start + total)}: contiguous, the parts of all indices
   * in order cover the range exactly. 64-bit throughout: no intermediate value exceeds
   * {@code start + total}.
   */
  public Range share(long start, long total) {
    long base = total / count;
    long extra = total % count;
    long offset = base * index + Math.min(index, extra);
    return new Range(start + offset, base + (index < extra ? 1 : 0));
  }

  /**
   * This client's seed: the base seed and the index mixed by SplitMix64's finaliser, so that
   * neighbouring indices get unrelated seeds and the same pair always gives the same seed.
   */
  public long seed() {
    long z = baseSeed + 0x9E3779B97F4A7C15L * (index + 1L);
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /**
   * For a Load shared by several clients: replaces {@code insertstart} and {@code insertcount}
   * in {@code props} by this client's part of the whole range, and returns the whole range.
   * Nothing changes for one client or for the run phase, which return null (their properties are
   * checked where they always were, by the workload).
   *
   * @throws PropertyException when the range has fewer records than clients, or a count is malformed
   */
  public Range applyToLoad(Properties props) {
    PropertyReader r = new PropertyReader(props);
    if (!isShared() || r.bool("dotransactions", true)) {
      return null;
    }
    long records = r.longValue("recordcount", 0, 0, Long.MAX_VALUE);
    if (records == 0) {
      records = Integer.MAX_VALUE;
    }
    long start = r.longValue("insertstart", 0, 0, records - 1);
    long total = r.longValue("insertcount", records - start, 1, records - start);
    Range whole = new Range(start, total);
    if (total < count) {
      throw PropertyException.badValue("insertcount", Long.toString(total), "at least client.count (" + count
          + ") records, so that every client loads one");
    }
    Range mine = share(start, total);
    props.setProperty("insertstart", Long.toString(mine.start()));
    props.setProperty("insertcount", Long.toString(mine.count()));
    return whole;
  }

  /**
   * The stderr line for a drawn base seed: how to repeat the run. Null when {@code client.seed} was
   * given.
   */
  public String describeDrawnSeed() {
    if (seedGiven) {
      return null;
    }
    return "client.seed not set: drew " + baseSeed + " (-p " + SEED + "=" + baseSeed
        + (isShared() ? " -p " + INDEX + "=" + index : "") + " repeats this client's key and operation sequences)";
  }

  /** What stderr says about this client, e.g. {@code client 2 of 3 (client.index=1)}. */
  public String describe() {
    return "client " + (index + 1) + " of " + count + " (client.index=" + index + ")";
  }

  /** The stderr line of a shared Load: which key numbers of the whole range this client loads. */
  public String describeLoad(Range whole) {
    Range mine = share(whole.start(), whole.count());
    return describe() + ": loads key numbers " + mine.start() + " to " + (mine.end() - 1) + " of " + whole.start()
        + " to " + (whole.end() - 1);
  }

  /** The stderr line of a shared run phase. */
  public String describeRun(long operations) {
    return describe() + ": keys from the whole key space, " + (operations == 0 ? "unbounded" : operations)
        + " operations of this client (operationcount is per client), seed " + seed();
  }
}
