package io.github.ycsbtiers.redis.resp;

import java.util.ArrayList;
import java.util.List;

/**
 * Where and how {@link RespClient} connects: the server, the hand-shake commands sent first on
 * every connection (AUTH, SELECT), the reply timeout and the pauses between reconnection attempts.
 *
 * @param host           server host name or address
 * @param port           server port
 * @param user           ACL user, or null for the default user
 * @param password       password, or null for none
 * @param database       logical database, SELECTed when not 0
 * @param timeoutMillis  a command without a reply after this long fails, and its connection is reopened
 * @param backoffMinMillis first pause before reconnecting after a failed attempt
 * @param backoffMaxMillis longest pause between reconnection attempts (the pause doubles up to it)
 */
public record RespEndpoint(String host, int port, String user, String password, int database, int timeoutMillis,
                           int backoffMinMillis, int backoffMaxMillis) {
  /** The commands every connection sends before any other. */
  List<byte[][]> handshake() {
    List<byte[][]> commands = new ArrayList<>(2);
    if (password != null) {
      commands.add(user != null
          ? new byte[][] {RespWriter.ascii("AUTH"), utf8(user), utf8(password)}
          : new byte[][] {RespWriter.ascii("AUTH"), utf8(password)});
    }
    if (database != 0) {
      commands.add(new byte[][] {RespWriter.ascii("SELECT"), RespWriter.ascii(Integer.toString(database))});
    }
    return commands;
  }

  /** The same settings for another server (a replica of this one). */
  public RespEndpoint at(String otherHost, int otherPort) {
    return new RespEndpoint(otherHost, otherPort, user, password, database, timeoutMillis, backoffMinMillis,
        backoffMaxMillis);
  }

  /** {@code host:port}, bracketed for IPv6, for messages (never the password). */
  public String address() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  @Override
  public String toString() {
    return "RespEndpoint[" + address() + ", user=" + user + ", password=" + (password == null ? "none" : "***")
        + ", database=" + database + ", timeoutMillis=" + timeoutMillis + "]";
  }

  private static byte[] utf8(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }
}
