package io.github.ycsbtiers.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Free loopback ports. A port is only free when we probe it; start-up retries on another port when
 * redis-server then reports the address in use.
 */
final class Ports {
  /** Redis Cluster's bus listens on the client port + 10000. */
  static final int CLUSTER_BUS_OFFSET = 10000;
  private static final int MAX_PORT = 65535;

  private Ports() {
  }

  static int freePort() {
    try (ServerSocket socket = bind(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port on 127.0.0.1", e);
    }
  }

  /** A port whose cluster bus port (port + 10000) is free too. */
  static int freeClusterPort() {
    for (int attempt = 0; attempt < 100; attempt++) {
      try (ServerSocket client = bind(0)) {
        int port = client.getLocalPort();
        if (port + CLUSTER_BUS_OFFSET > MAX_PORT) {
          continue;
        }
        try (ServerSocket bus = bind(port + CLUSTER_BUS_OFFSET)) {
          return port;
        } catch (IOException busTaken) {
          // try another pair
        }
      } catch (IOException e) {
        throw new UncheckedIOException("no free port on 127.0.0.1", e);
      }
    }
    throw new IllegalStateException("no free pair of ports p and p+" + CLUSTER_BUS_OFFSET + " on 127.0.0.1");
  }

  private static ServerSocket bind(int port) throws IOException {
    ServerSocket socket = new ServerSocket();
    try {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return socket;
    } catch (IOException e) {
      socket.close();
      throw e;
    }
  }
}
