package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefused;
import static io.github.ycsbtiers.redis.YcsbRuns.assertRefusedWithOneLine;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Runs that cannot work end before any operation with a non-zero exit and one line saying why;
 * the wrong-password and TLS cases are in {@link AclIT}, {@link ClusterPasswordIT} and {@link TlsIT}.
 */
class InitFailuresIT {
  private static final List<String> LOAD = args("-P", "workloads/workloada", "-p", "recordcount=100");

  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  static int closedPort;

  @BeforeAll
  static void findClosedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = s.getLocalPort();
    }
  }

  @Test
  void unreachablePort() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", args("-p", "redis.host=127.0.0.1", "-p", "redis.port=" + closedPort),
        LOAD);
    assertEquals("error: binding init failed: cannot connect to redis at 127.0.0.1:" + closedPort
        + ": Connection refused", assertRefusedWithOneLine(r, "Connection refused"));
  }

  @Test
  void everyThreadSaysTheSame() {
    YcsbProcess.Result r = YcsbRuns.ycsb("run", args("-p", "redis.port=" + closedPort, "-threads", "8"), LOAD);
    assertRefused(r, "cannot connect to redis at 127.0.0.1:" + closedPort + ": Connection refused");
  }

  @Test
  void clusterModeAgainstAStandaloneServer() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", args("-p", "redis.host=" + redis.server().hostAndPort(),
        "-p", "redis.cluster=true"), LOAD);
    assertRefusedWithOneLine(r, "redis at " + redis.server().hostAndPort() + " is not a Cluster: ERR This instance "
        + "has cluster support disabled (unset redis.cluster)");
  }

  @Test
  void badValueIsRefusedBeforeConnecting() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", args("-p", "redis.port=" + closedPort,
        "-p", "redis.command_group=hmset"), LOAD);
    assertRefusedWithOneLine(r, "invalid value 'hmset' for property 'redis.command_group': allowed one of string, hash");
  }

  @Test
  void misspelledPropertyIsRefusedWithTheKnownNames() {
    YcsbProcess.Result r = YcsbRuns.ycsb("load", args("-p", "redis.host=" + redis.host(), "-p",
        "redis.port=" + redis.port(), "-p", "redis.timout=30000"), LOAD);
    assertRefusedWithOneLine(r, "unknown property 'redis.timout': allowed the redis-string binding's "
        + "redis.backoff.max, redis.backoff.min, redis.batch, redis.client, redis.cluster, redis.command_group");
  }
}
