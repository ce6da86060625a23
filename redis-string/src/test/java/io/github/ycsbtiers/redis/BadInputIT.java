package io.github.ycsbtiers.redis;

import static io.github.ycsbtiers.redis.YcsbRuns.args;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.ycsbtiers.testing.YcsbProcess;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Malformed values through {@code bin/ycsb}, as a user gives them, pointed at a port whose
 * listener counts connections: exit 2, one line naming the property and the value, no connection
 * opened, no file written. The whole table is {@link BadInputTableTest} (binding) and the
 * runner's {@code BadInputTableTest}.
 */
class BadInputIT {
  private static ServerSocket listener;
  private static final AtomicInteger ACCEPTED = new AtomicInteger();
  private static Thread acceptor;

  @TempDir
  Path dir;

  @BeforeAll
  static void listen() throws IOException {
    listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    acceptor = new Thread(() -> {
      while (!listener.isClosed()) {
        try {
          Socket s = listener.accept();
          ACCEPTED.incrementAndGet();
          s.close();
        } catch (IOException e) {
          return;
        }
      }
    }, "connection-counter");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  @AfterAll
  static void close() throws Exception {
    listener.close();
    acceptor.join(5000);
  }

  @ParameterizedTest(name = "{0}={1} ({2})")
  @CsvSource({
      "redis.timeout, 0, sync",
      "redis.backoff.max, abc, async",
      "redis.password.file, /nonexistent/password, async",
      "redis.batch, 100, sync",
      "redis.client, redisson, async",
      "target, -5, async",
      "hdrhistogram.percentiles, '95,abc', sync"})
  void refusedBeforeAnyConnectionOrFile(String property, String value, String engine) throws IOException {
    int before = ACCEPTED.get();
    YcsbProcess.Result r = YcsbRuns.ycsb("run", args("-p", "redis.host=127.0.0.1", "-p",
        "redis.port=" + listener.getLocalPort(), "-p", "runner.engine=" + engine, "-p",
        "exportfile=" + dir.resolve("report.txt"), "-p", "hdrhistogram.fileoutput=true", "-p",
        "hdrhistogram.output.path=" + dir + "/"), args("-P", "workloads/workloada", "-p", property + "=" + value,
        "-threads", "4"));
    assertEquals(2, r.status(), r.err());
    List<String> errors = r.err().lines().filter(l -> l.startsWith("error:")).collect(Collectors.toList());
    assertEquals(1, errors.size(), r.err());
    assertTrue(errors.get(0).contains(property) && errors.get(0).contains(value.split(",")[0]), errors.get(0));
    assertFalse(r.err().contains("Starting test."), r.err());
    assertEquals(before, ACCEPTED.get(), "connections opened: " + r.err());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals("", files.map(Path::toString).collect(Collectors.joining(", ")), "files written");
    }
  }
}
