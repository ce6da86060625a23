package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@link RespCall} answers as {@code redis-cli -e} does, byte for byte, for every kind of reply
 * (status, integer, bulk, nil, arrays flat, nested and empty, a bulk string of many lines, error
 * replies), with and without a password, and when nothing listens.
 */
class RespCallIT {
  private static final String PASSWORD = "s3cret pass";
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  @RegisterExtension
  static final RedisServerExtension open = RedisServerExtension.standalone();
  @RegisterExtension
  static final RedisServerExtension guarded = RedisServerExtension.standalone().withPassword(PASSWORD);

  private static final List<List<String>> COMMANDS = List.of(
      List.of("PING"), List.of("DBSIZE"), List.of("SET", "k", "v a l"), List.of("GET", "k"), List.of("GET", "none"),
      List.of("LRANGE", "l", "0", "-1"), List.of("LRANGE", "none", "0", "-1"), List.of("HGETALL", "h"), List.of("CONFIG", "GET", "maxmemory"),
      List.of("SCAN", "0", "COUNT", "100"), List.of("INFO", "keyspace"),
      List.of("CLIENT", "INFO"), List.of("CLUSTER", "INFO"), List.of("MEMORY", "DOCTOR"), List.of("CONFIG", "GET", "save"), List.of("INCR", "k"),
      List.of("NOSUCHCOMMAND", "x"), List.of("EXEC"));

  // every command runs twice (redis-cli, then RespCall), so those above change nothing the second would see
  @BeforeAll
  static void fill() {
    for (RedisServer server : List.of(open.server(), guarded.server())) {
      for (int i = 0; i < 20; i++) {
        server.cli("SET", "key" + i, "value " + i);
      }
      server.cli("RPUSH", "l", "a", "", "c");
      server.cli("HSET", "h", "f", "1", "g", "2");
    }
  }

  @Test
  void answersAsRedisCliDoes() {
    assertSameAsRedisCli(open.server(), null, List.of());
  }

  @Test
  void authenticatesWithThePassword() {
    assertSameAsRedisCli(guarded.server(), PASSWORD, List.of("-a", PASSWORD, "--no-auth-warning"));
    CliResult refused = RespCall.run(guarded.host(), guarded.port(), "wrong", TIMEOUT, List.of("PING"));
    assertEquals(1, refused.status(), refused.output());
    assertTrue(refused.err().contains("WRONGPASS"), refused.output());
  }

  @Test
  void nothingListeningIsStatusOne() {
    int port = Ports.freePort();
    CliResult r = RespCall.run(RedisServer.HOST, port, null, TIMEOUT, List.of("PING"));
    assertEquals(1, r.status(), r.output());
    assertTrue(r.err().startsWith("Could not connect to Redis at " + RedisServer.HOST + ":" + port), r.err());
  }

  private static void assertSameAsRedisCli(RedisServer server, String password, List<String> auth) {
    List<String> options = new ArrayList<>(auth);
    options.add("-e");
    for (List<String> command : COMMANDS) {
      CliResult cli = server.tryCli(options, command.toArray(String[]::new));
      CliResult resp = RespCall.run(server.host(), server.port(), password, TIMEOUT, command);
      String what = String.join(" ", command);
      assertEquals(cli.status(), resp.status(), what + ": " + cli.output() + " / " + resp.output());
      if (command.get(0).equals("INFO") || command.get(0).equals("CLIENT")) {
        // figures (the connection's id and port, its age) differ; the layout is what must match
        assertEquals(cli.out().replaceAll("[0-9.]+", "N"), resp.out().replaceAll("[0-9.]+", "N"), what);
      } else {
        assertEquals(cli.out(), resp.out(), what);
      }
      assertEquals(cli.err().strip(), resp.err().strip(), what);
    }
  }
}
