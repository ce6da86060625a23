package io.github.ycsbtiers.redis.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.api.PropertyException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import redis.clients.jedis.HostAndPort;

class RedisOptionsTest {
  private static final String SECRET = "s3cr3t-Pa55";

  @TempDir
  Path dir;

  @Test
  void defaultsNeedNoProperty() {
    RedisOptions o = parse();
    assertEquals(List.of(new HostAndPort("127.0.0.1", 6379)), o.endpoints());
    assertNull(o.auth().user());
    assertNull(o.auth().password());
    assertEquals(0, o.database());
    assertEquals(2000, o.timeoutMillis());
    assertFalse(o.cluster());
    assertFalse(o.tls().enabled());
    assertEquals(CommandGroup.STRING, o.commandGroup());
    assertEquals(ScanMode.NONE, o.scan());
    assertEquals(1, o.poolSize());
    assertEquals(10, o.fieldCount());
    assertEquals("field0", o.fieldName(0));
  }

  @Test
  void readsEveryProperty() throws IOException {
    Path ca = file("ca.pem");
    Path cert = file("cert.pem");
    Path key = file("key.pem");
    RedisOptions o = parse("redis.host", "db.example", "redis.port", "7000", "redis.password", SECRET,
        "redis.database", "3", "redis.timeout", "30000", "redis.tls", "TRUE", "redis.tls.ca", ca.toString(),
        "redis.tls.cert", cert.toString(), "redis.tls.key", key.toString(), "redis.command_group", "hash",
        "redis.scan", "index", "redis.pool.size", "5", "redis.client", "jedis", "threadcount", "32",
        "fieldcount", "1", "fieldnameprefix", "f");
    assertEquals(List.of(new HostAndPort("db.example", 7000)), o.endpoints());
    assertEquals(SECRET, o.auth().password());
    assertEquals(3, o.database());
    assertEquals(30000, o.timeoutMillis());
    assertTrue(o.tls().enabled());
    assertEquals(ca, o.tls().ca());
    assertEquals(cert, o.tls().cert());
    assertEquals(key, o.tls().key());
    assertEquals(CommandGroup.HASH, o.commandGroup());
    assertEquals(ScanMode.INDEX, o.scan());
    assertEquals(5, o.poolSize());
    assertEquals(1, o.fieldCount());
    assertEquals("f0", o.fieldName(0));
  }

  @Test
  void poolSizeDefaultsToThreadCount() {
    assertEquals(32, parse("threadcount", "32").poolSize());
  }

  @Test
  void seedListTakesPortsPerEntryAndRedisPortOtherwise() {
    RedisOptions o = parse("redis.host", "10.0.0.1:7001, node2 ,[::1]:7003,[fe80::1],::2", "redis.port", "7000",
        "redis.cluster", "true");
    assertEquals(List.of(new HostAndPort("10.0.0.1", 7001), new HostAndPort("node2", 7000),
        new HostAndPort("::1", 7003), new HostAndPort("fe80::1", 7000), new HostAndPort("::2", 7000)), o.endpoints());
    assertEquals("10.0.0.1:7001,node2:7000,::1:7003,fe80::1:7000,::2:7000", o.endpointsText());
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', value = {
      "redis.port|0|a whole number from 1 to 65535",
      "redis.port|65536|a whole number from 1 to 65535",
      "redis.port|six|a whole number from 1 to 65535",
      "redis.host|a,,b|a host, or host[:port] entries separated by commas (ports from 1 to 65535)",
      "redis.host|redis://h:1|a host, or host[:port] entries separated by commas (ports from 1 to 65535)",
      "redis.host|h:99999|a host, or host[:port] entries separated by commas (ports from 1 to 65535)",
      "redis.host|h:x|a host, or host[:port] entries separated by commas (ports from 1 to 65535)",
      "redis.host|[::1|a host, or host[:port] entries separated by commas (ports from 1 to 65535)",
      "redis.host|:7000|a host, or host[:port] entries separated by commas (ports from 1 to 65535)",
      "redis.database|-1|a whole number from 0 to 2147483647",
      "redis.database|one|a whole number from 0 to 2147483647",
      "redis.timeout|0|a whole number of milliseconds from 1 to 2147483647, or a number with ms, s, m or h",
      "redis.timeout|2d|a whole number of milliseconds from 1 to 2147483647, or a number with ms, s, m or h",
      "redis.timeout|1.5|a whole number of milliseconds from 1 to 2147483647, or a number with ms, s, m or h",
      "redis.backoff.min|2m|a whole number of milliseconds from 1 to 60000, or a number with ms, s, m or h",
      "redis.cluster|yes|true or false",
      "redis.tls|1|true or false",
      "redis.command_group|hmset|one of string, hash",
      "redis.scan|zset|one of none, index",
      "redis.pool.size|0|a whole number from 1 to 2147483647",
      "redis.pool.size|many|a whole number from 1 to 2147483647",
      "threadcount|0|a whole number from 1 to 2147483647",
      "fieldcount|0|a whole number from 1 to 2147483647",
      "redis.client|redisson|one of jedis, lettuce, netty",
      "redis.batch|0|a whole number from 1 to 1000000",
      "redis.batch|ten|a whole number from 1 to 1000000",
      "redis.batch|1_000_001|a whole number from 1 to 1000000",
      "redis.tls.ca|/no/such/ca.pem|the path of a readable file",
      "redis.password.file|/no/such/file|the path of a readable file",
      "redis.password.env|NO_SUCH_VARIABLE|the name of a set, non-empty environment variable",
  })
  void refusesBadValuesNamingPropertyValueAndAllowed(String name, String value, String allowed) {
    String message = failure(name, value);
    assertTrue(message.startsWith("invalid value '" + value + "' for property '" + name + "': allowed " + allowed),
        message);
  }

  @Test
  void numbersTakeSeparatorsAndTimesTakeAUnit() {
    RedisOptions o = parse("redis.timeout", "30s", "redis.backoff.min", "50ms", "redis.backoff.max", "2s",
        "redis.port", "6_380");
    assertEquals(30_000, o.timeoutMillis());
    assertEquals(50, o.backoff().minMillis());
    assertEquals(2000, o.backoff().maxMillis());
    assertEquals(6380, o.endpoints().get(0).getPort());
    assertEquals(2000, parse("redis.timeout", " ").timeoutMillis(), "a blank value is the default");
  }

  @Test
  void refusesUnknownRedisPropertiesListingTheKnownOnes() {
    String message = failure("redis.passwd", "x", "redis.hosts", "y", "redisson.anything", "z");
    assertTrue(message.startsWith("unknown properties 'redis.hosts', 'redis.passwd': allowed "), message);
    for (String known : RedisProperties.PROPERTIES) {
      assertTrue(message.contains(known), message);
    }
  }

  @Test
  void refusesSettingsThatDoNotGoTogether() throws IOException {
    assertEquals("invalid value 'a:6379,b:6379' for property 'redis.host': allowed one host, or a Cluster seed list"
        + " with redis.cluster=true", failure("redis.host", "a,b"));
    assertTrue(failure("redis.cluster", "true", "redis.database", "2").startsWith("invalid value '2' for property"
        + " 'redis.database': allowed 0 with redis.cluster=true (a Redis Cluster has only database 0)"));
    assertTrue(failure("redis.tls.ca", file("ca.pem").toString()).startsWith("invalid value 'false' for property"
        + " 'redis.tls': allowed true when redis.tls.ca"));
    assertTrue(failure("redis.tls", "true", "redis.tls.cert", file("c.pem").toString())
        .endsWith("for property 'redis.tls.cert': allowed only together with redis.tls.key (the client certificate"
            + " and its key)"));
    assertEquals("invalid value 'bench' for property 'redis.user': allowed only with a password (redis.password,"
        + " redis.password.file or redis.password.env)", failure("redis.user", "bench"));
  }

  @Test
  void passwordInUserColonPasswordFormNamesTheUser() {
    RedisOptions o = parse("redis.password", "bench:" + SECRET);
    assertEquals("bench", o.auth().user());
    assertEquals(SECRET, o.auth().password());
  }

  @Test
  void explicitUserKeepsColonsInThePassword() {
    RedisOptions o = parse("redis.user", "bench", "redis.password", "a:b:c");
    assertEquals("bench", o.auth().user());
    assertEquals("a:b:c", o.auth().password());
  }

  @Test
  void leadingColonIsRefusedWithTheRemedy() {
    assertTrue(failure("redis.password", ":" + SECRET).contains("set redis.user too"));
  }

  @Test
  void passwordFileLosesOnlyItsFinalLineBreak() throws IOException {
    Path f = dir.resolve("pw");
    Files.writeString(f, "bench:" + SECRET + " \r\n");
    RedisOptions o = parse("redis.password.file", f.toString());
    assertEquals("bench", o.auth().user());
    assertEquals(SECRET + " ", o.auth().password());
  }

  @Test
  void passwordEnvironmentVariable() {
    RedisOptions o = RedisOptions.fromProperties(props("redis.password.env", "REDIS_PW"),
        Map.of("REDIS_PW", SECRET)::get);
    assertNull(o.auth().user());
    assertEquals(SECRET, o.auth().password());
  }

  @Test
  void emptyPasswordMeansNone() {
    assertNull(parse("redis.password", "").auth().password());
  }

  @Test
  void onlyOnePasswordSource() throws IOException {
    String message = failure("redis.password", SECRET, "redis.password.file", file("pw").toString());
    assertTrue(message.contains("give only one of"), message);
  }

  @Test
  void passwordNeverShows() {
    RedisOptions o = parse("redis.password", "bench:" + SECRET);
    assertFalse(o.toString().contains(SECRET), o.toString());
    assertTrue(o.toString().contains("password=*****"), o.toString());
    assertFalse(failure("redis.port", "x", "redis.password", SECRET).contains(SECRET));
    assertFalse(failure("redis.host", "a,b", "redis.password", SECRET).contains(SECRET));
    assertFalse(failure("redis.password", SECRET, "redis.password.env", "X").contains(SECRET));
    assertFalse(failure("redis.password", ":" + SECRET).contains(SECRET));
  }

  @Test
  void equalOptionsShareAPoolKeyAndPasswordsTellThemApart() {
    assertEquals(parse("redis.port", "7000"), parse("redis.port", "7000"));
    assertEquals(parse("redis.port", "7000").hashCode(), parse("redis.port", "7000").hashCode());
    assertNotEquals(parse("redis.password", "a"), parse("redis.password", "b"));
    assertNotEquals(parse("fieldcount", "1"), parse("fieldcount", "2"));
  }

  @Test
  void theConstructorChecksLikeProperties() {
    RedisOptions o = parse("redis.host", "localhost", "redis.port", "7000");
    assertEquals("localhost:7000", o.endpointsText());
    PropertyException e = assertThrows(PropertyException.class, () -> new RedisOptions(o.endpoints(), o.auth(),
        o.database(), o.timeoutMillis(), o.cluster(), o.tls(), o.commandGroup(), o.scan(), 0, o.fieldCount(),
        o.fieldNamePrefix(), o.client(), o.batch(), o.asyncEngine(), o.threadCount(), o.connections(),
        o.eventLoopThreads(), o.backoff(), o.replicas(), o.sentinels(), o.durability()));
    assertTrue(e.getMessage().contains("redis.pool.size"), e.getMessage());
  }

  @Test
  void clientAndBatch() {
    assertEquals(ClientLibrary.JEDIS, parse().client());
    assertEquals(1, parse().batch());
    RedisOptions lettuce = parse("redis.client", "Lettuce");
    assertEquals(ClientLibrary.LETTUCE, lettuce.client());
    assertEquals(100, parse("redis.batch", "100", "runner.engine", "async").batch());
    // unset on the async engine: Jedis pipelines hold what is in flight, sent when the engine waits
    assertEquals(32, parse("runner.engine", "async", "threadcount", "32", "redis.client", "jedis").batch());
    // the default client: on the async engine (or before the runner chose one) the binding's own
    // on a standalone server, Lettuce for a Cluster, TLS and command templates; Jedis on sync, for
    // the Jedis pipelines and for the scan index
    assertEquals(ClientLibrary.NETTY, parse("runner.engine", "async").client());
    assertEquals(ClientLibrary.NETTY, parse("runner.engine", "auto").client());
    assertEquals(ClientLibrary.LETTUCE, parse("runner.engine", "async", "redis.cluster", "true").client());
    assertEquals(ClientLibrary.LETTUCE, parse("runner.engine", "async", "redis.tls", "true").client());
    assertEquals(ClientLibrary.LETTUCE, parse("runner.engine", "async",
        "workload", "io.github.ycsbtiers.runner.workload.template.TemplateWorkload").client());
    assertEquals(ClientLibrary.NETTY, parse("runner.engine", "sync", "redis.client", "netty").client());
    assertEquals("invalid value 'netty' for property 'redis.client': allowed lettuce or jedis with redis.cluster=true,"
        + " which asks for a Cluster (netty, the binding's own client, speaks to one standalone server without TLS)",
        failure("runner.engine", "async", "redis.client", "netty", "redis.cluster", "true"));
    assertTrue(failure("runner.engine", "async", "redis.client", "netty", "workload",
        "io.github.ycsbtiers.runner.workload.template.TemplateWorkload")
        .startsWith("invalid value 'netty' for property 'redis.client': allowed lettuce or jedis with workload="));
    assertEquals(ClientLibrary.JEDIS, parse("runner.engine", "sync").client());
    assertEquals(ClientLibrary.JEDIS, parse("runner.engine", "async", "redis.batch", "10").client());
    assertEquals(ClientLibrary.JEDIS, parse("runner.engine", "auto", "redis.scan", "index").client());
    assertEquals(1, parse("runner.engine", "async", "threadcount", "32", "redis.client", "lettuce").batch());
    assertEquals(1, parse("runner.engine", "sync", "threadcount", "32").batch());
    assertTrue(failure("redis.batch", "100").startsWith("invalid value '100' for property 'redis.batch': allowed 1"
        + " unless runner.engine=async"));
    assertTrue(failure("redis.batch", "100", "runner.engine", "async", "redis.client", "lettuce")
        .startsWith("invalid value '100' for property 'redis.batch': allowed 1 unless redis.client=jedis"));
    assertEquals("invalid value 'index' for property 'redis.scan': allowed none unless redis.client=jedis (the scan"
        + " index is implemented for Jedis only)", failure("redis.scan", "index", "redis.client", "lettuce"));
    assertTrue(lettuce.toString().contains("client=lettuce, batch=1"), lettuce.toString());
  }

  @Test
  void connectionsAndEventLoops() {
    RedisOptions perClient = parse("runner.engine", "async", "threadcount", "32", "runner.engine.threads", "2");
    assertEquals(32, perClient.connections());
    assertEquals(2, perClient.eventLoopThreads());
    RedisOptions shared = parse("runner.engine", "async", "threadcount", "32", "runner.engine.threads", "4",
        "redis.connections", "2");
    assertEquals(2, shared.connections());
    assertEquals(2, shared.eventLoopThreads(), "no more event loops than connections");
    assertEquals(8, parse("runner.engine", "async", "threadcount", "8", "redis.connections", "100").connections(),
        "no more connections than clients");
    // Jedis pipelines take one connection per engine thread
    assertEquals(2, parse("runner.engine", "async", "threadcount", "32", "runner.engine.threads", "2",
        "redis.client", "jedis").poolSize());
    assertEquals("invalid value '4' for property 'redis.connections': allowed only with redis.client=lettuce or netty,"
        + " whose connections it sets (redis.client is jedis here; size Jedis' pool with redis.pool.size)",
        failure("runner.engine", "sync", "redis.connections", "4"));
  }

  private Path file(String name) throws IOException {
    return Files.writeString(dir.resolve(name), "x\n");
  }

  private static RedisOptions parse(String... pairs) {
    return RedisOptions.fromProperties(props(pairs), name -> null);
  }

  private static String failure(String... pairs) {
    return assertThrows(PropertyException.class, () -> parse(pairs)).getMessage();
  }

  private static Properties props(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }
}
