package io.github.ycsbtiers.redis.internal;

import io.github.ycsbtiers.redis.options.RedisOptions;
import io.github.ycsbtiers.redis.resp.RespErrorReply;
import io.github.ycsbtiers.redis.options.RedisProperties;
import java.io.EOFException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.function.Predicate;
import javax.net.ssl.SSLException;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import site.ycsb.DBException;

/**
 * Turns what Jedis or Lettuce threw while opening a client into one line that says what is wrong: the host is
 * unreachable, the password is wrong, the TLS handshake failed, the server is not a Cluster. The
 * line ends with the message of the exception that tells, which becomes the cause (so a runner
 * that prints the cause chain prints nothing twice); the original exception is kept as suppressed.
 * No message contains the password.
 */
final class InitFailures {
  private InitFailures() {
  }

  static DBException describe(RuntimeException e, RedisOptions o) {
    String at = " at " + o.endpointsText();
    Throwable t = find(e, InitFailures::isAuthFailure);
    if (t != null) {
      return failure("authentication failed for user " + o.auth().userForMessages() + at, t, e, "");
    }
    t = find(e, x -> x instanceof SSLException);
    if (t != null) {
      return failure("TLS handshake with redis" + at + " failed", rootCause(t), e, "");
    }
    // the server's own reply (Lettuce wraps it in a message that repeats it with the node's URI)
    t = find(e, x -> contains(x, "cluster support disabled") && x.getMessage().startsWith("ERR"));
    t = t != null ? t : find(e, x -> contains(x, "cluster support disabled"));
    if (t != null) {
      return failure("redis" + at + " is not a Cluster", t, e, " (unset " + RedisProperties.CLUSTER + ")");
    }
    t = find(e, x -> x instanceof ConnectException || x instanceof NoRouteToHostException
        || x instanceof UnknownHostException || x instanceof SocketTimeoutException && contains(x, "onnect timed out"));
    if (t != null) {
      return failure("cannot connect to redis" + at, t, e, "");
    }
    t = find(e, x -> x instanceof JedisDataException || x instanceof io.lettuce.core.RedisCommandExecutionException
        || x instanceof RespErrorReply);
    if (t != null) {
      return failure("redis" + at + " refused the connection set-up", t, e, "");
    }
    t = find(e, x -> o.tls().enabled() && contains(x, "Connection initialization timed out"));
    if (t != null) {
      // Lettuce waits for the TLS handshake of a server that does not speak TLS
      return failure("TLS handshake with redis" + at + " failed", t, e,
          " (not a TLS port, or one that wants a client certificate: " + RedisProperties.TLS_CERT + ")");
    }
    t = find(e, x -> x instanceof SocketException || x instanceof SocketTimeoutException || x instanceof EOFException
        || x instanceof JedisConnectionException && x.getCause() == null || isNettyNativeIo(x));
    if (t != null) {
      // the server dropped a connection it had accepted: mostly TLS on one side only
      if (o.tls().enabled() && inTlsCode(t)) {
        return failure("TLS handshake with redis" + at + " failed", t, e,
            " (not a TLS port, or one that wants a client certificate: " + RedisProperties.TLS_CERT + ")");
      }
      return failure("redis" + at + " dropped the connection", t, e,
          o.tls().enabled() ? "" : " (a TLS port? then set " + RedisProperties.TLS + "=true)");
    }
    t = find(e, x -> x instanceof JedisClusterOperationException);
    if (t != null) {
      return failure("redis" + at + " gave no usable Cluster slot map", t, e,
          " (is the Cluster created, with every slot assigned?)");
    }
    return failure("cannot connect to redis" + at, rootCause(e), e, "");
  }

  /**
   * A standalone client pointed at a Cluster node: the node answers only for its own slots (MOVED
   * for the rest), so it would fail most operations. Both clients refuse it with this line.
   */
  static DBException clusterNode(RedisOptions o) {
    return new DBException("redis at " + o.endpointsText() + " is a Cluster node: set " + RedisProperties.CLUSTER
        + "=true");
  }

  private static boolean isAuthFailure(Throwable t) {
    // Lettuce reports the server's refusal as a RedisCommandExecutionException with the same text
    return t instanceof JedisAccessControlException
        || (t instanceof JedisDataException || t instanceof io.lettuce.core.RedisCommandExecutionException
            || t instanceof RespErrorReply)
        && (startsWith(t, "NOAUTH") || startsWith(t, "WRONGPASS"));
  }

  /** {@code summary: cause's message hint}, with {@code cause} as the cause and {@code original} suppressed. */
  private static DBException failure(String summary, Throwable cause, Throwable original, String hint) {
    String message = cause.getMessage() == null || cause.getMessage().isBlank() ? cause.getClass().getSimpleName()
        : cause.getMessage().strip();
    String words = plain(message.replace('\n', ' '));
    if (!words.equals(message)) {
      // the cause's own message would be printed after the line: kept as suppressed only
      DBException x = new DBException(summary + ": " + words + hint);
      x.addSuppressed(cause);
      if (cause != original) {
        x.addSuppressed(original);
      }
      return x;
    }
    DBException x = new DBException(summary + ": " + words + hint, cause);
    if (cause != original) {
      x.addSuppressed(original);
    }
    return x;
  }

  /**
   * The system's words without Netty's native transport wrapping: {@code finishConnect(..) failed
   * with error(-111): Connection refused: /127.0.0.1:6379} says {@code Connection refused}, as
   * Java's own sockets do.
   */
  static String plain(String message) {
    return message.replaceFirst("^\\w+\\(\\.\\.\\) failed with error\\(-?\\d+\\): ", "")
        .replaceFirst(": /[\\w.:%\\[\\]-]*:\\d+$", "");
  }

  /** The first throwable, depth first over causes and suppressed exceptions, that matches. */
  private static Throwable find(Throwable top, Predicate<Throwable> test) {
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Throwable> todo = new ArrayDeque<>();
    todo.push(top);
    while (!todo.isEmpty()) {
      Throwable t = todo.pop();
      if (!seen.add(t)) {
        continue;
      }
      if (test.test(t)) {
        return t;
      }
      Throwable[] suppressed = t.getSuppressed();
      for (int i = suppressed.length - 1; i >= 0; i--) {
        todo.push(suppressed[i]);
      }
      if (t.getCause() != null) {
        todo.push(t.getCause());
      }
    }
    return null;
  }

  /** Netty's native transport (Lettuce on epoll) reports a reset connection as its own IOException. */
  private static boolean isNettyNativeIo(Throwable t) {
    return t instanceof java.io.IOException && t.getClass().getName().startsWith("io.netty.channel.unix.Errors");
  }

  private static boolean inTlsCode(Throwable t) {
    for (StackTraceElement frame : t.getStackTrace()) {
      if (frame.getClassName().startsWith("sun.security.ssl.") || frame.getClassName().startsWith("javax.net.ssl.")) {
        return true;
      }
    }
    return false;
  }

  private static Throwable rootCause(Throwable t) {
    Throwable r = t;
    while (r.getCause() != null && r.getCause() != r) {
      r = r.getCause();
    }
    return r;
  }

  private static boolean startsWith(Throwable t, String prefix) {
    return t.getMessage() != null && t.getMessage().startsWith(prefix);
  }

  private static boolean contains(Throwable t, String text) {
    return t.getMessage() != null && t.getMessage().contains(text);
  }
}
