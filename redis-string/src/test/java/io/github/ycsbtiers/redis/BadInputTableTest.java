package io.github.ycsbtiers.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.redis.options.RedisProperties;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The bad-input table of the binding: every {@code redis.*} property with malformed values, each
 * refused by {@link RedisClient#checkProperties} (which the runner calls before any work, exit 2)
 * with one line naming the property and the value (that very property: a row refused for one of
 * its context properties' sake fails). Nothing connects: the check parses only. {@link BadInputIT}
 * runs some of them through {@code bin/ycsb} against a listener that counts connections.
 */
class BadInputTableTest {
  /**
   * Property, malformed values, and properties the value needs to be read at all. An empty value
   * counts as not given (the default), as everywhere in the binding.
   */
  private static final List<Object[]> TABLE = List.of(
      row(RedisProperties.HOST, List.of("host:99999", "[::1", "host:abc", "host:0")),
      row(RedisProperties.PORT, List.of("0", "-1", "70000", "abc")),
      row(RedisProperties.DATABASE, List.of("-1", "abc")),
      row(RedisProperties.TIMEOUT, List.of("0", "-5", "abc", "1.5", "2d", "1_")),
      row(RedisProperties.CLUSTER, List.of("maybe")),
      row(RedisProperties.TLS, List.of("maybe")),
      row(RedisProperties.TLS_CA, List.of("/nonexistent/ca.pem"), "redis.tls=true"),
      row(RedisProperties.TLS_CERT, List.of("/nonexistent/client.pem"), "redis.tls=true",
          "redis.tls.key=/nonexistent/client.key"),
      row(RedisProperties.TLS_KEY, List.of("/nonexistent/client.key"), "redis.tls=true"),
      row(RedisProperties.COMMAND_GROUP, List.of("hmset")),
      row(RedisProperties.POOL_SIZE, List.of("0", "-1", "abc")),
      row(RedisProperties.SCAN, List.of("all")),
      row(RedisProperties.CLIENT, List.of("redisson")),
      row(RedisProperties.BATCH, List.of("0", "-1", "abc", "2000000")),
      row(RedisProperties.CONNECTIONS, List.of("0", "-1", "abc"), "redis.client=lettuce"),
      row(RedisProperties.CONNECTIONS, List.of("4"), "redis.client=jedis"),
      row(RedisProperties.BACKOFF_MIN, List.of("0", "-1", "abc", "100000", "2m")),
      row(RedisProperties.BACKOFF_MAX, List.of("0", "abc", "5", "1000000")),
      row(RedisProperties.PASSWORD_FILE, List.of("/nonexistent/password", "/")),
      row(RedisProperties.PASSWORD_ENV, List.of("YCSB_TIERS_UNSET_VARIABLE_42")),
      row(RedisProperties.USER, List.of("bench")),
      row(RedisProperties.PASSWORD, List.of("s3cret"), "redis.password.env=HOME"),
      row(RedisProperties.READ_FROM, List.of("replicas", "secondary", "Replica", "slave")),
      row(RedisProperties.READ_FROM, List.of("replica", "nearest"), "redis.cluster=true", "redis.client=jedis"),
      row(RedisProperties.REPLICAS, List.of("h:6380"), "redis.read_from=replica", "redis.cluster=true",
          "redis.client=lettuce"),
      row(RedisProperties.READ_FROM, List.of("replica", "any"), "redis.client=jedis", "runner.engine=async"),
      row(RedisProperties.REPLICAS, List.of("host:0", "host:abc", "a b"), "redis.read_from=replica"),
      row(RedisProperties.REPLICAS, List.of("host:6380"), "redis.read_from=primary"),
      row(RedisProperties.SENTINELS, List.of("host:0", "host:abc", "a b"), "redis.sentinel.master=m"),
      row(RedisProperties.SENTINELS, List.of("s1:26379"), "redis.sentinel.master=m", "redis.cluster=true"),
      row(RedisProperties.SENTINELS, List.of("s1:26379"), "redis.sentinel.master=m", "redis.host=10.0.0.5"),
      row(RedisProperties.SENTINEL_MASTER, List.of("m")),
      row(RedisProperties.SENTINEL_USER, List.of("watcher"), "redis.sentinels=s1", "redis.sentinel.master=m"),
      row(RedisProperties.SENTINEL_PASSWORD, List.of("s3cret")),
      row(RedisProperties.READ_FROM, List.of("replica"), "redis.sentinels=s1", "redis.sentinel.master=m",
          "redis.client=lettuce"),
      row(RedisProperties.LOST_WRITES, List.of("on", "true", "Check")),
      row(RedisProperties.LOST_WRITES, List.of("check"), "redis.client=jedis", "runner.engine=async"),
      row(RedisProperties.LOST_WRITES, List.of("check"), "redis.client=netty", "redis.command_group=hash"),
      row(RedisProperties.WAIT_REPLICAS, List.of("-1", "abc", "1001")),
      row(RedisProperties.WAIT_REPLICAS, List.of("1"), "redis.client=jedis", "runner.engine=async"),
      row(RedisProperties.WAIT_TIMEOUT, List.of("0", "abc"), "redis.wait.replicas=1", "redis.client=netty"),
      row(RedisProperties.WAIT_TIMEOUT, List.of("2000", "5s"), "redis.wait.replicas=1", "redis.client=netty"),
      row(RedisProperties.STALE_READS, List.of("on", "count")),
      row(RedisProperties.STALE_READS, List.of("check"), "redis.client=jedis", "runner.engine=async"),
      row(RedisProperties.STALE_READS, List.of("check"), "redis.client=netty", "redis.command_group=hash"));

  private static Object[] row(String property, List<String> values, String... context) {
    return new Object[] {property, values, List.of(context)};
  }

  static Stream<Arguments> cases() {
    List<Arguments> all = new ArrayList<>();
    for (Object[] r : TABLE) {
      @SuppressWarnings("unchecked")
      List<String> values = (List<String>) r[1];
      for (String v : values) {
        all.add(Arguments.of(r[0], v, r[2]));
      }
    }
    return all.stream();
  }

  @ParameterizedTest(name = "{0}={1}")
  @MethodSource("cases")
  void refusedWithOneLineNamingIt(String property, String value, List<String> context) {
    Properties p = new Properties();
    p.setProperty(RedisProperties.PORT, "1");
    for (String c : context) {
      String[] kv = c.split("=", 2);
      p.setProperty(kv[0], kv[1]);
    }
    p.setProperty(property, value);
    RedisClient client = new RedisClient();
    client.setProperties(p);
    PropertyException e = assertThrows(PropertyException.class, client::checkProperties);
    String line = e.getMessage();
    assertFalse(line.contains("\n"), line);
    if (property.contains("password") && !property.endsWith(".file") && !property.endsWith(".env")) {
      assertFalse(line.contains(value), "secret shown: " + line);
      assertTrue(Pattern.compile("(?<![\\w.])" + Pattern.quote(property) + "(?![\\w.])").matcher(line).find(), line);
    } else {
      assertTrue(line.startsWith("invalid value '" + value + "' for property '" + property + "': allowed "), line);
    }
  }

  /** The table covers every property of the binding (a new one needs its row). */
  @Test
  void everyPropertyHasARow() {
    Set<String> covered = new HashSet<>();
    for (Object[] r : TABLE) {
      covered.add((String) r[0]);
    }
    assertEquals(new HashSet<>(RedisProperties.PROPERTIES), covered);
  }

  /** Valid values pass the check, so the table's refusals are the values' doing. */
  @Test
  void validPropertiesPass() {
    Properties p = new Properties();
    p.putAll(Map.of(RedisProperties.PORT, "6380", RedisProperties.TIMEOUT, "500", RedisProperties.BACKOFF_MIN, "5",
        RedisProperties.BACKOFF_MAX, "200", RedisProperties.CLIENT, "lettuce"));
    RedisClient client = new RedisClient();
    client.setProperties(p);
    client.checkProperties();
    p.putAll(Map.of(RedisProperties.TIMEOUT, "30s", RedisProperties.BACKOFF_MIN, "5ms", RedisProperties.BACKOFF_MAX,
        "1.5s", RedisProperties.PORT, "6_380"));
    client = new RedisClient();
    client.setProperties(p);
    client.checkProperties();
  }
}
