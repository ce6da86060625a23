package io.github.ycsbtiers.testing;

/** Child-JVM program for {@link ShutdownHookIT}: starts a server, prints its pid and exits without close(). */
public final class AbandonedServer {
  private AbandonedServer() {
  }

  public static void main(String[] args) {
    RedisServer server = RedisServer.start();
    System.out.println(server.pid() + " " + server.dir());
    System.out.flush();
    System.exit(0);
  }
}
