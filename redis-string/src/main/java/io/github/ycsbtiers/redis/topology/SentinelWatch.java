package io.github.ycsbtiers.redis.topology;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.redis.options.RedisProperties;
import io.github.ycsbtiers.redis.options.Sentinels;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The primary as the Sentinels name it, followed while the run goes on: a subscription to
 * {@code +switch-master} on one Sentinel (the next one when it is lost), and, in case a message is
 * missed or no Sentinel can be subscribed to, a poll of {@code SENTINEL MASTER}
 * of every Sentinel every {@code pollMillis}, the answer of the highest configuration epoch followed. Each change of primary is handed once to the listener, off the hot
 * path, on this watch's own threads. When reads go to replicas, the replicas the Sentinels name
 * ({@code SENTINEL REPLICAS}, those not down or disconnected) are asked after each switch and at
 * each poll, and each change of that list is handed to a second listener.
 */
public final class SentinelWatch implements AutoCloseable {
  private static final String SWITCH = "+switch-master";
  private final Sentinels sentinels;
  private final JedisClientConfig config;
  private final Consumer<HostAndPort> listener;
  /** Told the online replicas when they change; null when reads stay on the primary. */
  private final Consumer<List<HostAndPort>> replicasListener;
  private final Object replicasLock = new Object();
  private List<HostAndPort> lastReplicas;
  private final ScheduledExecutorService poll;
  private final Thread subscriber;
  private final JedisPubSub messages = new JedisPubSub() {
    @Override
    public void onMessage(String channel, String message) {
      // <master name> <old ip> <old port> <new ip> <new port>
      String[] p = message.split(" ");
      if (p.length == 5 && p[0].equals(sentinels.master())) {
        moved(new HostAndPort(p[3], Integer.parseInt(p[4])));
      }
    }
  };
  private HostAndPort primary;
  private int switches;
  private volatile boolean closed;

  private SentinelWatch(Sentinels sentinels, JedisClientConfig config, HostAndPort primary,
                        Consumer<HostAndPort> listener, Consumer<List<HostAndPort>> replicasListener,
                        List<HostAndPort> replicas, long pollMillis) {
    this.sentinels = sentinels;
    this.config = config;
    this.primary = primary;
    this.listener = listener;
    this.replicasListener = replicasListener;
    this.lastReplicas = replicas;
    this.poll = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "sentinel-poll"));
    this.subscriber = daemon(this::subscribe, "sentinel-subscriber");
    poll.scheduleWithFixedDelay(this::askAgain, pollMillis, pollMillis, TimeUnit.MILLISECONDS);
  }

  /**
   * The connection settings of the Sentinels: their own user and password, {@code timeoutMillis},
   * and TLS with {@code tls} (null: none), the servers' own.
   */
  public static JedisClientConfig config(Sentinels s, int timeoutMillis, javax.net.ssl.SSLSocketFactory tls) {
    DefaultJedisClientConfig.Builder b = DefaultJedisClientConfig.builder().connectionTimeoutMillis(timeoutMillis)
        .socketTimeoutMillis(timeoutMillis).user(s.user()).password(s.password());
    if (tls != null) {
      b.ssl(true).sslSocketFactory(tls);
    }
    return b.build();
  }

  /**
   * The primary the first Sentinel that answers names.
   *
   * @throws PropertyException no Sentinel answers, or none knows the master name
   */
  public static HostAndPort primary(Sentinels s, JedisClientConfig config) {
    List<String> failures = new ArrayList<>();
    for (HostAndPort at : s.addresses()) {
      try (Jedis sentinel = new Jedis(at, config)) {
        List<String> address = sentinel.sentinelGetMasterAddrByName(s.master());
        if (address == null || address.size() != 2) {
          throw PropertyException.badValue(RedisProperties.SENTINEL_MASTER, s.master(), "a name the Sentinels "
              + "monitor (the Sentinel at " + at + " knows no master by this name)");
        }
        return new HostAndPort(address.get(0), Integer.parseInt(address.get(1)));
      } catch (JedisException e) {
        failures.add(at + ": " + e.getMessage());
      }
    }
    throw PropertyException.badValue(RedisProperties.SENTINELS, joined(s.addresses()), "Sentinels of which one at "
        + "least answers (" + String.join("; ", failures) + ")");
  }

  /**
   * The replicas of the master that the first Sentinel that answers names, but those it flags
   * down or disconnected; null if none answers.
   */
  public static List<HostAndPort> onlineReplicas(Sentinels s, JedisClientConfig config) {
    for (HostAndPort at : s.addresses()) {
      try (Jedis sentinel = new Jedis(at, config)) {
        List<HostAndPort> online = new ArrayList<>();
        for (Map<String, String> r : sentinel.sentinelReplicas(s.master())) {
          String flags = r.getOrDefault("flags", "");
          HostAndPort replica = addressIn(r);
          if (!flags.contains("s_down") && !flags.contains("o_down") && !flags.contains("disconnected")
              && replica != null) {
            online.add(replica);
          }
        }
        return online;
      } catch (JedisException | NumberFormatException e) {
        // the next Sentinel
      }
    }
    return null;
  }

  /**
   * Starts following the primary, {@code primary} now; with a {@code replicasListener}, the online
   * replicas too, {@code replicas} now.
   */
  public static SentinelWatch start(Sentinels s, JedisClientConfig config, HostAndPort primary,
                                    Consumer<HostAndPort> listener, Consumer<List<HostAndPort>> replicasListener,
                                    List<HostAndPort> replicas, long pollMillis) {
    SentinelWatch w = new SentinelWatch(s, config, primary, listener, replicasListener, replicas, pollMillis);
    w.subscriber.start();
    return w;
  }

  /** How many times the primary changed. */
  public synchronized int switches() {
    return switches;
  }

  private void subscribe() {
    // a subscription waits for messages without a reply timeout
    JedisClientConfig waiting = DefaultJedisClientConfig.builder().connectionTimeoutMillis(config.getConnectionTimeoutMillis())
        .socketTimeoutMillis(0).user(config.getUser()).password(config.getPassword()).ssl(config.isSsl())
        .sslSocketFactory(config.getSslSocketFactory()).build();
    int next = 0;
    while (!closed) {
      HostAndPort at = sentinels.addresses().get(next++ % sentinels.addresses().size());
      try (Jedis sentinel = new Jedis(at, waiting)) {
        sentinel.subscribe(messages, SWITCH);
      } catch (JedisException | IllegalStateException e) {
        pause(config.getSocketTimeoutMillis());
      }
    }
  }

  private void askAgain() {
    HostAndPort named = newestNamed();
    if (named != null) {
      moved(named);
    }
    replicasAgain();
  }

  /**
   * The primary the Sentinels name with the highest configuration epoch, or null when none answers.
   * Each failover raises the epoch; for a moment after one, a Sentinel that has not heard of it yet
   * still names the old primary under the old epoch. Following the first Sentinel that answered
   * sent the clients back to the old primary and forth again (two switches, seen in a clean-clone
   * run of SentinelFailoverIT); a majority would not do either, as most Sentinels may lag.
   */
  private HostAndPort newestNamed() {
    HostAndPort newest = null;
    long newestEpoch = Long.MIN_VALUE;
    for (HostAndPort at : sentinels.addresses()) {
      try (Jedis sentinel = new Jedis(at, config)) {
        Map<String, String> m = sentinel.sentinelMaster(sentinels.master());
        long epoch = Long.parseLong(m.getOrDefault("config-epoch", "0"));
        HostAndPort named = addressIn(m);
        if (epoch > newestEpoch && named != null) {
          newestEpoch = epoch;
          newest = named;
        }
      } catch (JedisException | NumberFormatException e) {
        // this one does not count
      }
    }
    return newest;
  }

  /**
   * The address a Sentinel's description of a server names ({@code SENTINEL MASTER}, {@code
   * SENTINEL REPLICAS}), or null without one.
   *
   * @throws NumberFormatException for a port that is not a number
   */
  private static HostAndPort addressIn(Map<String, String> server) {
    String ip = server.get("ip");
    String port = server.get("port");
    return ip == null || port == null ? null : new HostAndPort(ip, Integer.parseInt(port));
  }

  private void replicasAgain() {
    if (replicasListener == null) {
      return;
    }
    synchronized (replicasLock) {
      List<HostAndPort> now = onlineReplicas(sentinels, config);
      if (closed || now == null || new HashSet<>(now).equals(new HashSet<>(lastReplicas))) {
        return;
      }
      lastReplicas = now;
      replicasListener.accept(now);
    }
  }

  private void moved(HostAndPort now) {
    synchronized (this) {
      if (closed || now.equals(primary)) {
        return;
      }
      primary = now;
      switches++;
    }
    listener.accept(now);
    replicasAgain();
  }

  @Override
  public void close() {
    closed = true;
    poll.shutdownNow();
    try {
      if (messages.isSubscribed()) {
        messages.unsubscribe();
      }
    } catch (RuntimeException e) {
      // the subscription's connection is gone already
    }
    subscriber.interrupt();
  }

  private void pause(long millis) {
    try {
      Thread.sleep(Math.max(100, millis));
    } catch (InterruptedException e) {
      closed = true;
    }
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  private static String joined(List<HostAndPort> list) {
    return String.join(",", list.stream().map(HostAndPort::toString).toList());
  }
}
