package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class RedisServerIT {
  @RegisterExtension
  static final RedisServerExtension redis = RedisServerExtension.standalone();

  @Test
  void answersPingOnLoopback() {
    RedisServer server = redis.server();
    assertEquals("127.0.0.1", server.host());
    assertEquals("127.0.0.1:" + server.port(), server.hostAndPort());
    assertEquals("PONG", server.cli("PING"));
  }

  @Test
  void countsCommands() {
    RedisServer server = redis.server();
    server.resetStats();
    server.cli("SET", "k", "v");
    server.cli("SET", "k", "w");
    assertEquals("w", server.cli("GET", "k"));
    Map<String, Long> calls = server.commandCalls();
    assertEquals(2L, calls.get("set"));
    assertEquals(1L, calls.get("get"));
    server.resetStats();
    assertFalse(server.commandCalls().containsKey("set"));
  }

  @Test
  void flushAllEmptiesTheServer() {
    RedisServer server = redis.server();
    server.cli("SET", "gone", "soon");
    server.flushAll();
    assertEquals("0", server.cli("DBSIZE"));
  }

  @Test
  void hasNoPersistence() {
    RedisServer server = redis.server();
    assertEquals("save\n", server.cli("CONFIG", "GET", "save"));
    assertEquals("appendonly\nno", server.cli("CONFIG", "GET", "appendonly"));
  }

  @Test
  void cliFailsOnErrorReplies() {
    RedisServer server = redis.server();
    server.cli("SET", "text", "abc");
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> server.cli("INCR", "text"));
    assertTrue(e.getMessage().contains("not an integer"), e.getMessage());
  }

  @Test
  void restartKeepsPortAndReplacesProcess() {
    RedisServer server = redis.server();
    int port = server.port();
    long pid = server.pid();
    server.cli("SET", "volatile", "1");
    server.restart();
    assertEquals(port, server.port());
    assertNotEquals(pid, server.pid());
    assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false));
    assertEquals("PONG", server.cli("PING"));
    assertEquals("", server.cli("GET", "volatile"), "no persistence: data is gone after SIGKILL");
  }

  @Test
  void closeStopsTheProcessAndRemovesItsDir() {
    RedisServer server = RedisServer.start();
    long pid = server.pid();
    Path dir = server.dir();
    assertTrue(Files.exists(server.logFile()));
    server.close();
    Optional<ProcessHandle> handle = ProcessHandle.of(pid);
    assertFalse(handle.map(ProcessHandle::isAlive).orElse(false), "redis-server " + pid + " still alive");
    assertFalse(Files.exists(dir));
    server.close();
  }

  @Test
  void extraConfigIsApplied() {
    try (RedisServer server = RedisServer.builder().config("maxmemory", "64mb").start()) {
      assertEquals(List.of("maxmemory", String.valueOf(64L << 20)), List.of(server.cli("CONFIG", "GET", "maxmemory").split("\n")));
    }
  }

  @Test
  void badConfigFailsWithTheLogTail() {
    IllegalStateException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> RedisServer.builder().config("no-such-directive", "1").start());
    assertTrue(e.getMessage().contains("no-such-directive"), e.getMessage());
  }
}
