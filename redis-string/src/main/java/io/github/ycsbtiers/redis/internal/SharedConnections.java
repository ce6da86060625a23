package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.LiveFigures;
import io.github.ycsbtiers.redis.durability.ValueVersions;
import io.github.ycsbtiers.redis.durability.WriteLedger;
import io.github.ycsbtiers.redis.options.ClientLibrary;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.resp.RespConnection;
import io.github.ycsbtiers.redis.server.ServerWindow;
import io.github.ycsbtiers.redis.topology.Topology;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.UnifiedJedis;
import site.ycsb.DBException;

/**
 * The clients of this JVM (a Jedis connection pool, or a Lettuce client with its connections), one
 * per distinct {@link RedisOptions}, shared by every binding instance (YCSB makes one per client
 * thread, the async engine one per logical client) and reference-counted: the first
 * {@link #acquire} opens and checks the client, the last {@link Lease#close} closes it. Instances
 * that wait for a client being opened share its outcome, so a failing server is asked once, not
 * once per thread. On Lettuce and the binding's own client ({@code netty}) each lease takes the next
 * connection in turn, opening it if new:
 * one connection per instance, or {@code redis.connections} shared round the instances.
 */
public final class SharedConnections {
  private static final Map<RedisOptions, Entry> ENTRIES = new HashMap<>();

  static {
    NettyLeakDetection.offUnlessAsked();
  }

  private SharedConnections() {
  }

  /**
   * A lease on the pool of {@code options}, opened (and PINGed) if this is the first.
   *
   * @throws DBException one line saying why the pool cannot be used
   */
  public static Lease acquire(RedisOptions options) throws DBException {
    Entry entry;
    synchronized (ENTRIES) {
      entry = ENTRIES.computeIfAbsent(options, Entry::new);
      entry.references++;
    }
    List<LettuceConnection> connection;
    List<RespConnection> resp;
    try {
      entry.open();
      connection = entry.nextLettuceConnections();
      resp = entry.nextRespConnections();
    } catch (DBException e) {
      release(entry);
      throw e;
    }
    return new Lease(entry, connection, resp);
  }

  /** Pools currently open in this JVM (for tests). */
  static int openPools() {
    synchronized (ENTRIES) {
      return ENTRIES.size();
    }
  }

  private static void release(Entry entry) {
    synchronized (ENTRIES) {
      if (--entry.references == 0) {
        ENTRIES.remove(entry.options);
        entry.close();
      }
    }
  }

  /** One binding instance's use of a shared pool; close it once, in cleanup. */
  public static final class Lease implements AutoCloseable {
    private final Entry entry;
    private final List<LettuceConnection> lettuce;
    private final List<RespConnection> resp;
    private boolean closed;

    private Lease(Entry entry, List<LettuceConnection> lettuce, List<RespConnection> resp) {
      this.entry = entry;
      this.lettuce = lettuce;
      this.resp = resp;
    }

    /** The Jedis pool, or null with {@code redis.client=lettuce}. */
    public UnifiedJedis jedis() {
      return entry.jedis;
    }

    /** The Jedis pool of the primary, then each replica's of {@link #topology()}; null with another client. */
    public List<UnifiedJedis> jedisEndpoints() {
      return entry.jedisEndpoints;
    }

    /** This lease's Lettuce connection, or null unless {@code redis.client=lettuce}. */
    public LettuceConnection lettuce() {
      return lettuce == null ? null : lettuce.get(0);
    }

    /** As {@link #respEndpoints()}, for Lettuce: the primary's connection, then each replica's; null with another client. */
    public List<LettuceConnection> lettuceEndpoints() {
      return lettuce;
    }

    /** This lease's connection of the binding's own client, or null unless {@code redis.client=netty}. */
    public RespConnection resp() {
      return resp == null ? null : resp.get(0);
    }

    /**
     * This lease's connections of the binding's own client to the primary and then to each replica
     * of {@link #topology()} (only the primary's unless reads are routed), or null unless {@code redis.client=netty}.
     */
    public List<RespConnection> respEndpoints() {
      return resp;
    }

    /** The acknowledged writes to check after the run, or null unless {@code redis.lost_writes=check}. */
    public WriteLedger ledger() {
      return entry.replication.ledger();
    }

    /** The versions of written values, or null unless {@code redis.stale_reads=check}. */
    public ValueVersions versions() {
      return entry.replication.versions();
    }

    /** The primary, the replicas reads may go to, and each one's figures. */
    public Topology topology() {
      return entry.replication.topology();
    }

    public OperationFailures failures() {
      return entry.failures;
    }

    /** The outages of the shared client to a standalone server, and the backoff of its clients during one. */
    public Outages outages() {
      return entry.outages;
    }

    /** The outages of each master of a Cluster, and the backoff of its clients during one; null if standalone. */
    public ClusterOutages clusterOutages() {
      return entry.clusterOutages;
    }

    @Override
    public void close() {
      if (!closed) {
        closed = true;
        release(entry);
      }
    }
  }

  private static final class Entry {
    private final RedisOptions options;
    private final OperationFailures failures = new OperationFailures();
    private final Outages outages;
    /** Set when a Cluster client is opened: it needs the client's slot map. */
    private ClusterOutages clusterOutages;
    private int references;
    private UnifiedJedis jedis;
    /** The primary's pool then the replicas'; only the primary's unless reads are routed. */
    private List<UnifiedJedis> jedisEndpoints;
    private LettuceClient lettuce;
    private NettyClient netty;
    private ServerWindow server;
    private OutageFigures figures;
    /** Each endpoint's figures while the run goes on, when reads go to replicas; else null. */
    private EndpointFigures endpointFigures;
    private final Replication replication;
    private int leases;
    private DBException failure;

    Entry(RedisOptions options) {
      this.options = options;
      this.outages = Outages.of(options);
      this.replication = new Replication(options);
    }

    synchronized void open() throws DBException {
      // a failure after the client opened (no replica, a Sentinel that will not answer) leaves it open: ask first
      if (failure != null) {
        throw new DBException(failure.getMessage(), failure.getCause());
      }
      if (jedis != null || lettuce != null || netty != null) {
        return;
      }
      try {
        RedisOptions o = replication.resolve();
        if (o.client() == ClientLibrary.LETTUCE) {
          lettuce = LettuceClient.open(o);
        } else if (o.client() == ClientLibrary.NETTY) {
          netty = NettyClient.open(o);
        } else {
          jedis = Connector.open(o);
        }
        if (o.cluster()) {
          clusterOutages = ClusterOutages.of(o, lettuce != null ? lettuce.masters() : Connector.masters(jedis));
        }
        replication.opened(o, this::primaryMoved, this::replicasMoved);
        if (jedis != null) {
          jedisEndpoints = new ArrayList<>(List.of(jedis));
          for (HostAndPort replica : replication.topology().replicas()) {
            jedisEndpoints.add(Connector.openReplica(o, replica));
          }
        }
        server = ServerWindow.open(o.endpoints(), o.cluster(), replication.topology().replicas(), Connector.clientConfig(o),
            System.err);
        figures = new OutageFigures(outages, clusterOutages, this::openConnections);
        LiveFigures.register(figures);
        Topology topology = replication.topology();
        LettuceClient l = lettuce;
        if (topology.routed()) {
          endpointFigures = new EndpointFigures(topology::endpoints).register();
        } else if (l != null && l.clusterEndpoints() != null) {
          endpointFigures = new EndpointFigures(l::clusterEndpoints).register();
        }
      } catch (DBException e) {
        failure = e;
        throw e;
      }
    }

    /** The Sentinels named another primary: the binding's own client's connections follow (Lettuce and Jedis follow by themselves), and [SERVER] measures it from now. */
    private synchronized void primaryMoved(HostAndPort primary) {
      if (netty != null) {
        netty.retarget(primary);
      }
      if (server != null) {
        server.primaryMoved(primary);
      }
    }

    /** Where the replica slots point now (one address each): the binding's own client's replica connections follow. */
    private synchronized void replicasMoved(List<HostAndPort> perSlot) {
      if (netty != null) {
        netty.retargetReplicas(perSlot);
      }
    }

    /** The Lettuce connections of the next lease (primary, replicas), or null with another client. */
    synchronized List<LettuceConnection> nextLettuceConnections() throws DBException {
      return lettuce == null || options.cluster() ? clusterConnection()
          : lettuce.connections(leases++, replication.topology().replicas());
    }

    private List<LettuceConnection> clusterConnection() throws DBException {
      return lettuce == null ? null : List.of(lettuce.connection(leases++));
    }

    /** The connections of the binding's own client for the next lease (primary, replicas), or null with another client. */
    synchronized List<RespConnection> nextRespConnections() throws DBException {
      return netty == null ? null : netty.connections(leases++, replication.topology().replicasPointed());
    }

    /** Connections up now, of whichever client is open; 0 once closed. */
    private synchronized int openConnections() {
      LettuceClient l = lettuce;
      NettyClient n = netty;
      UnifiedJedis j = jedis;
      if (l != null) {
        return l.openConnections();
      }
      return n != null ? n.openConnections() : j != null ? Connector.openConnections(j) : 0;
    }

    synchronized void close() {
      if (figures != null) {
        LiveFigures.unregister(figures);
        figures = null;
      }
      if (endpointFigures != null) {
        endpointFigures.unregister();
        endpointFigures = null;
      }
      replication.ending();
      if (server != null) {
        // before the clients close: the end INFO counts their connections
        server.close();
        server = null;
      }
      if (jedisEndpoints != null) {
        jedisEndpoints.forEach(Connector::closeQuietly);
        jedisEndpoints = null;
      } else {
        Connector.closeQuietly(jedis);
      }
      jedis = null;
      if (lettuce != null) {
        lettuce.close();
        lettuce.publishEndpoints();
        lettuce = null;
      }
      if (netty != null) {
        netty.close();
        netty = null;
      }
      replication.ended();
      failures.report(System.err);
      if (clusterOutages != null) {
        clusterOutages.report(System.err);
      } else {
        outages.report(System.err);
      }
    }
  }
}
