package io.github.ycsbtiers.redis.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    assertNull(o.user());
    assertNull(o.password());
    assertEquals(0, o.database());
    assertEquals(2000, o.timeoutMillis());
    assertFalse(o.cluster());
    assertFalse(o.tls());
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
    assertEquals(SECRET, o.password());
    assertEquals(3, o.database());
    assertEquals(30000, o.timeoutMillis());
    assertTrue(o.tls());
    assertEquals(ca, o.tlsCa());
    assertEquals(cert, o.tlsCert());
    assertEquals(key, o.tlsKey());
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
      "redis.port|0|an integer from 1 to 65535",
      "redis.port|65536|an integer from 1 to 65535",
      "redis.port|six|an integer from 1 to 65535",
      "redis.host|a,,b|host[:port] entries",
      "redis.host|redis://h:1|host[:port] entries",
      "redis.host|h:99999|host[:port] entries",
      "redis.host|h:x|host[:port] entries",
      "redis.host|[::1|host[:port] entries",
      "redis.host|:7000|host[:port] entries",
      "redis.database|-1|an integer from 0",
      "redis.database|one|an integer from 0",
      "redis.timeout|0|a positive number of milliseconds",
      "redis.timeout|2s|a positive number of milliseconds",
      "redis.cluster|yes|true or false",
      "redis.tls|1|true or false",
      "redis.command_group|hmset|string or hash",
      "redis.scan|zset|none or index",
      "redis.pool.size|0|a positive integer",
      "redis.pool.size|many|a positive integer",
      "threadcount|0|a positive integer",
      "fieldcount|0|a positive integer",
      "redis.client|redisson|jedis, lettuce or netty",
      "redis.batch|0|an integer from 1 to 1000000",
      "redis.batch|ten|an integer from 1 to 1000000",
      "redis.tls.ca|/no/such/ca.pem|the path of a readable file",
      "redis.password.file|/no/such/file|the path of a readable file",
      "redis.password.env|NO_SUCH_VARIABLE|the name of a set, non-empty environment variable",
  })
  void refusesBadValuesNamingPropertyValueAndAllowed(String name, String value, String allowed) {
    String message = failure(name, value);
    assertTrue(message.contains("'" + name + "'"), message);
    assertTrue(message.contains("'" + value + "'"), message);
    assertTrue(message.contains("allowed " + allowed) || message.contains(allowed), message);
  }

  @Test
  void refusesUnknownRedisPropertiesListingTheKnownOnes() {
    String message = failure("redis.passwd", "x", "redis.hosts", "y", "redisson.anything", "z");
    assertTrue(message.startsWith("unknown properties redis.hosts, redis.passwd:"), message);
    for (String known : RedisProperties.PROPERTIES) {
      assertTrue(message.contains(known), message);
    }
  }

  @Test
  void refusesSettingsThatDoNotGoTogether() throws IOException {
    assertTrue(failure("redis.host", "a,b").contains("set redis.cluster=true"));
    assertTrue(failure("redis.cluster", "true", "redis.database", "2").contains("only database 0"));
    assertTrue(failure("redis.tls.ca", file("ca.pem").toString()).contains("set redis.tls=true"));
    assertTrue(failure("redis.tls", "true", "redis.tls.cert", file("c.pem").toString())
        .contains("redis.tls.cert and redis.tls.key go together"));
    assertTrue(failure("redis.user", "bench").contains("redis.user=bench needs a password"));
  }

  @Test
  void passwordInUserColonPasswordFormNamesTheUser() {
    RedisOptions o = parse("redis.password", "bench:" + SECRET);
    assertEquals("bench", o.user());
    assertEquals(SECRET, o.password());
  }

  @Test
  void explicitUserKeepsColonsInThePassword() {
    RedisOptions o = parse("redis.user", "bench", "redis.password", "a:b:c");
    assertEquals("bench", o.user());
    assertEquals("a:b:c", o.password());
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
    assertEquals("bench", o.user());
    assertEquals(SECRET + " ", o.password());
  }

  @Test
  void passwordEnvironmentVariable() {
    RedisOptions o = RedisOptions.fromProperties(props("redis.password.env", "REDIS_PW"),
        Map.of("REDIS_PW", SECRET)::get);
    assertNull(o.user());
    assertEquals(SECRET, o.password());
  }

  @Test
  void emptyPasswordMeansNone() {
    assertNull(parse("redis.password", "").password());
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
  void builderChecksLikeProperties() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RedisOptions.builder().poolSize(0).build());
    assertTrue(e.getMessage().contains("redis.pool.size"), e.getMessage());
    RedisOptions o = RedisOptions.builder().endpoint("localhost", 7000).commandGroup(CommandGroup.HASH).build();
    assertEquals("localhost:7000", o.endpointsText());
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
    assertTrue(failure("runner.engine", "async", "redis.client", "netty", "redis.cluster", "true")
        .contains("redis.client=netty (the binding's own client) speaks to one standalone server without TLS"));
    assertTrue(failure("runner.engine", "async", "redis.client", "netty", "workload",
        "io.github.ycsbtiers.runner.workload.template.TemplateWorkload")
        .contains("redis.client=netty sends record operations only"));
    assertEquals(ClientLibrary.JEDIS, parse("runner.engine", "sync").client());
    assertEquals(ClientLibrary.JEDIS, parse("runner.engine", "async", "redis.batch", "10").client());
    assertEquals(ClientLibrary.JEDIS, parse("runner.engine", "auto", "redis.scan", "index").client());
    assertEquals(1, parse("runner.engine", "async", "threadcount", "32", "redis.client", "lettuce").batch());
    assertEquals(1, parse("runner.engine", "sync", "threadcount", "32").batch());
    assertTrue(failure("redis.batch", "100").contains("redis.batch=100 needs runner.engine=async"));
    assertTrue(failure("redis.batch", "100", "runner.engine", "async", "redis.client", "lettuce")
        .contains("redis.batch=100 pipelines Jedis"));
    assertTrue(failure("redis.scan", "index", "redis.client", "lettuce").contains("redis.client=jedis only"));
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
    assertTrue(failure("runner.engine", "sync", "redis.connections", "4")
        .contains("redis.connections=4 sets Lettuce's connections"));
  }

  private Path file(String name) throws IOException {
    return Files.writeString(dir.resolve(name), "x\n");
  }

  private static RedisOptions parse(String... pairs) {
    return RedisOptions.fromProperties(props(pairs), name -> null);
  }

  private static String failure(String... pairs) {
    return assertThrows(IllegalArgumentException.class, () -> parse(pairs)).getMessage();
  }

  private static Properties props(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return p;
  }
}
