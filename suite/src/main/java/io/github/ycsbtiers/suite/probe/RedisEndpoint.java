package io.github.ycsbtiers.suite.probe;

import io.github.ycsbtiers.api.PropertyException;
import io.github.ycsbtiers.api.PropertyReader;
import io.github.ycsbtiers.api.PropertyValues;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Where and how to reach a remote target, from the {@code redis.*} properties the {@code redis}
 * binding reads (the first entry of {@code redis.host}; {@code redis.password} may be
 * {@code user:password}, or come from {@code redis.password.file} or {@code redis.password.env}).
 * Numbers, booleans and the timeout are read as the binding reads them (one
 * {@link PropertyReader}; a blank value is unset); a malformed one is a {@link PropertyException}.
 */
public record RedisEndpoint(String host, int port, String user, String password, int database,
    boolean tls, int timeoutMillis) {

  public static RedisEndpoint fromProperties(Map<String, String> p) {
    Properties props = new Properties();
    props.putAll(p);
    PropertyReader r = PropertyReader.blankAsUnset(props);
    String hosts = r.string("redis.host", "127.0.0.1");
    String first = hosts.split(",")[0].trim();
    int port = r.intValue("redis.port", 6379, 1, 65535);
    String host = first;
    if (first.startsWith("[")) {
      int close = first.indexOf(']');
      host = first.substring(1, close);
      if (first.length() > close + 2 && first.charAt(close + 1) == ':') {
        port = port(hosts, first.substring(close + 2));
      }
    } else if (first.indexOf(':') > 0 && first.indexOf(':') == first.lastIndexOf(':')) {
      host = first.substring(0, first.indexOf(':'));
      port = port(hosts, first.substring(first.indexOf(':') + 1));
    }
    String user = p.get("redis.user");
    String password = password(p);
    if (password != null && user == null && password.indexOf(':') > 0) {
      user = password.substring(0, password.indexOf(':'));
      password = password.substring(password.indexOf(':') + 1);
    }
    return new RedisEndpoint(host, port, user, password, r.intValue("redis.database", 0, 0, Integer.MAX_VALUE),
        r.bool("redis.tls", false), (int) r.duration("redis.timeout", 2000, TimeUnit.MILLISECONDS, 1,
        Integer.MAX_VALUE));
  }

  private static String password(Map<String, String> p) {
    if (p.containsKey("redis.password")) {
      return p.get("redis.password");
    }
    if (p.containsKey("redis.password.env")) {
      String value = System.getenv(p.get("redis.password.env"));
      if (value == null) {
        throw PropertyException.badValue("redis.password.env", p.get("redis.password.env"),
            "the name of a set environment variable");
      }
      return value;
    }
    if (p.containsKey("redis.password.file")) {
      try {
        String value = Files.readString(Path.of(p.get("redis.password.file")), StandardCharsets.UTF_8);
        return value.endsWith("\r\n") ? value.substring(0, value.length() - 2)
            : value.endsWith("\n") ? value.substring(0, value.length() - 1) : value;
      } catch (IOException e) {
        throw new PropertyException(PropertyException.message("redis.password.file", p.get("redis.password.file"),
            "a readable file (" + e.getMessage() + ")"), e);
      }
    }
    return null;
  }

  private static int port(String hosts, String port) {
    long n = PropertyValues.wholeNumber(port).orElse(0);
    if (n < 1 || n > 65535) {
      throw PropertyException.badValue("redis.host", hosts, "a host, or host[:port] entries separated by commas"
          + " (ports from 1 to 65535)");
    }
    return (int) n;
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
