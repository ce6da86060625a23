package io.github.ycsbtiers.redis.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.github.ycsbtiers.redis.options.RedisOptions;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.SocketException;
import java.util.Properties;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import site.ycsb.DBException;

/**
 * Exception chains shaped as Jedis 5 throws them, and the one line each becomes, as the runner
 * prints it (the message chain, each message once).
 */
class InitFailuresTest {
  private static final RedisOptions PLAIN = options("redis.port", "7000");

  @Test
  void refusedConnection() {
    JedisConnectionException e = new JedisConnectionException("Failed to connect to any host resolved for DNS name.");
    e.addSuppressed(new ConnectException("Connection refused"));
    assertLine("cannot connect to redis at 127.0.0.1:7000: Connection refused", e, PLAIN);
  }

  @Test
  void wrongPasswordNamesTheUserNotThePassword() {
    RedisOptions o = options("redis.user", "bench", "redis.password", "hunter2", "redis.port", "7000");
    DBException x = assertLine("authentication failed for user bench at 127.0.0.1:7000: WRONGPASS invalid "
        + "username-password pair or user is disabled.", new JedisAccessControlException("WRONGPASS invalid "
        + "username-password pair or user is disabled."), o);
    assertFalse(x.getMessage().contains("hunter2"));
  }

  @Test
  void aUserTakenFromThePasswordIsNotShownEither() {
    // "Secr3t:tail" may be one password with a colon: neither half may reach the output
    RedisOptions o = options("redis.password", "Secr3t:tail", "redis.port", "7000");
    DBException x = assertLine("authentication failed for user (the user named in redis.password) at "
        + "127.0.0.1:7000: WRONGPASS invalid username-password pair or user is disabled.",
        new JedisAccessControlException("WRONGPASS invalid username-password pair or user is disabled."), o);
    assertFalse(x.getMessage().contains("Secr3t") || x.getMessage().contains("tail"), x.getMessage());
    assertFalse(o.toString().contains("Secr3t") || o.toString().contains("tail"), o.toString());
  }

  @Test
  void missingPassword() {
    assertLine("authentication failed for user default at 127.0.0.1:7000: NOAUTH Authentication required.",
        new JedisDataException("NOAUTH Authentication required."), PLAIN);
  }

  @Test
  void clusterModeAgainstAStandaloneServer() {
    JedisClusterOperationException e = new JedisClusterOperationException("Could not initialize cluster slots cache.");
    e.addSuppressed(new JedisDataException("ERR This instance has cluster support disabled"));
    assertLine("redis at 127.0.0.1:7000 is not a Cluster: ERR This instance has cluster support disabled "
        + "(unset redis.cluster)", e, options("redis.port", "7000", "redis.cluster", "true"));
  }

  @Test
  void clusterNodeWithoutSlots() {
    assertLine("redis at 127.0.0.1:7000 gave no usable Cluster slot map: Could not initialize cluster slots cache. "
        + "(is the Cluster created, with every slot assigned?)",
        new JedisClusterOperationException("Could not initialize cluster slots cache."),
        options("redis.port", "7000", "redis.cluster", "true"));
  }

  @Test
  void untrustedServerCertificateGivesTheRootReason() {
    SSLHandshakeException handshake = new SSLHandshakeException("PKIX path building failed: ...");
    handshake.initCause(new Exception("unable to find valid certification path to requested target"));
    assertLine("TLS handshake with redis at 127.0.0.1:7000 failed: unable to find valid certification path to "
        + "requested target", new JedisConnectionException(handshake), tls());
  }

  @Test
  void plainTextClientOnATlsPort() {
    assertLine("redis at 127.0.0.1:7000 dropped the connection: Connection reset (a TLS port? then set "
        + "redis.tls=true)", new JedisConnectionException(new SocketException("Connection reset")), PLAIN);
  }

  @Test
  void otherServerErrorsDuringSetUp() {
    assertLine("redis at 127.0.0.1:7000 refused the connection set-up: ERR DB index is out of range",
        new JedisDataException("ERR DB index is out of range"), PLAIN);
  }

  @Test
  void anythingElseGivesTheRootCause() {
    assertLine("cannot connect to redis at 127.0.0.1:7000: odd", new IllegalStateException("wrapped",
        new IllegalStateException("odd")), PLAIN);
  }

  @Test
  void keepsTheOriginalExceptionAsSuppressed() {
    JedisConnectionException original = new JedisConnectionException(new EOFException("eof"));
    DBException x = InitFailures.describe(original, PLAIN);
    assertSame(original, x.getSuppressed()[0]);
  }

  private static DBException assertLine(String expected, RuntimeException e, RedisOptions o) {
    DBException x = InitFailures.describe(e, o);
    assertEquals(expected, x.getMessage());
    assertEquals(expected, asTheRunnerPrintsIt(x));
    return x;
  }

  /** The runner's FailureLog.describe: messages down the cause chain until one repeats. */
  private static String asTheRunnerPrintsIt(Throwable e) {
    StringBuilder sb = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      String msg = t.getMessage() == null ? t.getClass().getName() : t.getMessage();
      if (sb.indexOf(msg) >= 0) {
        break;
      }
      sb.append(sb.length() > 0 ? ": " : "").append(msg);
    }
    return sb.toString();
  }

  private static RedisOptions tls() {
    return options("redis.port", "7000", "redis.tls", "true");
  }

  private static RedisOptions options(String... pairs) {
    Properties p = new Properties();
    for (int i = 0; i < pairs.length; i += 2) {
      p.setProperty(pairs[i], pairs[i + 1]);
    }
    return RedisOptions.fromProperties(p, name -> null);
  }
}
