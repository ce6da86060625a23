package io.github.ycsbtiers.redis.server;

import io.github.ycsbtiers.api.MeasurementStart;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.api.TimelineSources;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The measured phase as the server saw it: INFO of every master when measuring starts and when the
 * phase ends, published as {@code [SERVER]}. One per process and shared client (opened with the
 * first binding instance, finished by the last), on connections of its own, one per master, so the
 * benchmark's connections and its hot path are untouched. Measuring starts when the window opens,
 * and again at {@link MeasurementStart} after a warm-up. A server that refuses INFO (or CLUSTER
 * NODES) gives no section and one line on stderr, never an error.
 */
public final class ServerWindow implements AutoCloseable {
  private final List<Master> masters;
  /** The replicas reads go to, each measured alone ({@code [SERVER-host:port]}); empty unless reads are routed. */
  private final List<Master> replicas = new ArrayList<>();
  /** Each replica's start INFO, null where it failed; under this. */
  private List<InfoSnapshot> replicaStarts = List.of();
  private final PrintStream err;
  private final Runnable restart = this::start;
  private final TimelineSources.Source rows = new TimelineSources.Source() {
    @Override
    public String name() {
      return "server";
    }

    @Override
    public Map<String, Number> interval() {
      return ServerWindow.this.interval();
    }
  };
  private final JedisClientConfig config;
  private volatile List<InfoSnapshot> starts;
  /** When the Sentinels switched the primary and the window began again on the new one; null before. */
  private java.time.Instant switchedAt;
  /** INFO at the last timeline row (or the window's opening); read and written under this. */
  private List<InfoSnapshot> lastRow;
  private boolean closed;

  private ServerWindow(List<Master> masters, JedisClientConfig config, PrintStream err) {
    this.masters = masters;
    this.config = config;
    this.err = err;
  }

  /**
   * Connects to the server's masters (a Cluster's from {@code CLUSTER NODES} of the first seed that
   * answers) and takes the start INFO; null, with a line on {@code err}, when that is not possible.
   */
  public static ServerWindow open(List<HostAndPort> seeds, boolean cluster, JedisClientConfig config,
      PrintStream err) {
    return open(seeds, cluster, List.of(), config, err);
  }

  /** As {@link #open(List, boolean, JedisClientConfig, PrintStream)}, with the {@code replicas} reads go to measured each alone. */
  public static ServerWindow open(List<HostAndPort> seeds, boolean cluster, List<HostAndPort> replicas,
      JedisClientConfig config, PrintStream err) {
    List<Master> masters = new ArrayList<>();
    List<Master> measured = new ArrayList<>();
    try {
      for (HostAndPort m : cluster ? ClusterMasters.of(seeds, config) : List.of(seeds.get(0))) {
        masters.add(new Master(m, new Jedis(m, config)));
      }
      for (HostAndPort r : replicas) {
        measured.add(new Master(r, new Jedis(r, config)));
      }
      ServerWindow w = new ServerWindow(masters, config, err);
      w.replicas.addAll(measured);
      w.start();
      if (w.starts == null) {
        w.closeConnections();
        return null;
      }
      MeasurementStart.register(w.restart);
      w.lastRow = w.starts;
      TimelineSources.register(w.rows);
      return w;
    } catch (JedisException | IllegalStateException e) {
      masters.forEach(m -> m.jedis().close());
      measured.forEach(m -> m.jedis().close());
      err.println("redis: no [SERVER] section: " + e.getMessage());
      return null;
    }
  }

  /**
   * The Sentinels named {@code now} the primary of a standalone server: the window begins again
   * there, so that {@code [SERVER]} tells what the new primary did from the switch to the end (and
   * says so: {@code MeasuredFrom}); what the old primary did is lost with it.
   */
  public synchronized void primaryMoved(HostAndPort now) {
    if (closed || masters.size() != 1 || masters.get(0).address().equals(now)) {
      return;
    }
    try {
      masters.get(0).jedis().close();
    } catch (RuntimeException e) {
      // the old primary is gone
    }
    masters.set(0, new Master(now, new Jedis(now, config)));
    switchedAt = java.time.Instant.now();
    starts = snapshots(err);
    lastRow = starts;
    err.println("redis: [SERVER] measures the new primary " + now + " from the switch on");
  }

  /** Takes the start INFO of every master now, and of each replica measured. */
  private synchronized void start() {
    starts = snapshots(err);
    List<InfoSnapshot> r = new ArrayList<>();
    for (Master m : replicas) {
      r.add(snapshot(m));
    }
    replicaStarts = r;
  }

  /** INFO of one server, or null when it fails. */
  private static InfoSnapshot snapshot(Master m) {
    try {
      return InfoSnapshot.parse(info(m.jedis()));
    } catch (JedisException e) {
      return null;
    }
  }

  /** Each replica measured: {@code [SERVER-host:port]} over the phase, or a line on stderr when its INFO failed. */
  private void publishReplicas() {
    for (int i = 0; i < replicas.size(); i++) {
      Master m = replicas.get(i);
      InfoSnapshot from = replicaStarts.size() > i ? replicaStarts.get(i) : null;
      InfoSnapshot to = from == null ? null : snapshot(m);
      if (to == null) {
        err.println("redis: no [SERVER-" + m.address() + "] section: INFO of the replica failed");
        continue;
      }
      ResultSections.publish(ServerSection.of(ServerSection.NAME + "-" + m.address(),
          List.of(new ServerSection.Node(m.address().toString(), from, to))));
    }
  }

  /**
   * For the run's timeline: the [SERVER] figures since the last row (counters as differences, memory
   * and clients as levels); empty, and nothing printed, when INFO fails (the outage shows in the
   * client's figures of the same row).
   */
  private synchronized Map<String, Number> interval() {
    if (closed) {
      return Map.of();
    }
    List<InfoSnapshot> now = snapshots(null);
    List<InfoSnapshot> from = lastRow;
    if (now == null || from == null) {
      return Map.of();
    }
    lastRow = now;
    Map<String, Number> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : ServerSection.of(nodes(from, now)).values().entrySet()) {
      if (e.getValue() instanceof Number n) {
        out.put(e.getKey(), n);
      }
    }
    return out;
  }

  private List<ServerSection.Node> nodes(List<InfoSnapshot> from, List<InfoSnapshot> to) {
    List<ServerSection.Node> nodes = new ArrayList<>();
    for (int i = 0; i < masters.size(); i++) {
      nodes.add(new ServerSection.Node(masters.get(i).address().toString(), from.get(i), to.get(i)));
    }
    return nodes;
  }

  /** Takes the end INFO and publishes [SERVER]; then closes the connections. */
  @Override
  public synchronized void close() {
    MeasurementStart.unregister(restart);
    TimelineSources.retire(rows);
    closed = true;
    try {
      List<InfoSnapshot> ends = snapshots(err);
      List<InfoSnapshot> begun = starts;
      if (ends != null && begun != null) {
        ResultSections.publish(fromSwitch(ServerSection.of(nodes(begun, ends))));
      }
      publishReplicas();
    } finally {
      closeConnections();
    }
  }

  /** {@code section} with {@code MeasuredFrom} first when the window began again at a switch. */
  private io.github.ycsbtiers.api.ResultSection fromSwitch(io.github.ycsbtiers.api.ResultSection section) {
    if (switchedAt == null) {
      return section;
    }
    io.github.ycsbtiers.api.ResultSection.Builder b = io.github.ycsbtiers.api.ResultSection.builder(section.name())
        .add("MeasuredFrom", "switch to " + masters.get(0).address() + " at " + switchedAt);
    for (Map.Entry<String, Object> e : section.values().entrySet()) {
      if (e.getValue() instanceof Long n) {
        b.add(e.getKey(), n.longValue());
      } else if (e.getValue() instanceof Integer n) {
        b.add(e.getKey(), n.longValue());
      } else if (e.getValue() instanceof Double d) {
        b.add(e.getKey(), d.doubleValue());
      } else {
        b.add(e.getKey(), String.valueOf(e.getValue()));
      }
    }
    return b.build();
  }

  /** INFO of every master, or null (said on {@code report}, unless null) when one fails. */
  private List<InfoSnapshot> snapshots(PrintStream report) {
    List<InfoSnapshot> all = new ArrayList<>();
    for (Master m : masters) {
      try {
        all.add(InfoSnapshot.parse(info(m.jedis())));
      } catch (JedisException e) {
        if (report != null) {
          report.println("redis: no [SERVER] section: INFO on " + m.address() + " failed: " + e.getMessage());
        }
        return null;
      }
    }
    return all;
  }

  private static String info(Jedis jedis) {
    try {
      return jedis.info("everything");
    } catch (redis.clients.jedis.exceptions.JedisDataException before7) {
      return jedis.info("all");
    }
  }

  private void closeConnections() {
    for (Master m : replicas) {
      try {
        m.jedis().close();
      } catch (RuntimeException e) {
        // the connection is gone either way
      }
    }
    for (Master m : masters) {
      try {
        m.jedis().close();
      } catch (RuntimeException e) {
        // the connection is gone either way
      }
    }
  }

  private record Master(HostAndPort address, Jedis jedis) {
  }
}
