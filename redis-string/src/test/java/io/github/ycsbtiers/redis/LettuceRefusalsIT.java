package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefusedWithOneLine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What Lettuce and the binding's own client ({@code netty}) are refused with, in init: each a
 * non-zero exit and one line that says what is wrong (the Jedis twins are in {@link InitFailuresIT},
 * {@link AclIT} and {@link TlsIT}).
 */
class LettuceRefusalsIT {
  private static final List<String> LOAD = args("-P", "workloads/workloada", "-p", "recordcount=10");

  @RegisterExtension
  static final RedisServerExtension plain = RedisServerExtension.standalone();

  @RegisterExtension
  static final RedisServerExtension tls = RedisServerExtension.standalone().withTls();

  @RegisterExtension
  static final RedisServerExtension password = RedisServerExtension.standalone().withPassword("pw-Secret-9");

  @ParameterizedTest
  @ValueSource(strings = {"lettuce", "netty"})
  void refusedPort(String client) throws IOException {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    YcsbProcess.Result r = load(client, "127.0.0.1", closed);
    assertEquals("error: binding init failed: cannot connect to redis at 127.0.0.1:" + closed + ": Connection refused",
        assertRefusedWithOneLine(r, "Connection refused"));
  }

  @Test
  void clusterModeAgainstAStandaloneServer() {
    YcsbProcess.Result r = load("lettuce", plain.host(), plain.port(), "-p", "redis.cluster=true");
    assertRefusedWithOneLine(r, "redis at " + plain.server().hostAndPort() + " is not a Cluster");
  }

  @ParameterizedTest
  @ValueSource(strings = {"lettuce", "netty"})
  void clusterNodeWithoutClusterMode(String client) {
    try (RedisServer node = RedisServer.builder().clusterEnabled(true).start()) {
      YcsbProcess.Result r = load(client, node.host(), node.port());
      assertRefusedWithOneLine(r, "redis at " + node.hostAndPort() + " is a Cluster node: set redis.cluster=true");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"lettuce", "netty"})
  void noPasswordForAServerThatWantsOne(String client) {
    YcsbProcess.Result r = load(client, password.host(), password.port());
    assertRefusedWithOneLine(r, "NOAUTH");
  }

  @Test
  void plainTextToATlsPort() {
    YcsbProcess.Result r = load("lettuce", tls.host(), tls.port());
    assertRefusedWithOneLine(r, "redis at " + tls.server().hostAndPort() + " dropped the connection: Connection reset");
    assertTrue(r.err().contains("(a TLS port? then set redis.tls=true)"), r.err());
  }

  @Test
  void tlsToAPlainServer() {
    YcsbProcess.Result r = load("lettuce", plain.host(), plain.port(), "-p", "redis.tls=true", "-p",
        "redis.tls.ca=" + tls.certificates().caCert());
    assertRefusedWithOneLine(r, "TLS handshake with redis at " + plain.server().hostAndPort() + " failed");
  }

  private static YcsbProcess.Result load(String client, String host, int port, String... more) {
    List<String> target = new ArrayList<>(args("-p", "redis.host=" + host, "-p", "redis.port=" + port,
        "-p", "redis.client=" + client, "-p", "runner.engine=async", "-p", "redis.timeout=3000"));
    target.addAll(args(more));
    return YcsbRuns.ycsb("load", target, LOAD);
  }
}
