package io.github.ycsbtiers.suite.probe;

import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/** One connection to a remote target, used between phases only (never during a measurement). */
public final class RedisProbe implements AutoCloseable {
  private final RedisEndpoint endpoint;
  private final Jedis jedis;

  private RedisProbe(RedisEndpoint endpoint, Jedis jedis) {
    this.endpoint = endpoint;
    this.jedis = jedis;
  }

  /** Connects and PINGs; a {@link ProbeException} says which server did not answer and why. */
  public static RedisProbe connect(RedisEndpoint endpoint) {
    DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
        .timeoutMillis(endpoint.timeoutMillis()).database(endpoint.database()).ssl(endpoint.tls());
    if (endpoint.password() != null) {
      config.user(endpoint.user()).password(endpoint.password());
    }
    Jedis jedis = null;
    try {
      jedis = new Jedis(new HostAndPort(endpoint.host(), endpoint.port()), config.build());
      String pong = jedis.ping();
      if (!"PONG".equalsIgnoreCase(pong)) {
        throw new ProbeException("PING " + endpoint + " answered " + pong, null);
      }
      return new RedisProbe(endpoint, jedis);
    } catch (RuntimeException e) {
      if (jedis != null) {
        jedis.close();
      }
      if (e instanceof ProbeException p) {
        throw p;
      }
      throw new ProbeException("cannot reach " + endpoint + ": " + rootMessage(e), e);
    }
  }

  public InfoSnapshot info() {
    try {
      return InfoSnapshot.parse(jedis.info("everything"));
    } catch (RuntimeException e) {
      throw new ProbeException("INFO on " + endpoint + " failed: " + rootMessage(e), e);
    }
  }

  public void flushAll() {
    try {
      jedis.flushAll();
    } catch (RuntimeException e) {
      throw new ProbeException("FLUSHALL on " + endpoint + " failed: " + rootMessage(e), e);
    }
  }

  /** CLUSTER NODES, as the server gives it. */
  public String clusterNodes() {
    try {
      return jedis.clusterNodes();
    } catch (RuntimeException e) {
      throw new ProbeException("CLUSTER NODES on " + endpoint + " failed: " + rootMessage(e), e);
    }
  }

  /** INFO commandstats as command name (lower case) to calls. */
  public java.util.Map<String, Long> commandCalls() {
    try {
      return CommandCalls.parse(jedis.info("commandstats"));
    } catch (RuntimeException e) {
      throw new ProbeException("INFO commandstats on " + endpoint + " failed: " + rootMessage(e), e);
    }
  }

  public RedisEndpoint endpoint() {
    return endpoint;
  }

  @Override
  public void close() {
    jedis.close();
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
