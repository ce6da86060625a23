package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.redis.options.RedisOptions;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The outages of a Cluster client, one {@link Outages} per master: a failure without a reply on a
 * key starts or continues the outage of the master that serves the key's slot, and the client
 * pauses for as long as that outage has lasted; only a reply for a key of that master ends it, so
 * a master cut off while the others answer is one outage, not one per reply of the others. A
 * reply also ends the outage of a master whose failed slot the replying master serves now (a
 * replica promoted in a failover, a slot moved). The master of a slot is the client's own slot
 * map's ({@link Masters}). Reported as {@link Outages} does, all masters' outages in the order they
 * started, each with its master ({@code OutageN.Server}).
 */
public final class ClusterOutages {
  /** The name of a master the slot map does not know. */
  static final String UNKNOWN = "unknown";
  private static final Master[] NONE = new Master[0];
  private final Masters masters;
  private final long minMillis;
  private final long maxMillis;
  private final LongSupplier clock;
  private final Map<Object, Master> byNode = new HashMap<>();
  /** The masters in an outage now: with none, as almost always, a reply costs one volatile read. */
  private volatile Master[] down = NONE;

  /** A Cluster client's slot map. */
  public interface Masters {
    /** The master that serves {@code slot} now (equal objects for one master), or null if none is known. */
    Object masterOf(int slot);

    /** The master's address, {@code host:port}. */
    String name(Object master);
  }

  ClusterOutages(Masters masters, long minMillis, long maxMillis, LongSupplier clock) {
    this.masters = masters;
    this.minMillis = minMillis;
    this.maxMillis = maxMillis;
    this.clock = clock;
  }

  static ClusterOutages of(RedisOptions o, Masters masters) {
    return new ClusterOutages(masters, o.backoff().minMillis(), o.backoff().maxMillis(), System::nanoTime);
  }

  /**
   * Counts an operation on {@code slot} that failed; see {@link Outages#failed}.
   *
   * @return nanoseconds to pause; 0 for a failure that is the server's reply (no outage)
   */
  public long failed(int slot, Throwable e) {
    if (Outages.isReply(e)) {
      return 0;
    }
    Object node = masters.masterOf(slot);
    synchronized (this) {
      Master m = byNode.computeIfAbsent(node == null ? UNKNOWN : node, n -> new Master(
          node == null ? UNKNOWN : masters.name(node), new Outages(minMillis, maxMillis, clock)));
      long pause = m.outages.failed(e);
      m.slot = slot;
      if (!Arrays.asList(down).contains(m)) {
        Master[] more = Arrays.copyOf(down, down.length + 1);
        more[down.length] = m;
        down = more;
      }
      return pause;
    }
  }

  /** Whether a master is in an outage now (one volatile read): only then does a reply need its slot. */
  public boolean down() {
    return down.length > 0;
  }

  /**
   * An operation on {@code slot} got a reply: ends the outage of the master that serves the slot,
   * and of any other whose last failed slot that master serves now.
   */
  public void reached(int slot) {
    Master[] now = down;
    if (now.length == 0) {
      return;
    }
    Object node = masters.masterOf(slot);
    if (node == null) {
      return;
    }
    for (Master m : now) {
      if (node.equals(masters.masterOf(m.slot))) {
        end(m);
      }
    }
  }

  private synchronized void end(Master m) {
    m.outages.reached();
    List<Master> left = new ArrayList<>(Arrays.asList(down));
    left.remove(m);
    down = left.toArray(NONE);
  }

  /** Outages so far, of every master. */
  synchronized int count() {
    int n = 0;
    for (Master m : byNode.values()) {
      n += m.outages.count();
    }
    return n;
  }

  /** Publishes the section and prints the line, if there was an outage. */
  synchronized void report(PrintStream err) {
    List<Listed> all = new ArrayList<>();
    long failed = 0;
    for (Master m : byNode.values()) {
      for (Outages.Outage o : m.outages.list()) {
        all.add(new Listed(m.name, o));
        failed += o.failed;
      }
    }
    if (all.isEmpty()) {
      return;
    }
    all.sort(Comparator.comparingLong(l -> l.outage.startNanos));
    ResultSection.Builder b = Outages.section(all.size(), failed);
    for (int i = 0; i < Math.min(Outages.LISTED, all.size()); i++) {
      b.add("Outage" + (i + 1) + ".Server", all.get(i).server);
      all.get(i).outage.describe(b, i + 1);
    }
    ResultSections.publish(b.build());
    err.println(Outages.summary(all.size(), failed, all.get(0).outage) + ", on " + all.get(0).server);
  }

  private static final class Master {
    final String name;
    final Outages outages;
    /** The slot of its last failed operation: a reply from the master that serves it now ends the outage. */
    volatile int slot;

    Master(String name, Outages outages) {
      this.name = name;
      this.outages = outages;
    }
  }

  private record Listed(String server, Outages.Outage outage) {
  }
}
