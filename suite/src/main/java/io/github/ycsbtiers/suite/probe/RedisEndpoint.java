package io.github.ycsbtiers.suite.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where and how to reach a remote target, from the {@code redis.*} properties the {@code redis}
 * binding reads (the first entry of {@code redis.host}; {@code redis.password} may be
 * {@code user:password}, or come from {@code redis.password.file} or {@code redis.password.env}).
 * A malformed number is an {@link IllegalArgumentException} naming the property.
 */
public record RedisEndpoint(String host, int port, String user, String password, int database,
    boolean tls, int timeoutMillis) {

  public static RedisEndpoint fromProperties(Map<String, String> p) {
    String hosts = p.getOrDefault("redis.host", "127.0.0.1");
    String first = hosts.split(",")[0].trim();
    int port = number(p, "redis.port", "6379");
    String host = first;
    if (first.startsWith("[")) {
      int close = first.indexOf(']');
      host = first.substring(1, close);
      if (first.length() > close + 2 && first.charAt(close + 1) == ':') {
        port = number(Map.of("redis.host", first.substring(close + 2)), "redis.host", "0");
      }
    } else if (first.indexOf(':') > 0 && first.indexOf(':') == first.lastIndexOf(':')) {
      host = first.substring(0, first.indexOf(':'));
      port = number(Map.of("redis.host", first.substring(first.indexOf(':') + 1)), "redis.host", "0");
    }
    String user = p.get("redis.user");
    String password = password(p);
    if (password != null && user == null && password.indexOf(':') > 0) {
      user = password.substring(0, password.indexOf(':'));
      password = password.substring(password.indexOf(':') + 1);
    }
    return new RedisEndpoint(host, port, user, password, number(p, "redis.database", "0"),
        Boolean.parseBoolean(p.getOrDefault("redis.tls", "false")), number(p, "redis.timeout", "2000"));
  }

  private static String password(Map<String, String> p) {
    if (p.containsKey("redis.password")) {
      return p.get("redis.password");
    }
    if (p.containsKey("redis.password.env")) {
      String value = System.getenv(p.get("redis.password.env"));
      if (value == null) {
        throw new IllegalArgumentException("redis.password.env=" + p.get("redis.password.env")
            + ": no such environment variable");
      }
      return value;
    }
    if (p.containsKey("redis.password.file")) {
      try {
        String value = Files.readString(Path.of(p.get("redis.password.file")), StandardCharsets.UTF_8);
        return value.endsWith("\r\n") ? value.substring(0, value.length() - 2)
            : value.endsWith("\n") ? value.substring(0, value.length() - 1) : value;
      } catch (IOException e) {
        throw new IllegalArgumentException("redis.password.file=" + p.get("redis.password.file") + ": cannot read: "
            + e.getMessage(), e);
      }
    }
    return null;
  }

  private static int number(Map<String, String> p, String name, String fallback) {
    String value = p.getOrDefault(name, fallback);
    try {
      return Integer.parseInt(value.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + "=" + value + ": not a whole number", e);
    }
  }

  /** The same credentials and settings for another node. */
  public RedisEndpoint at(String otherHost, int otherPort) {
    return new RedisEndpoint(otherHost, otherPort, user, password, database, tls, timeoutMillis);
  }

  @Override
  public String toString() {
    return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }
}
