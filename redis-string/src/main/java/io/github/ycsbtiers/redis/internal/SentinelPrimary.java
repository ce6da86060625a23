package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.ResultSection;
import io.github.ycsbtiers.api.ResultSections;
import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.options.Sentinels;
import io.github.ycsbtiers.redis.topology.SentinelWatch;
import java.io.PrintStream;
import java.util.List;
import redis.clients.jedis.JedisClientConfig;
import java.util.function.Consumer;
import redis.clients.jedis.HostAndPort;
import site.ycsb.DBException;

/**
 * The primary of a shared client when Sentinels name it ({@code redis.sentinels}): asked once
 * before the client opens, then followed while the run goes on; each switch is handed to the
 * client (which points its connections at the new primary), told in one line on stderr, and
 * counted in a {@code [SENTINEL]} section.
 */
final class SentinelPrimary implements AutoCloseable {
  /** How often the Sentinels are asked for the primary, besides the {@code +switch-master} subscription. */
  static final long POLL_MILLIS = 1000;
  private final SentinelWatch watch;
  private volatile HostAndPort current;

  private SentinelPrimary(Sentinels s, JedisClientConfig config, HostAndPort primary, Consumer<HostAndPort> client,
                          Consumer<List<HostAndPort>> replicas, List<HostAndPort> replicasNow, PrintStream err) {
    this.current = primary;
    Consumer<List<HostAndPort>> toldReplicas = replicas == null ? null : now -> {
      err.println("redis-string: the Sentinels name the online replicas of " + s.master() + ": " + now);
      replicas.accept(now);
    };
    this.watch = SentinelWatch.start(s, config, primary, now -> {
      current = now;
      err.println("redis-string: the Sentinels named a new primary for " + s.master() + ": " + now);
      client.accept(now);
    }, toldReplicas, replicasNow, POLL_MILLIS);
  }

  /**
   * The options the client opens: {@code options} with the primary the Sentinels name, or {@code
   * options} itself without Sentinels.
   *
   * @throws DBException one line: no Sentinel answers, or none knows the master name
   */
  static RedisOptions resolve(RedisOptions options) throws DBException {
    Sentinels s = options.sentinels();
    if (s == null) {
      return options;
    }
    try {
      return options.withPrimary(SentinelWatch.primary(s, Connector.sentinelConfig(options)));
    } catch (PropertyException e) {
      throw new DBException(e.getMessage(), e);
    }
  }

  /**
   * Follows the primary of {@code opened} (resolved), handing each new one to {@code client}, and,
   * unless {@code replicas} is null, the online replicas ({@code replicasNow} at first), handing
   * each new list to {@code replicas}; null without Sentinels.
   */
  static SentinelPrimary follow(RedisOptions opened, Consumer<HostAndPort> client, Consumer<List<HostAndPort>> replicas,
                                List<HostAndPort> replicasNow, PrintStream err) throws DBException {
    Sentinels s = opened.sentinels();
    return s == null ? null : new SentinelPrimary(s, Connector.sentinelConfig(opened), opened.endpoints().get(0),
        client, replicas, replicasNow, err);
  }

  /** The primary the Sentinels name now. */
  HostAndPort current() {
    return current;
  }

  /** Stops following and publishes {@code [SENTINEL]}: the switches seen and the primary at the end. */
  @Override
  public void close() {
    watch.close();
    ResultSections.publish(ResultSection.builder("SENTINEL").add("Switches", watch.switches())
        .add("Primary", current.toString()).build());
  }
}
