package io.github.ycsbtiers.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.RedisServer;
import io.github.ycsbtiers.testing.RedisServerExtension;
import io.github.ycsbtiers.testing.SshServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/ycsb-fanout over a real sshd (Debian's openssh-server on a free loopback port, keys made for
 * the test) with two "hosts", 127.0.0.1 and localhost: one client each, results copied back and
 * merged; and an unreachable host stops the run before any client starts.
 */
class FanoutSshIT {
  private static final Duration TIMEOUT = Duration.ofMinutes(4);
  private static SshServer sshd;

  @RegisterExtension
  final RedisServerExtension redis = RedisServerExtension.standalone();

  @TempDir
  Path work;

  @BeforeAll
  static void startSshd() {
    sshd = SshServer.start();
  }

  @AfterAll
  static void stopSshd() {
    if (sshd != null) {
      sshd.close();
    }
  }

  /** A Load of 4,000 records, 2,000 per host: the checks are exact counts, not rates. */
  private List<String> fanout(String hosts, Path results, String... ycsb) {
    List<String> args = new ArrayList<>(List.of("--hosts", hosts, "--ssh-opts", String.join(" ", sshd.sshOptions()),
        "--results", results.toString()));
    args.addAll(List.of(ycsb));
    args.addAll(List.of("-P", "workloads/load", "-p", "redis.host=" + redis.host(), "-p", "redis.port=" + redis.port(),
        "-p", "redis.command_group=string", "-p", "fieldcount=1", "-p", "fieldlength=100", "-p", "recordcount=4000",
        "-threads", "4"));
    return args;
  }

  @Test
  void twoHostsLoadOneKeySpaceAndTheResultsAreMerged() throws Exception {
    RedisServer server = redis.server();
    Path results = work.resolve("results");
    Fanout.Result r = Fanout.run(work, TIMEOUT, fanout("127.0.0.1,localhost", results, "load", "redis"));
    assertEquals(0, r.status(), r.err() + "\nsshd log:\n" + sshd.log());
    assertEquals("4000", server.cli("DBSIZE"));
    assertEquals(Map.of("set", 4_000L), MultiClientLoadIT.dataCommands(server));
    assertTrue(r.out().contains("[INSERT], Operations, 4000\n"), r.out());
    assertTrue(r.out().contains("[INSERT], Return=OK, 4000\n"), r.out());
    for (int i = 0; i < 2; i++) {
      Path client = results.resolve("client-" + i);
      assertTrue(Files.readString(client.resolve("client.properties")).contains("client.index=" + i));
      assertTrue(Files.readString(client.resolve("report.txt")).contains("[INSERT], Operations, 2000\n"));
      assertTrue(Files.isRegularFile(client.resolve("INSERT.hdr")));
    }
  }

  @Test
  void anUnreachableHostFailsBeforeAnyClientStarts() throws Exception {
    RedisServer server = redis.server();
    // sshd listens on 127.0.0.1 only: 127.0.0.2 (loopback too) refuses the connection
    Fanout.Result r = Fanout.run(work, TIMEOUT, fanout("127.0.0.1,127.0.0.2", work.resolve("none"), "load", "redis"));
    assertEquals(2, r.status(), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().startsWith("error: host 127.0.0.2: "), r.err());
    assertEquals("0", server.cli("DBSIZE"));
    assertEquals(Map.of(), MultiClientLoadIT.dataCommands(server), "no client started");
    assertTrue(!Files.exists(work.resolve("none")), "no result directory made");
  }
}
