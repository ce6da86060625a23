package io.github.ycsbtiers.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A redis-server in a namespace of its own: reached over the veth pair; a cut drops packets (an
 * open connection's reply and a new connection's SYN both go unanswered: no reset, no refusal)
 * until it is healed; the namespace and its link are gone after close, and after a JVM that never
 * closed it exits.
 */
class NetworkNamespaceIT {

  @Test
  void aCutIsSilenceUntilHealed() throws Exception {
    String name;
    try (NetworkNamespace ns = NetworkNamespace.create();
         RedisServer server = RedisServer.builder().inNamespace(ns).start()) {
      name = ns.name();
      assertEquals(ns.address(), server.host());
      assertTrue(ns.address().startsWith("10.231."), ns.address());
      assertEquals("PONG", server.cli("PING"));
      try (Socket open = connect(server, 2000)) {
        assertEquals("+PONG", ping(open));
        ns.cut();
        open.setSoTimeout(1000);
        assertThrows(SocketTimeoutException.class, () -> ping(open), "a reply came through the cut");
        assertThrows(SocketTimeoutException.class, () -> connect(server, 1000).close(),
            "a new connection was answered (or refused) through the cut");
        ns.heal();
        open.setSoTimeout(10_000);
        // the PING sent during the cut is retransmitted and answered, then this one
        assertEquals("+PONG", readLine(open.getInputStream()));
        assertEquals("+PONG", ping(open));
      }
      assertEquals("PONG", server.cli("PING"));
      assertTrue(NetworkNamespace.exists(name));
      assertTrue(ns.linkExists());
    }
    assertFalse(NetworkNamespace.exists(name), name + " survived close()");
  }

  @Test
  void jvmExitDeletesAnUnclosedNamespace() {
    String java = ProcessHandle.current().info().command().orElse("java");
    CliResult child = Exec.run(List.of(java, "-cp", System.getProperty("java.class.path"),
        AbandonedNamespace.class.getName()), null, Duration.ofSeconds(30));
    assertEquals(0, child.status(), child.output());
    String name = child.out().strip();
    assertTrue(name.startsWith("ycsbt"), child.output());
    assertFalse(NetworkNamespace.exists(name), name + " survived its JVM");
  }

  private static Socket connect(RedisServer server, int timeoutMillis) throws IOException {
    Socket s = new Socket();
    s.connect(new InetSocketAddress(server.host(), server.port()), timeoutMillis);
    return s;
  }

  private static String ping(Socket s) throws IOException {
    OutputStream out = s.getOutputStream();
    out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
    out.flush();
    return readLine(s.getInputStream());
  }

  private static String readLine(InputStream in) throws IOException {
    StringBuilder line = new StringBuilder();
    int c;
    while ((c = in.read()) != -1 && c != '\n') {
      if (c != '\r') {
        line.append((char) c);
      }
    }
    return line.toString();
  }
}
